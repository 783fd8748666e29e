import { goParseInt } from './go-strconv.js';

/** A time as seconds and nanoseconds since the epoch (Go's time.Unix(seconds, nanos) normalizes nanos outside a second). */
export interface UnixTime {
  readonly seconds: bigint;
  readonly nanos: bigint;
}

/** The time in nanoseconds since the epoch. */
export const totalNanos = (time: UnixTime): bigint => time.seconds * 1_000_000_000n + time.nanos;

/**
 * moby's timetypes.ParseTimestamps: "" is `defaultSeconds`; else seconds, and after the first "."
 * nanoseconds, each read by strconv.ParseInt (its error is the answer), the fraction scaled to nine
 * digits as Go scales it, through a float64.
 */
export function parseTimestamps(value: string, defaultSeconds: bigint): UnixTime | { readonly error: string } {
  if (value === '') return { seconds: defaultSeconds, nanos: 0n };
  const dot = value.indexOf('.');
  const seconds = goParseInt(dot < 0 ? value : value.slice(0, dot));
  if ('error' in seconds) return seconds;
  if (dot < 0) return { seconds: seconds.value, nanos: 0n };
  const fraction = value.slice(dot + 1);
  const nanos = goParseInt(fraction);
  if ('error' in nanos) return nanos;
  return { seconds: seconds.value, nanos: BigInt(Math.trunc(Number(nanos.value) * 10 ** (9 - fraction.length))) };
}
