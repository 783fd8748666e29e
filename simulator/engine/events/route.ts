import { nowNanos, type DaemonEvent } from '../objects/index.js';
import { parseTimestamps, parseUnixTimestamp, STRICT_TIMESTAMPS_FROM, totalNanos } from '../timestamps.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { startChunked } from '../../http/streaming.js';
import { parseFilterArgs } from '../filters/filter-args.js';
import { apiBelow, queryOf, releaseBelow, routedHeaders, sortedMap } from '../replies.js';
import { eventsVariant } from './events-variant.js';
import { eventFilter } from './filter.js';
import { eventsMediaType, framed, legacyThroughMap } from './stream-format.js';
import { goJson } from '../go-json-text.js';

/** How long a stream whose `until` is in the future is held open at most. */
const MAX_WAIT_MS = 10 * 60 * 1000;

/** Go's map keys in the order encoding/json writes them (sorted), at every level. */
function sortedDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedDeep((value as Record<string, unknown>)[key])]),
  );
}

/**
 * One event as the request's API version writes it, with Go's escapes; timeNano exceeds a double,
 * so it is a bigint, but where 29.x writes the legacy fields through a map it is a float64
 * (1796543919115347408 written 1796543919115347500, observed on 29.7.2).
 */
function eventLine(x: Exchange, event: DaemonEvent): string {
  // Deprecated, never removed (the catalogue's removal is "-"): the kinds the old API had keep them at every version.
  const variant = eventsVariant(x.state.config);
  const legacy =
    (event.type === 'container' || (event.type === 'image' && variant.imageEventsLegacy)) && (apiBelow(x, '1.52') || !variant.legacyDroppedFrom152);
  const message = {
    Type: event.type,
    Action: event.action,
    Actor: { ID: event.actorId, Attributes: sortedMap(event.attributes) },
    scope: 'local',
    time: Number(event.timeNano / 1_000_000_000n),
    timeNano: event.timeNano,
  };
  if (!legacy) return `${goJson(message)}\n`;
  const container = event.type === 'container' && variant.containerEventFrom;
  const image = event.attributes['image'] ?? '';
  // 29.x (compat.Wrap): the message decoded into a map and the fields added, "id" and "from" even when empty.
  if (legacyThroughMap(x))
    return `${goJson(sortedDeep({ ...message, timeNano: Number(event.timeNano), id: event.actorId, status: event.action, ...(container ? { from: image } : {}) }))}\n`;
  // Before: omitempty, so a prune's event (no actor) has no "id" (observed on 20.10.24, 26.1.5, 28.5.2).
  return `${goJson({ status: event.action, ...(event.actorId === '' ? {} : { id: event.actorId }), ...(container && image !== '' ? { from: image } : {}), ...message })}\n`;
}

/** A stream's bounds in nanoseconds (null: none), and the bound of the recorded events it sends, or the refusal. */
type EventBounds =
  | { readonly since: bigint | null; readonly until: bigint | null; readonly recordedUntil: bigint | null }
  | { readonly status: number; readonly message: string };

/** Go's Time.UnixNano, which wraps around beyond int64's nanoseconds. */
const unixNano = (nanos: bigint): bigint => BigInt.asIntN(64, nanos);

/**
 * `since` and `until` as the release reads them. Below 29.4 moby's eventTime: ParseTimestamps with
 * -1 for "", -1 seconds being no bound, its ParseInt error a plain one (500). From 29.4
 * ParseUnixTimestamp (400 "invalid value for 'since': …"): only "" is no bound, and
 * loadBufferedEvents takes an `until` at or before the epoch (in UnixNano) as no bound for the
 * recorded events, which the stream still ends at.
 */
function eventBounds(x: Exchange, query: URLSearchParams): EventBounds {
  const text = (key: string): string => query.get(key) ?? '';
  const afterUntil = (since: bigint | null, until: bigint | null): EventBounds | null =>
    until !== null && since !== null && until < since
      ? { status: 400, message: `\`since\` time (${text('since')}) cannot be after \`until\` time (${text('until')})` }
      : null;
  if (releaseBelow(x, STRICT_TIMESTAMPS_FROM)) {
    const bounds: (bigint | null)[] = [];
    for (const key of ['since', 'until']) {
      const parsed = parseTimestamps(text(key), -1n);
      if ('error' in parsed) return { status: 500, message: parsed.error };
      bounds.push(parsed.seconds === -1n ? null : totalNanos(parsed));
    }
    const [since = null, until = null] = bounds;
    return afterUntil(since, until) ?? { since, until, recordedUntil: until };
  }
  const bounds: (bigint | null)[] = [];
  for (const key of ['since', 'until']) {
    const parsed = parseUnixTimestamp(text(key));
    if (parsed !== null && 'error' in parsed) return { status: 400, message: `invalid value for '${key}': ${parsed.error}` };
    bounds.push(parsed === null ? null : totalNanos(parsed));
  }
  const [since = null, until = null] = bounds;
  const refused = afterUntil(since, until);
  if (refused !== null) return refused;
  const recordedUntil = until === null || unixNano(until) <= 0n ? null : unixNano(until);
  return { since: since === null ? null : unixNano(since), until, recordedUntil };
}

/**
 * GET /events: the recorded events from `since` to `until`, then the new ones as they happen; the
 * stream ends when `until` is reached, or when the client goes.
 */
export const eventsRoute: Route = {
  method: 'GET',
  path: '/events',
  where: 'simulator/engine/events/route.ts: GET /events',
  rules: ['deprecated.events.legacy-fields'],
  handle(x) {
    const query = queryOf(x);
    const bounds = eventBounds(x, query);
    if ('status' in bounds) return handlerError(x, bounds.status, bounds.message);
    const { since, until } = bounds;
    // Observed 2026-11-27: 20.10.24 refuses a filters text it cannot decode with 500 and Go's words, 26.1 and 28.5 with 400 "invalid filter".
    const parsed = parseFilterArgs(query.get('filters') ?? '', releaseBelow(x, '23.0'));
    if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, parsed.refusal.message);
    const keep = eventFilter(parsed.args, x.state.config.release.release);
    const now = nowNanos();
    const mediaType = eventsMediaType(x);
    const stream = startChunked(x.res, 200, routedHeaders(x), mediaType);
    const send = (event: DaemonEvent): boolean => stream.write(framed(mediaType, eventLine(x, event)));
    const log = x.state.objects.events;
    const pastUntil = bounds.recordedUntil !== null && bounds.recordedUntil < now ? bounds.recordedUntil : now;
    // As moby's loadBufferedEvents: recorded events only when a bound is given (no since: from the first).
    if (since !== null || until !== null) for (const event of log.between(since ?? 0n, pastUntil)) if (keep(event)) send(event);
    if (until !== null && until <= now) return stream.end();
    const stop = (): void => {
      unsubscribe();
      clearTimeout(timer);
      stream.end();
    };
    const unsubscribe = log.subscribe((event) => {
      if (until !== null && event.timeNano > until) return stop();
      if (keep(event)) send(event);
    });
    const wait = until === null ? null : Math.min(MAX_WAIT_MS, Number((until - now) / 1_000_000n) + 1);
    const timer = wait === null ? undefined : setTimeout(stop, wait);
    x.res.once('close', stop);
  },
};
