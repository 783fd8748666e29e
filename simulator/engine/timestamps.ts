import { quoteChar } from './go-json.js';
import { goNumErrorReason, goParseInt, goQuote } from './go-strconv.js';
import { goParseDuration, goParseTime } from './go-time.js';

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

/** The daemon's zone, east of UTC in seconds (Go's FixedZone(reference.Zone()), which GetTimestamp reads a date without one in). */
export const localOffsetSeconds = (): number => -new Date().getTimezoneOffset() * 60;

const RFC3339_NANO_LOCAL = '2006-01-02T15:04:05.999999999';
const RFC3339_NANO = '2006-01-02T15:04:05.999999999Z07:00';

/** The layout moby's GetTimestamp picks for a value: with a zone or not, by its "." and "T" and the colons after it. */
function layoutOf(value: string, inLocation: boolean): string {
  if (value.includes('.')) return inLocation ? RFC3339_NANO_LOCAL : RFC3339_NANO;
  if (value.includes('T')) {
    let colons = value.split(':').length - 1;
    if (!inLocation && !/[zZ]/.test(value) && colons > 0) colons--;
    const time = ['15', '15:04', '15:04:05'][Math.min(colons, 2)]!;
    return `2006-01-02T${time}${inLocation ? '' : 'Z07:00'}`;
  }
  return inLocation ? '2006-01-02' : '2006-01-02Z07:00';
}

/** Go's zero time (0001-01-01T00:00:00Z) in seconds since the epoch (Go's unixToInternal, negated), and in nanoseconds. */
const GO_ZERO_SECONDS = -62_135_596_800n;
export const GO_ZERO_TIME = GO_ZERO_SECONDS * 1_000_000_000n;

/**
 * The time Go's time.Unix makes of a Unix time (nanoseconds since the epoch): it keeps the seconds
 * since year 1 in an int64, so beyond 2^63 - 1 - 62135596800 they wrap to before year 1. Observed on
 * 26.1.5, 28.5.2 and 29.7.2 (2026-12-06): an image list with until=9223372036854775807 lists nothing.
 */
export function goUnixTime(nanos: bigint): bigint {
  const seconds = floorSeconds(nanos);
  const sinceYearOne = BigInt.asIntN(64, seconds - GO_ZERO_SECONDS);
  return (sinceYearOne + GO_ZERO_SECONDS) * 1_000_000_000n + (nanos - seconds * 1_000_000_000n);
}

/** Go's Time.Unix(): whole seconds since the epoch, rounded down (also before it). */
const floorSeconds = (nanos: bigint): bigint => (nanos >= 0n ? nanos / 1_000_000_000n : -((-nanos + 999_999_999n) / 1_000_000_000n));

/** Go's "%d.%09d" of a time's Unix seconds and nanoseconds. */
function unixText(nanos: bigint): string {
  const seconds = floorSeconds(nanos);
  return `${seconds}.${String(nanos - seconds * 1_000_000_000n).padStart(9, '0')}`;
}

/**
 * moby's timetypes.GetTimestamp: a Go duration before `now` (whole seconds), an RFC 3339-like date
 * (in the daemon's zone without one of its own), or a Unix timestamp passed on as it is; the text
 * ParseTimestamps then reads, or the error: Go's time.Parse words for a value with "-", else
 * "failed to parse value as time or duration". `olderGo`: 20.10's (go-time.ts).
 */
export function getTimestamp(value: string, now: bigint, offsetSeconds: number, olderGo = false): { readonly text: string } | { readonly error: string } {
  const duration = goParseDuration(value);
  if (value !== '0' && duration !== null) {
    return { text: String(floorSeconds(now - duration)) };
  }
  const inLocation = !/[zZ+]/.test(value) && value.split('-').length - 1 !== 3;
  const parsed = goParseTime(layoutOf(value, inLocation), value, offsetSeconds, olderGo);
  if ('nanos' in parsed) return { text: unixText(parsed.nanos) };
  if (value.includes('-')) return parsed;
  if ('error' in parseTimestamps(value, 0n) || value === '') return { error: `failed to parse value as time or duration: ${goQuote(value)}` };
  return { text: value };
}

