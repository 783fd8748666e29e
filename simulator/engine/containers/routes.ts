import { randomBytes } from 'node:crypto';
import { fillMessage } from '../../../common/messages.js';
import { newestFirst, nowNanos, type Container } from '../objects/index.js';
import { keepBody, readBody } from '../../http/body.js';
import { afterParseForm } from '../go-form.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { containerSelection } from './list-filters.js';
import { shapeContainerInspect, shapeContainerSummary } from './shape.js';
import { applyHostConfig } from './host-config.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { apiBelow, boolQuery, queryOf, releaseBelow, sendEmpty, sendJson } from '../replies.js';
import { isChunked } from '../../authz/request-message.js';
import { startBodyVariant } from './start-body-variant.js';
import {
  cleanupDisconnects,
  joinedThenReleased,
  networkOfKey,
  joinNetwork,
  leaveEndpoint,
  leaveNetworks,
  SETUP_NETWORKING_WORDS_FROM,
  type StartNetworks,
  startNetworks,
  unmodelledJoin,
  withNetworkDisabled,
} from './container-networks.js';
import { SIMULATOR_MESSAGES } from '../../../specs/messages.js';
import { userLookupProblem } from '../exec/exec-user.js';
import { networkedContainerProblem } from './networked-container.js';
import { removeAnonymousVolumes } from './mount-points.js';
import { makeMountPoints, planMountPoints, setupMountsAtStart, unmountVolumes } from './start-mounts.js';
import { leaveNetworkFiles, writeNetworkFiles } from './network-files.js';
import { usesInit } from './container-fs.js';
import { reopenStdin } from './attach.js';
import type { SimNetwork } from '../networks/builtin.js';

/** The container a path names, or a 404 already answered. */
export function containerOr404(x: Exchange): Container | undefined {
  const name = x.params['name'] ?? '';
  const container = x.state.objects.findContainer(name);
  if (container === undefined) handlerError(x, 404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
  return container;
}

export const containerInspectRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/json',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/routes.ts: GET /containers/{name}/json',
  rules: ['deprecated.kernel-memory', 'deprecated.network-settings.top-level', 'deprecated.network.dns-names'],
  handle(x) {
    const container = containerOr404(x);
    if (container !== undefined) sendJson(x, 200, shapeContainerInspect(x, container, boolQuery(x, 'size')));
  },
};

export const containerListRoute: Route = {
  method: 'GET',
  path: '/containers/json',
  where: 'simulator/engine/containers/routes.ts: GET /containers/json',
  rules: [],
  handle(x) {
    const selection = containerSelection(x);
    if ('refusal' in selection) return handlerError(x, selection.refusal.status, selection.refusal.message);
    const now = nowNanos();
    const listed = selection.select(x.state.objects.allContainers().sort(newestFirst));
    // moby's BoolValue, as boolQuery reads it: `size=x` asks for the sizes (observed on 20.10.24, 26.1.5, 28.5.2).
    const withSize = boolQuery(x, 'size');
    sendJson(
      x,
      200,
      listed.map((container) => shapeContainerSummary(x, container, now, withSize)),
    );
  },
};

const MAX_START_BODY = 1024 * 1024;

/**
 * A start's body as moby reads it: more than 7 bytes, or a body of unknown length (chunked), is a
 * host configuration at all (moby: "a non-nil json object is at least 7 characters"; observed
 * with text, `{}` and spaces, `null` and spaces on 20.10.24 and 28.5.2). What it sets: a JSON
 * object's keys; `{}`, `null`, another content type or a body that does not parse set nothing.
 */
/** A start's body: its bytes, whether moby sees one, and the host configuration it holds. */
interface StartBody {
  readonly bytes: Buffer;
  readonly present: boolean;
  readonly config: Record<string, unknown> | null;
}

