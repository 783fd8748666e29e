/** Timestamps in nanoseconds, as the daemon keeps them (Go's time.Time), and their wire forms. */

let last = 0n;

/** Now in nanoseconds since the epoch, strictly increasing within the process (events are ordered by it). */
export function nowNanos(): bigint {
  const wall = BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n);
  last = wall > last ? wall : last + 1n;
  return last;
}

/** Go's zero time.Time as RFC 3339 writes it (a time never set: a container's StartedAt before a start, empty stats' read). */
export const GO_ZERO_TIME_TEXT = '0001-01-01T00:00:00Z';

/** Whole seconds of a nanosecond time (the events' `time`, the image list's `Created`). */
export const unixSeconds = (nanos: bigint): number => Number(nanos / 1_000_000_000n);

/** Go's RFC3339Nano in UTC: the fraction without trailing zeros, none when it is zero. */
export function rfc3339Nano(nanos: bigint): string {
  const iso = new Date(Number(nanos / 1_000_000n)).toISOString();
  const fraction = String(nanos % 1_000_000_000n)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction === '' ? '' : `.${fraction}`}Z`;
}

/** Newest first by creation, as the daemon lists images and containers. */
export const newestFirst = (a: { readonly created: bigint }, b: { readonly created: bigint }): number =>
  a.created > b.created ? -1 : a.created < b.created ? 1 : 0;

/** Go's time.Format(RFC3339) of a time in the local zone (a volume's CreatedAt): "Z" for UTC, else the offset. */
export function goRfc3339Local(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hours}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
}

/** Go's RFC3339 of a tar entry's time (whole seconds, UTC). */
export const rfc3339 = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/**
 * The events API's `since`/`until`: Unix seconds with an optional ".nanoseconds" part, or an
 * RFC 3339 date. Null when the text is neither (a relative duration is not supported).
 */
export function parseTimestamp(text: string): bigint | null {
  const unix = /^(\d+)(?:\.(\d{1,9}))?$/.exec(text);
  if (unix !== null) return BigInt(unix[1]!) * 1_000_000_000n + BigInt((unix[2] ?? '').padEnd(9, '0') || '0');
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : BigInt(ms) * 1_000_000n;
}
