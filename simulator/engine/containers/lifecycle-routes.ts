import { fillMessage } from '../../../common/messages.js';
import type { Container } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { apiBelow, queryOf, releaseBelow, routedHeaders, sendEmpty, sendJson } from '../replies.js';
import { goAtoi } from '../go-strconv.js';
import { afterParseForm } from '../go-form.js';
import { containerLogsRoute } from './logs.js';
import { untilEvent } from './until-event.js';
import { containerOr404, endRunning, signalNumber, start } from './routes.js';

/**
 * Stop, restart and wait of a container that runs nothing, as 20.10.24, 26.1.5 and 28.5.2 answer them
 * for a busybox container on the network none (observed 2026-11-27; the release boundary of each
 * difference between 20.10 and 26.1 is taken at 23.0, as the engine's other words are).
 */
const LIFECYCLE = {
  /** From this API version stop takes `signal` (below it the parameter is ignored: 20.10, and 26.1 at 1.41). */
  stopSignalSince: '1.42',
  /** From this API version wait takes `condition` and sends its head at once (chunked); below it answers with a length once done. */
  waitConditionSince: '1.30',
  /** Below this release wait writes `"Error":null` and takes an unknown condition as not-running; from it Error is omitted and the condition refused. */
  waitStrictSince: '23.0',
  /** Below this release a stop records kill, die, stop; from it kill, stop, die. */
  stopBeforeDieSince: '23.0',
  /** From this release stop's `t` that is no integer is an invalid parameter (400), not a plain error (moby docker-v29.4.0; restart's stays 500). */
  stopTimeoutInvalidSince: '29.4',
} as const;

/** The words of these routes (moby's router and daemon; observed as above). */
const LIFECYCLE_MESSAGES = {
  /** The container as the path names it (its name, ID or ID prefix). */
  cannotStop: 'cannot stop container: {name}: invalid signal: {signal}',
  cannotRestart: 'Cannot restart container {name}: {reason}',
  invalidCondition: 'invalid condition: "{condition}"',
} as const;

/** The signal a stop sends when neither the request nor the container names one. */
const DEFAULT_STOP_SIGNAL = 15;

/** The signal a stop sends: the request's (from API 1.42), the container's StopSignal, or SIGTERM; or the text that names none. */
function stopSignal(x: Exchange, container: Container): number | { readonly invalid: string } {
  const asked = apiBelow(x, LIFECYCLE.stopSignalSince) ? '' : (queryOf(x).get('signal') ?? '');
  const text = asked !== '' ? asked : String(container.config['StopSignal'] ?? '');
  if (text === '') return DEFAULT_STOP_SIGNAL;
  return signalNumber(text) ?? { invalid: text };
}

/** The default seconds a stop waits for the process to exit (moby's defaultStopTimeout). */
const DEFAULT_STOP_TIMEOUT = 10;

/** How long a stop waits before SIGKILL: `t` when given, else the container's StopTimeout, else the default. */
function stopWait(t: number | null, container: Container): number {
  if (t !== null) return t;
  const configured = container.config['StopTimeout'];
  return typeof configured === 'number' ? configured : DEFAULT_STOP_TIMEOUT;
}

/**
 * `t`, which the router parses before the lookup (a 500, or a 400 where `invalidSince` is given and
 * reached), then the container (a 404): the container and the seconds `t` gives (null: none), or
 * undefined once refused.
 */
function timedContainer(x: Exchange, invalidSince: string | null): { readonly container: Container; readonly t: number | null } | undefined {
  const t = queryOf(x).get('t');
  // An empty `t` is none (moby reads it only when r.Form.Get("t") != "": observed on 20.10.24, 28.5.2 and 29.7.2).
  const parsed = t === null || t === '' ? null : goAtoi(t);
  if (parsed !== null && 'error' in parsed) {
    handlerError(x, invalidSince !== null && !releaseBelow(x, invalidSince) ? 400 : 500, parsed.error);
    return undefined;
  }
  const container = containerOr404(x);
  return container === undefined ? undefined : { container, t: parsed === null ? null : Number(parsed.value) };
}

/**
 * POST /containers/{name}/stop: the simulated process dies of the stop signal at once (as a busybox
 * `sleep` under an init does: 143 for SIGTERM, observed); a wait of 0 s (stopWait) adds the
 * SIGKILL the releases send before they see the exit. A container that is not running is a 304;
 * `t` that is no integer a 500 before the lookup, as the router parses it.
 */