async function startBody(x: Exchange): Promise<StartBody> {
  const bytes = await readBody(x.req, MAX_START_BODY);
  const present = bytes.length > 7 || isChunked(x.req);
  if (!present || !/^application\/json\b/.test(x.req.headers['content-type'] ?? '')) return { bytes, present, config: null };
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    const config =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length > 0 ? (parsed as Record<string, unknown>) : null;
    return { bytes, present, config };
  } catch {
    return { bytes, present, config: null };
  }
}

/** The refusal of a start's body: 400 and the removal message (its status: start-body-variant.ts). */
const refuseStartBody = (x: Exchange): void => handlerError(x, startBodyVariant(x.state.config).refusalStatus, ENGINE_MESSAGES.startBody);

/**
 * POST /containers/{name}/start: the container becomes "running" (it runs nothing). A host
 * configuration body is refused at every API version: the document removes it with no API range.
 * The refusal comes before the container is looked up (observed on 20.10.24, 26.1.5, 28.5.2: a
 * body for a container the daemon lacks is refused, not "No such container").
 */
export const containerStartRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/start',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/routes.ts: POST /containers/{name}/start',
  rules: ['deprecated.container-start.host-config', 'deprecated.container-start.host-config.refusal'],
  async handle(x) {
    const body = await startBody(x);
    const variant = startBodyVariant(x.state.config);
    // Refused at every API version (start-body-variant.ts).
    const refused = body.present && !variant.bodyTaken && !(apiBelow(x, '1.24') && variant.bodyTakenBelow124);
    const touchesContainer = variant.refusedBodyApplied || variant.refusedStartStarts;
    if (refused && !touchesContainer) return refuseStartBody(x);
    // moby parses the form after its look at the body, which the form may read again.
    keepBody(x.req, body.bytes);
    return afterParseForm(x, () => startFound(x, body, refused));
  },
};

/** The rest of a start once its body and form passed: the container, then what the body does to it, then the start. */
function startFound(x: Exchange, body: StartBody, refused: boolean): void {
  const variant = startBodyVariant(x.state.config);
  const container = containerOr404(x);
  if (container === undefined) return;
  if (refused) {
    if (variant.refusedBodyApplied && body.config !== null) container.hostConfig = applyHostConfig(x, container.hostConfig, body.config);
    if (variant.refusedStartStarts) start(x, container);
    return refuseStartBody(x);
  }
  if (body.config !== null) container.hostConfig = applyHostConfig(x, container.hostConfig, body.config);
  if (container.paused) return handlerError(x, 409, ENGINE_MESSAGES.startPaused);
  if (container.state === 'running') return sendEmpty(x, 304);
  const notStarted = start(x, container);
  if (notStarted === 'drops-connection') return void x.req.socket.destroy();
  if (notStarted !== null) return handlerError(x, notStarted.status, notStarted.message);
  sendEmpty(x, 204);
}

/** Why a start failed: its status and words, or a panic of the daemon's handler (Go's server drops the connection). */
export type NotStarted = { readonly status: number; readonly message: string } | 'drops-connection';

/** moby's exitUnknown: the exit code a start that fails leaves on a container whose code was 0. */
const EXIT_UNKNOWN = 128;

/** The first release that joins a start's networks once runc created the task, its volumes mounted before (moby 28.0's initializeCreatedTask). */
const NETWORKS_AFTER_TASK_FROM = '28.0';

/** The first release whose spec mounts the volumes before it looks the user up (moby 24.0's createSpec). */
const MOUNTS_BEFORE_USER_FROM = '24.0';

/**
 * The container runs (nothing), in the releases' order (observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2, 2026-12-07):
 * - before 28.0: it joins its networks (container-networks.ts: each joined network's connect
 *   event), its mounts are set up (start-mounts.ts: the volumes' mount events, the binds' missing
 *   sources made on the host; before 24.0 after the user is looked up), runc makes the mount points;
 * - from 28.0: its mounts are set up, the user looked up, runc makes the mount points, then it
 *   joins its networks, so a network it cannot join fails the start with the mount points made.
 * Then its start time, exit code 0 and start event. A container created without a runtime (20.10, a
 * create without HostConfig) takes the daemon's default as it starts (observed on 20.10.24:
 * inspect shows "runc" after the start). The OCI spec's user: Config.User and HostConfig.GroupAdd
 * looked up in the container's files (exec/exec-user.ts); a failure answers 500 in the lookup's
 * words (28.5.2 drops the connection on a GroupAdd ""). A start that fails after its network
 * checks is cleaned up: the networks it joined left (from 28.1 a disconnect event for each of its
 * networks the daemon has), an unmount event for each volume, exit code 128 where it was 0 and the
 * words as State.Error; a start that succeeds clears them.
 */
