import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import type { Refusal } from '../json-request.js';
import { acceptedStrictly, JSON_STREAM_TYPES, NDJSON, negotiated } from '../accept-header.js';
import { ENGINE_MESSAGES, NAMED_STREAMS_FROM } from '../messages.js';
import type { Container } from '../objects/index.js';
import { apiBelow, boolQuery, queryOf, releaseBelow, routedHeaders } from '../replies.js';
import { parseTimestamps, parseUnixTimestamp, STRICT_TIMESTAMPS_FROM } from '../timestamps.js';
import { containerOr404 } from './routes.js';
import { untilEvent } from './until-event.js';
import { outputStreamType } from './stream-types.js';
import { fillMessage } from '../../../common/messages.js';

/**
 * GET /containers/{name}/logs of a container that runs nothing, as the releases answer it (moby's
 * getContainersLogs and ContainerLogs; observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
const LOGS = {
  /** Below this release logs have no Content-Type. */
  typedSince: '23.0',
  /** From this release the router reads since and until (moby timestamp.ParseUnixTimestamp), 400 before the lookup; before it the daemon does, 500 after it. */
  timesReadFirstSince: STRICT_TIMESTAMPS_FROM,
  /** From this release, at API `formatApiSince` and above, `format=json` (or an Accept naming a JSON stream type) asks for JSON lines. */
  formatSince: '29.5',
  formatApiSince: '1.54',
} as const;

export const LOGS_MESSAGES = {
  /** moby's logger.ErrReadLogsNotSupported (501): the driver none keeps nothing to read. */
  notReadable: 'configured logging driver does not support reading',
  unsupportedFormat: 'unsupported log format',
  /** `{key}` since or until; `{problem}` ParseUnixTimestamp's words. */
  invalidTime: 'invalid value for "{key}": {problem}',
} as const;

/** The log driver a container keeps (its LogConfig, the daemon's default merged in at create). */
export const logDriverOf = (container: Container): string => (container.hostConfig['LogConfig'] as { readonly Type?: string } | undefined)?.Type ?? '';

/** From 29.4 the router's refusal of a since or until, before the container is looked up; until "0" is no bound. */
function routerTimeRefusal(x: Exchange): Refusal | null {
  if (releaseBelow(x, LOGS.timesReadFirstSince)) return null;
  for (const key of ['since', 'until'] as const) {
    const text = queryOf(x).get(key) ?? '';
    if (key === 'until' && text === '0') continue;
    const parsed = parseUnixTimestamp(text);
    if (parsed !== null && 'error' in parsed) return { status: 400, message: fillMessage(LOGS_MESSAGES.invalidTime, { key, problem: parsed.error }) };
  }
  return null;
}

/** Before 29.4 the daemon's refusal of a since or until (timetypes.ParseTimestamps, a plain error), after the driver's check; until "0" is no bound. */
function daemonTimeRefusal(x: Exchange): Refusal | null {
  if (!releaseBelow(x, LOGS.timesReadFirstSince)) return null;
  for (const key of ['since', 'until'] as const) {
    const text = queryOf(x).get(key) ?? '';
    if (text === '' || (key === 'until' && text === '0')) continue;
    const parsed = parseTimestamps(text, 0n);
    if ('error' in parsed) return { status: 500, message: parsed.error };
  }
  return null;
}

/** Whether the request asks for JSON lines (29.5 at API 1.54), or the refusal of a format other than json. */
function jsonFormat(x: Exchange): boolean | Refusal {
  if (releaseBelow(x, LOGS.formatSince) || apiBelow(x, LOGS.formatApiSince)) return false;
  const format = queryOf(x).get('format') ?? '';
  if (format !== '' && format !== 'json') return { status: 400, message: LOGS_MESSAGES.unsupportedFormat };
  return format === 'json' || acceptedStrictly(x, JSON_STREAM_TYPES) !== null;
}

/** The Content-Type of a container's logs, or null where the release sends none. */
function logsType(x: Exchange, container: Container, json: boolean): string | null {
  if (json) return negotiated(x, JSON_STREAM_TYPES, NDJSON);
  return releaseBelow(x, LOGS.typedSince) ? null : outputStreamType(x, container);
}

/**
 * GET /containers/{name}/logs: the streams asked for, then (from 29.4) since and until and (from
 * 29.5) the format, the container, its driver (none has nothing to read: 501), then (before 29.4)
 * since and until. A container that runs nothing printed nothing, so the body is empty (no frame);
 * with `follow` the stream of a running container stays open until it stops or the client goes.
 * `tail` is not checked (an unparsable one is taken as all lines, observed).
 */
export const containerLogsRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/logs',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/logs.ts: GET /containers/{name}/logs',
  rules: [],
  handle(x) {
    if (!boolQuery(x, 'stdout') && !boolQuery(x, 'stderr'))
      return handlerError(x, 400, releaseBelow(x, NAMED_STREAMS_FROM) ? ENGINE_MESSAGES.noStream : ENGINE_MESSAGES.noStreamNamed);
    const early = routerTimeRefusal(x);
    if (early !== null) return handlerError(x, early.status, early.message);
    const json = jsonFormat(x);
    if (typeof json !== 'boolean') return handlerError(x, json.status, json.message);
    const container = containerOr404(x);
    if (container === undefined) return;
    if (logDriverOf(container) === 'none') return handlerError(x, 501, LOGS_MESSAGES.notReadable);
    const late = daemonTimeRefusal(x);
    if (late !== null) return handlerError(x, late.status, late.message);
    const type = logsType(x, container, json);
    x.res.writeHead(200, [...routedHeaders(x), ...(type === null ? [] : ['Content-Type', type])]);
    x.res.flushHeaders();
    if (!boolQuery(x, 'follow') || container.state !== 'running') return void x.res.end();
    untilEvent(
      x,
      container,
      (event) => event.action === 'die',
      () => x.res.end(),
    );
  },
};