export const containerStopRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/stop',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/lifecycle-routes.ts: POST /containers/{name}/stop',
  rules: [],
  handle(x) {
    const timed = timedContainer(x, LIFECYCLE.stopTimeoutInvalidSince);
    if (timed === undefined) return;
    const { container } = timed;
    if (container.state !== 'running') return sendEmpty(x, 304);
    const signal = stopSignal(x, container);
    if (typeof signal !== 'number')
      return handlerError(x, 500, fillMessage(LIFECYCLE_MESSAGES.cannotStop, { name: x.params['name'] ?? '', signal: signal.invalid }));
    endRunning(x, container, signal, releaseBelow(x, LIFECYCLE.stopBeforeDieSince) ? 'after-die' : 'before-die', stopWait(timed.t, container) === 0);
    sendEmpty(x, 204);
  },
};

/**
 * POST /containers/{name}/restart: `t` read as stop reads it (before the lookup); a running
 * container stopped as a stop stops it (its signal from API 1.42, refused in the restart's words,
 * the container left running), then started; the restart event last (observed on 20.10.24, 26.1.5
 * and 28.5.2). A start that fails answers "Cannot restart container <name>: <why>", 500.
 */
export const containerRestartRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/restart',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/lifecycle-routes.ts: POST /containers/{name}/restart',
  rules: [],
  handle(x) {
    const timed = timedContainer(x, null);
    if (timed === undefined) return;
    const { container } = timed;
    if (container.state === 'running') {
      // The signal is the stop's: a container that is not running is started whatever it names (observed).
      const signal = stopSignal(x, container);
      if (typeof signal !== 'number')
        return handlerError(
          x,
          500,
          fillMessage(LIFECYCLE_MESSAGES.cannotRestart, { name: x.params['name'] ?? '', reason: `invalid signal: ${signal.invalid}` }),
        );
      endRunning(x, container, signal, releaseBelow(x, LIFECYCLE.stopBeforeDieSince) ? 'after-die' : 'before-die', stopWait(timed.t, container) === 0);
    }
    // A start that fails is the restart's error, in its words and as a plain error (500; observed on 26.1.5 and 28.5.2 for networks the start cannot join).
    const notStarted = start(x, container);
    if (notStarted === 'drops-connection') return void x.req.socket.destroy();
    if (notStarted !== null)
      return notStarted.status === 501
        ? handlerError(x, 501, notStarted.message)
        : handlerError(x, 500, fillMessage(LIFECYCLE_MESSAGES.cannotRestart, { name: x.params['name'] ?? '', reason: notStarted.message }));
    x.state.objects.containerEvent(container, 'restart');
    sendEmpty(x, 204);
  },
};

type WaitCondition = 'not-running' | 'next-exit' | 'removed';

/** The condition a wait asks for, or the text of one the release refuses. */
function waitCondition(x: Exchange): WaitCondition | { readonly invalid: string } {
  if (apiBelow(x, LIFECYCLE.waitConditionSince)) return 'not-running';
  const text = queryOf(x).get('condition') ?? '';
  if (text === 'next-exit' || text === 'removed' || text === 'not-running') return text;
  return text === '' || releaseBelow(x, LIFECYCLE.waitStrictSince) ? 'not-running' : { invalid: text };
}

/**
 * POST /containers/{name}/wait: answers `{StatusCode}` (with `"Error":null` before 23.0) once the
 * condition holds: not-running at once for a container that is not running (0 for one never
 * started), next-exit at its next exit, removed at its removal. The wait has no deadline of its
 * own: it ends with the container or with the client.
 */
export const containerWaitRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/wait',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/lifecycle-routes.ts: POST /containers/{name}/wait',
  rules: [],
  // From API 1.30 moby parses the form before it reads the condition.
  handle: (x) => (apiBelow(x, LIFECYCLE.waitConditionSince) ? waitFor(x) : afterParseForm(x, () => waitFor(x))),
};

function waitFor(x: Exchange): void {
  const condition = waitCondition(x);
  if (typeof condition !== 'string') return handlerError(x, 400, fillMessage(LIFECYCLE_MESSAGES.invalidCondition, { condition: condition.invalid }));
  const container = containerOr404(x);
  if (container === undefined) return;
  const streamed = !apiBelow(x, LIFECYCLE.waitConditionSince);
  if (streamed) {
    x.res.writeHead(200, [...routedHeaders(x), 'Content-Type', 'application/json']);
    x.res.flushHeaders();
  }
  const answer = (): void => {
    if (x.res.writableEnded || x.res.destroyed) return;
    const body = releaseBelow(x, LIFECYCLE.waitStrictSince) ? { Error: null, StatusCode: container.exitCode } : { StatusCode: container.exitCode };
    if (streamed) x.res.end(`${JSON.stringify(body)}\n`);
    else sendJson(x, 200, body);
  };
  if (condition === 'not-running' && container.state !== 'running') return answer();
  untilEvent(x, container, (event) => condition !== 'removed' && event.action === 'die', answer);
}

/** The lifecycle routes, in the route table's order. */
export const LIFECYCLE_ROUTES: readonly Route[] = [containerStopRoute, containerRestartRoute, containerWaitRoute, containerLogsRoute];