export function start(x: Exchange, container: Container): NotStarted | null {
  const { objects } = x.state;
  const failed = (why: { readonly status: number; readonly message: string }, disconnect: readonly SimNetwork[] = []): NotStarted => {
    for (const network of disconnect) objects.networkEvent('disconnect', network, container);
    unmountVolumes(x, container);
    if (container.exitCode === 0) container.exitCode = EXIT_UNKNOWN;
    container.startError = why.message;
    return why;
  };
  const networked = networkedContainerProblem(x, container);
  if (networked !== null) return failed(networked);
  const networks = startNetworks(x, container);
  const unmodelled = 'status' in networks ? undefined : networks.join.map(([, network]) => unmodelledJoin(network)).find((what) => what !== null);
  const now = new Date(Number(nowNanos() / 1_000_000n));
  const points = planMountPoints(x, container, now, usesInit(x, container));
  const notModelled = unmodelled ?? ('unmodelled' in points ? points.unmodelled : undefined);
  if (notModelled !== undefined || 'unmodelled' in points)
    return { status: 501, message: fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: 'POST', path: `/containers/{name}/start with ${notModelled}` }) };
  const networksLater = !releaseBelow(x, NETWORKS_AFTER_TASK_FROM);
  const joined: string[] = [];
  if (!networksLater) {
    const refused = joinStartNetworks(x, container, networks, joined);
    if (refused !== null) return failed(refused);
  }
  const mountsBeforeUser = !releaseBelow(x, MOUNTS_BEFORE_USER_FROM);
  const unmounted = mountsBeforeUser ? setupMountsAtStart(x, container) : null;
  if (unmounted !== null) return failed(unmounted, leftOnFailure(x, container, networks, joined, networksLater));
  const user = userLookupProblem(x, container, typeof container.config['User'] === 'string' ? container.config['User'] : '');
  if (user === 'panics') return 'drops-connection';
  if (user !== null) return failed({ status: 500, message: user.message }, leftOnFailure(x, container, networks, joined, networksLater));
  const lateUnmounted = mountsBeforeUser ? null : setupMountsAtStart(x, container);
  if (lateUnmounted !== null) return failed(lateUnmounted, leftOnFailure(x, container, networks, joined, networksLater));
  makeMountPoints(x, container, points, now);
  if (networksLater) {
    const refused = joinStartNetworks(x, container, networks, joined);
    if (refused !== null) return failed(refused);
  }
  const runtime = container.hostConfig['Runtime'];
  if (runtime === undefined || runtime === '') container.hostConfig = { ...container.hostConfig, Runtime: x.state.config.settings.defaultRuntime };
  container.state = 'running';
  container.startedAt = nowNanos();
  reopenStdin(container);
  writeNetworkFiles(x, container);
  container.exitCode = 0;
  delete container.startError;
  objects.containerEvent(container, 'start');
  return null;
}

/**
 * A start that fails between its networks and its task: the networks joined left again (before
 * 28.0), and the networks whose disconnect the cleanup logs without an endpoint (from 28.1).
 */
function leftOnFailure(x: Exchange, container: Container, networks: StartNetworks, joined: readonly string[], networksLater: boolean): readonly SimNetwork[] {
  for (const key of joined) leaveEndpoint(x, container, key);
  for (const key of joined) joinedThenReleased(x, container, key, networkOfKey(x, container, key)!);
  const sandboxed = 'status' in networks || networks.sandbox;
  return networksLater && sandboxed ? cleanupDisconnects(x, container) : [];
}

