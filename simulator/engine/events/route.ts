import { nowNanos, type DaemonEvent } from '../objects/index.js';
import { parseTimestamps, totalNanos } from '../timestamps.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { startChunked } from '../../http/streaming.js';
import { type FilterArgs, filterValues, parseFilterArgs } from '../filters/filter-args.js';
import { apiBelow, notImplementedHere, queryOf, releaseBelow, routedHeaders, sortedMap } from '../replies.js';
import { eventsVariant } from './events-variant.js';

/** How long a stream whose `until` is in the future is held open at most. */
const MAX_WAIT_MS = 10 * 60 * 1000;

/** One event as the request's API version writes it; timeNano exceeds a double, so it is written by hand. */
function eventLine(x: Exchange, event: DaemonEvent): string {
  // Deprecated, never removed (the catalogue's removal is "-"): the kinds the old API had keep them at every version.
  const variant = eventsVariant(x.state.config);
  const legacy =
    (event.type === 'container' || (event.type === 'image' && variant.imageEventsLegacy)) && (apiBelow(x, '1.52') || !variant.legacyDroppedFrom152);
  const image = event.attributes['image'] ?? '';
  const from = legacy && event.type === 'container' && image !== '' && variant.containerEventFrom ? { from: image } : {};
  // The legacy fields are omitempty: a prune's event (no actor) has no "id" (observed on 20.10.24, 26.1.5, 28.5.2).
  const document = {
    ...(legacy ? { status: event.action, ...(event.actorId === '' ? {} : { id: event.actorId }), ...from } : {}),
    Type: event.type,
    Action: event.action,
    Actor: { ID: event.actorId, Attributes: sortedMap(event.attributes) },
    scope: 'local',
    time: Number(event.timeNano / 1_000_000_000n),
  };
  return `${JSON.stringify(document).slice(0, -1)},"timeNano":${event.timeNano}}\n`;
}

type Filter = (event: DaemonEvent) => boolean;

/** The filters the simulator applies: type, event (the action), container and image (ID or name). */
const FILTERS: Readonly<Record<string, (value: string) => Filter>> = {
  type: (value) => (event) => event.type === value,
  event: (value) => (event) => event.action === value,
  container: (value) => (event) => event.type === 'container' && (event.actorId.startsWith(value) || event.attributes['name'] === value),
  image: (value) => (event) => event.actorId === value || event.attributes['name'] === value || event.attributes['image'] === value,
};

/** The request's filters (moby filters.FromJSON: filters/filter-args.ts) as one predicate (values of a key: any; keys: all), or the unknown key. */
function filterOf(args: FilterArgs): Filter | { unknown: string } {
  const groups: Filter[][] = [];
  for (const key of args.keys()) {
    const make = FILTERS[key];
    if (make === undefined) return { unknown: key };
    groups.push(filterValues(args, key).map(make));
  }
  return (event) => groups.every((group) => group.length === 0 || group.some((test) => test(event)));
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
    // moby eventTime: ParseTimestamps with -1 for "", and -1 seconds is no bound; its ParseInt error is a plain one (500).
    const bounds: (bigint | null)[] = [];
    for (const key of ['since', 'until']) {
      const parsed = parseTimestamps(query.get(key) ?? '', -1n);
      if ('error' in parsed) return handlerError(x, 500, parsed.error);
      bounds.push(parsed.seconds === -1n ? null : totalNanos(parsed));
    }
    const [since = null, until = null] = bounds;
    if (until !== null && since !== null && until < since)
      return handlerError(x, 400, `\`since\` time (${query.get('since') ?? ''}) cannot be after \`until\` time (${query.get('until') ?? ''})`);
    // Observed 2026-11-27: 20.10.24 refuses a filters text it cannot decode with 500 and Go's words, 26.1 and 28.5 with 400 "invalid filter".
    const parsed = parseFilterArgs(query.get('filters') ?? '', releaseBelow(x, '23.0'));
    if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, parsed.refusal.message);
    const filter = filterOf(parsed.args);
    if (typeof filter !== 'function') return notImplementedHere(x, `/events with the ${filter.unknown} filter`);
    const keep = filter;
    const now = nowNanos();
    const stream = startChunked(x.res, 200, routedHeaders(x));
    const log = x.state.objects.events;
    const pastUntil = until !== null && until < now ? until : now;
    // As moby's loadBufferedEvents: recorded events only when a bound is given (no since: from the first).
    if (since !== null || until !== null) for (const event of log.between(since ?? 0n, pastUntil)) if (keep(event)) stream.write(eventLine(x, event));
    if (until !== null && until <= now) return stream.end();
    const stop = (): void => {
      unsubscribe();
      clearTimeout(timer);
      stream.end();
    };
    const unsubscribe = log.subscribe((event) => {
      if (until !== null && event.timeNano > until) return stop();
      if (keep(event)) stream.write(eventLine(x, event));
    });
    const wait = until === null ? null : Math.min(MAX_WAIT_MS, Number((until - now) / 1_000_000n) + 1);
    const timer = wait === null ? undefined : setTimeout(stop, wait);
    x.res.once('close', stop);
  },
};