/**
 * The first release that reads its times with moby's daemon/internal/timestamp Parse and
 * ParseUnixTimestamp (docker-v29.4.0; observed on 29.7.2) instead of GetTimestamp then
 * ParseTimestamps: seconds and nanoseconds checked apart, the nanoseconds as digits, not a float.
 */
export const STRICT_TIMESTAMPS_FROM = '29.4';

/** Go's unicode.IsSpace, for strings.TrimSpace. */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/**
 * moby 29.4's parseTimestamp: "seconds" or "seconds.nanoseconds", the seconds by strconv.ParseInt
 * (its bare reason in the error), the nanoseconds at most 20 digits, cut or padded to nine.
 */
function parseUnixSeconds(value: string): UnixTime | { readonly error: string } {
  const dot = value.indexOf('.');
  const secondsText = dot < 0 ? value : value.slice(0, dot);
  const seconds = goParseInt(secondsText);
  if ('error' in seconds) return { error: `invalid seconds ${goQuote(secondsText)}: ${goNumErrorReason(seconds.error)}` };
  const fraction = dot < 0 ? '' : value.slice(dot + 1);
  if (fraction === '' || fraction === '000000000' || fraction === '0') return { seconds: seconds.value, nanos: 0n };
  const bytes = Buffer.from(fraction, 'utf8');
  if (bytes.length > 20) return { error: `invalid nanoseconds: length ${bytes.length} exceeds maximum 20` };
  const bad = bytes.findIndex((byte) => byte < 0x30 || byte > 0x39);
  if (bad >= 0) return { error: `invalid nanoseconds: invalid character ${quoteChar(bytes[bad]!)} at position ${bad}` };
  return { seconds: seconds.value, nanos: BigInt(fraction.slice(0, 9).padEnd(9, '0')) };
}

/** moby 29.4's ParseUnixTimestamp: "" is no time (null), else the time or the error in its words. */
export function parseUnixTimestamp(value: string): UnixTime | null | { readonly error: string } {
  if (value === '') return null;
  const parsed = parseUnixSeconds(value);
  return 'error' in parsed ? { error: `invalid timestamp ${goQuote(value)}: ${parsed.error}` } : parsed;
}

/**
 * moby 29.4's timestamp.Parse: a Go duration before `now`, an RFC 3339-like date (in the daemon's
 * zone without one of its own), or a Unix timestamp; the time in nanoseconds, or the error: Go's
 * time.Parse words for a value with "-", else "failed to parse value as time or duration: …".
 */
export function parseTime(value: string, now: bigint, offsetSeconds: number): { readonly nanos: bigint } | { readonly error: string } {
  if (GO_SPACE.test(value)) return { error: 'failed to parse value as time or duration: value is empty' };
  const duration = goParseDuration(value);
  if (value !== '0' && duration !== null) return { nanos: now - duration };
  const inLocation = !/[zZ+]/.test(value) && value.split('-').length - 1 !== 3;
  const parsed = goParseTime(layoutOf(value, inLocation), value, offsetSeconds, false);
  if ('nanos' in parsed) return parsed;
  if (value.includes('-')) return parsed;
  const unix = parseUnixSeconds(value);
  return 'error' in unix ? { error: `failed to parse value as time or duration: ${unix.error}` } : { nanos: totalNanos(unix) };
}

/**
 * A filter's time (a prune's or an image list's `until`) as the release reads it: moby's
 * timetypes.GetTimestamp then ParseTimestamps (`olderGo`: 20.10's), or from 29.4 (`strict`)
 * timestamp.Parse; the time in nanoseconds since the epoch, or the error's words.
 */
export function filterTime(value: string, now: bigint, strict: boolean, olderGo: boolean): { readonly nanos: bigint } | { readonly error: string } {
  if (strict) return parseTime(value, now, localOffsetSeconds());
  const timestamp = getTimestamp(value, now, localOffsetSeconds(), olderGo);
  if ('error' in timestamp) return timestamp;
  const parsed = parseTimestamps(timestamp.text, 0n);
  return 'error' in parsed ? parsed : { nanos: totalNanos(parsed) };
}