/**
 * The start's networks joined (their keys pushed to `joined`), or the refusal of the first it
 * cannot join, the endpoints made before it released again (moby's cleanup) and the disconnects
 * a failed start logs (container-networks.ts) done.
 */
function joinStartNetworks(x: Exchange, container: Container, networks: StartNetworks, joined: string[]): { status: number; message: string } | null {
  const { objects } = x.state;
  if ('status' in networks) {
    for (const [key, network] of networks.joinedBefore) joinedThenReleased(x, container, key, network);
    if (networks.disablesNetwork) container.config = withNetworkDisabled(container.config);
    for (const network of networks.disconnectFrom) objects.networkEvent('disconnect', network, container);
    return networks;
  }
  if (networks.sandbox) container.sandboxId = randomBytes(32).toString('hex');
  if (networks.disablesNetwork) container.config = withNetworkDisabled(container.config);
  for (const [key, network] of networks.join) {
    const refused = joinNetwork(x, container, key, network);
    if (refused === null) {
      joined.push(key);
      continue;
    }
    for (const key of joined) leaveEndpoint(x, container, key);
    for (const [key, network] of networks.join.slice(0, joined.length)) joinedThenReleased(x, container, key, network);
    const message = releaseBelow(x, SETUP_NETWORKING_WORDS_FROM) ? refused.message : `failed to set up container networking: ${refused.message}`;
    return { status: refused.status, message };
  }
  return null;
}

/**
 * The container leaves its networks as it ends, if it has a sandbox: each network's disconnect
 * event, the endpoints gone (the networks' IDs stay), and from 28.0 the sandbox too (26.1.5 keeps
 * it; observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2); then each volume's unmount event.
 */
function leaveNetwork(x: Exchange, container: Container): void {
  // moby's releaseNetwork does nothing for a container without a sandbox.
  if (container.sandboxId !== null) leaveNetworks(x, container);
  leaveNetworkFiles(x, container);
  if (!releaseBelow(x, '28.0')) container.sandboxId = null;
  unmountVolumes(x, container);
}

/** The signals a kill names by name or number (SIG prefix optional). */
const SIGNALS: Readonly<Record<string, number>> = { HUP: 1, INT: 2, QUIT: 3, KILL: 9, USR1: 10, USR2: 12, TERM: 15 };

export function signalNumber(text: string): number | undefined {
  if (text === '') return SIGNALS['KILL'];
  if (/^\d+$/.test(text)) return Number(text) > 0 && Number(text) < 65 ? Number(text) : undefined;
  return SIGNALS[text.toUpperCase().replace(/^SIG/, '')];
}

/**
 * A running container ends: the kill and die events, exit status 128 + the signal. A stop
 * (`stopEvent`) records its stop event too, before or after the die as the release orders them.
 */
export function endRunning(x: Exchange, container: Container, signal: number, stopEvent?: 'before-die' | 'after-die', thenKilled = false): void {
  const { objects } = x.state;
  objects.containerEvent(container, 'kill', { signal: String(signal) });
  // A stop that waits 0 s sends SIGKILL before the process is seen to exit; it still dies of the stop signal (observed).
  if (thenKilled) objects.containerEvent(container, 'kill', { signal: String(SIGNALS['KILL']) });
  // A paused container is thawed to take any signal but SIGKILL, which ends it frozen (observed: no unpause event then).
  if (container.paused && signal !== SIGNALS['KILL']) objects.containerEvent(container, 'unpause');
  container.paused = false;
  container.state = 'exited';
  container.exitCode = 128 + signal;
  container.finishedAt = nowNanos();
  // The network is left before the stop and die events from 23.0, after the die on 20.10 (observed).
  const old = releaseBelow(x, '23.0');
  if (!old) leaveNetwork(x, container);
  if (stopEvent === 'before-die') objects.containerEvent(container, 'stop');
  // From 23.0 the die event says how long the process ran, in whole seconds (observed on 26.1.5 and 28.5.2).
  const ran: Record<string, string> = old
    ? {}
    : { execDuration: String((container.finishedAt - (container.startedAt ?? container.finishedAt)) / 1_000_000_000n) };
  objects.containerEvent(container, 'die', { exitCode: String(container.exitCode), ...ran });
  if (old) leaveNetwork(x, container);
  if (stopEvent === 'after-die') objects.containerEvent(container, 'stop');
}

