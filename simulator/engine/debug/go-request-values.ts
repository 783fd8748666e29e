import { goQueryValue } from '../go-query.js';
import { goParseFloat, goParseInt } from '../go-strconv.js';

/**
 * How Go's net/http/pprof handlers read their query: r.FormValue (url.ParseQuery of the raw
 * query), values read with strconv while ignoring the error, and seconds made a time.Duration
 * (int64 nanoseconds, as amd64 converts them).
 */

/**
 * r.FormValue(key) for a request's raw query (`?` and all, or ""): the first value of the key, or
 * "" (go-query.ts).
 */
export const goFormValue = (rawQuery: string, key: string): string => goQueryValue(rawQuery, key)?.toString() ?? '';

const MAX_INT64 = 2n ** 63n - 1n;

/** `n, _ := strconv.Atoi(text)`: the value, 0 for a syntax error, the int64 bound its sign names when out of range. */
export function goAtoiIgnoringError(text: string): bigint {
  const parsed = goParseInt(text);
  if ('value' in parsed) return parsed.value;
  if (!parsed.error.endsWith('value out of range')) return 0n;
  return text.startsWith('-') ? -MAX_INT64 - 1n : MAX_INT64;
}

/** `strconv.ParseInt(text, 10, 64)`'s value, or null on error. */
export function goInt64(text: string): bigint | null {
  const parsed = goParseInt(text);
  return 'value' in parsed ? parsed.value : null;
}

/** `strconv.ParseFloat(text, 64)`'s value, or null on error. */
export function goFloat64(text: string): number | null {
  const parsed = goParseFloat(text);
  return 'value' in parsed ? parsed.value : null;
}

/** time.Duration(seconds) * time.Second in milliseconds: the product wraps in int64, and a wait of ≤ 0 ends at once. */
export const wholeSecondsWait = (seconds: bigint): number => Math.max(0, Number(BigInt.asIntN(64, seconds * 1_000_000_000n)) / 1e6);

/**
 * time.Duration(seconds * float64(time.Second)) in milliseconds: a product beyond int64 (or NaN)
 * converts to its lowest value on amd64, a wait that ends at once (observed: `seconds=1e300` and
 * `NaN` answer the trace in milliseconds on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
export function fractionalSecondsWait(seconds: number): number {
  const nanoseconds = seconds * 1e9;
  if (Number.isNaN(nanoseconds) || nanoseconds >= 2 ** 63 || nanoseconds < -(2 ** 63)) return 0;
  return Math.max(0, Math.trunc(nanoseconds) / 1e6);
}