export const containerKillRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/kill',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/routes.ts: POST /containers/{name}/kill',
  rules: [],
  handle(x) {
    // moby reads the signal before it looks the container up, and wraps both errors in the kill's (20.10 only the lookup's).
    const name = x.params['name'] ?? '';
    const old = releaseBelow(x, '23.0');
    const killFailed = (reason: string): string => fillMessage(old ? ENGINE_MESSAGES.killFailedOld : ENGINE_MESSAGES.killFailed, { name, reason });
    const text = queryOf(x).get('signal') ?? '';
    const signal = signalNumber(text);
    // A number is a signal to 20.10's router, which looks the container up first; 23.0 refuses one Linux lacks at once.
    const numeric = /^\d+$/.test(text);
    if (signal === undefined && numeric && !old) return handlerError(x, 400, killFailed(fillMessage(ENGINE_MESSAGES.unsupportedSignal, { signal: text })));
    if (signal === undefined && !numeric)
      return handlerError(
        x,
        400,
        old ? fillMessage(ENGINE_MESSAGES.invalidSignalOld, { signal: text }) : killFailed(fillMessage(ENGINE_MESSAGES.invalidSignal, { signal: text })),
      );
    const container = x.state.objects.findContainer(name);
    if (container === undefined) return handlerError(x, 404, killFailed(fillMessage(ENGINE_MESSAGES.noSuchContainer, { name })));
    if (signal === undefined) return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidSignalOld, { signal: text }));
    if (container.state !== 'running')
      return handlerError(
        x,
        409,
        fillMessage(old ? ENGINE_MESSAGES.notRunningOld : ENGINE_MESSAGES.notRunning, { name: x.params['name'] ?? '', id: container.id }),
      );
    endRunning(x, container, signal);
    sendEmpty(x, 204);
  },
};

/**
 * Why a running or paused container is not removed without force, in the release's words: 20.10
 * names its ID, 26.1 its name ("/p1"), 28.5 the name the request gave (observed on 20.10.24,
 * 26.1.5 and 28.5.2; the releases between take the words of the one before them).
 */
function removeRefusal(x: Exchange, container: Container): string {
  const { paused } = container;
  if (releaseBelow(x, '23.0')) return fillMessage(paused ? ENGINE_MESSAGES.removePausedOld : ENGINE_MESSAGES.removeRunningOld, { id: container.id });
  const name = releaseBelow(x, '28.0') ? `/${container.name}` : (x.params['name'] ?? '');
  return fillMessage(paused ? ENGINE_MESSAGES.removePaused : ENGINE_MESSAGES.removeRunning, { name });
}

export const containerDeleteRoute: Route = {
  method: 'DELETE',
  path: '/containers/{name}',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/routes.ts: DELETE /containers/{name}',
  rules: [],
  handle(x) {
    // An empty name (DELETE /containers/) is refused before any lookup (observed on 20.10.24, 26.1.5, 28.5.2).
    if ((x.params['name'] ?? '') === '') return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidNameOrId, { name: '' }));
    const container = containerOr404(x);
    if (container === undefined) return;
    if (container.state === 'running') {
      if (!boolQuery(x, 'force')) return handlerError(x, 409, removeRefusal(x, container));
      endRunning(x, container, SIGNALS['KILL']!);
    }
    x.state.objects.removeContainer(container);
    // With `v` the anonymous volumes made for it go too, unless another container mounts them.
    if (boolQuery(x, 'v')) removeAnonymousVolumes(x, container);
    x.state.objects.containerEvent(container, 'destroy');
    sendEmpty(x, 204);
  },
};
