import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { runningContainerOr409 } from '../containers/pause.js';
import { resizeSizes } from '../containers/resize.js';
import { printsNewerWords } from '../go-json-newer.js';
import { type GoFieldType, goStructProblem } from '../go-struct-fields.js';
import { goFields, isJsonObject } from '../go-fields.js';
import { readJsonRequest } from '../json-request.js';
import { notImplementedHere, releaseBelow, sendJson } from '../replies.js';
import { detachKeyBytes } from '../containers/detach-keys.js';
import type { ExecInstance } from '../objects/execs.js';
import { userLookupProblem } from './exec-user.js';

/**
 * The exec routes as far as ctrd-sim can take them (observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2): a create is read and checked as moby does (the body's types, a command, an active
 * container, from 28.2 the user in the container's files, the detach keys) and makes an exec
 * instance (its exec_create event; the container's ExecIDs); an inspect shows it, never started;
 * a start answers what moby checks first, then 501 (it would run a process); a resize of an exec
 * that never started waits for it for 10 s, then 500. A container's execs go at its exit.
 */

/** moby's exec create body: types.ExecConfig, from 28.0 container.ExecOptions, from 29.0 container.ExecCreateRequest (without Detach); ConsoleSize from 23.0. */
const CREATE_FIELDS: Readonly<Record<string, GoFieldType>> = {
  User: 'string',
  Privileged: 'bool',
  Tty: 'bool',
  ConsoleSize: '[2]uint',
  AttachStdin: 'bool',
  AttachStderr: 'bool',
  AttachStdout: 'bool',
  Detach: 'bool',
  DetachKeys: 'string',
  Env: '[]string',
  WorkingDir: 'string',
  Cmd: '[]string',
};

/** moby's exec start body: types.ExecStartCheck, from 28.0 container.ExecStartOptions, from 29.0 container.ExecStartRequest; ConsoleSize from 23.0. */
const START_FIELDS: Readonly<Record<string, GoFieldType>> = { Detach: 'bool', Tty: 'bool', ConsoleSize: '[2]uint' };

/** A body's Go struct on each release: its name below 28.0, below 29.0 and from it, and the fields 29.0 dropped. */
interface ExecStruct {
  readonly fields: Readonly<Record<string, GoFieldType>>;
  readonly names: readonly [before28: string, before29: string, from29: string];
  readonly droppedIn29: readonly string[];
}

const CREATE_STRUCT: ExecStruct = {
  fields: CREATE_FIELDS,
  names: ['types.ExecConfig', 'container.ExecOptions', 'container.ExecCreateRequest'],
  droppedIn29: ['Detach'],
};
const START_STRUCT: ExecStruct = {
  fields: START_FIELDS,
  names: ['types.ExecStartCheck', 'container.ExecStartOptions', 'container.ExecStartRequest'],
  droppedIn29: [],
};

/** The struct a body decodes into, as the release names it. */
function structOf(x: Exchange, struct: ExecStruct) {
  const before29 = releaseBelow(x, '29.0');
  const dropped = [...(releaseBelow(x, '23.0') ? ['ConsoleSize'] : []), ...(before29 ? [] : struct.droppedIn29)];
  return {
    typeName: releaseBelow(x, '28.0') ? struct.names[0] : before29 ? struct.names[1] : struct.names[2],
    fields: Object.fromEntries(Object.entries(struct.fields).filter(([field]) => !dropped.includes(field))),
  };
}

/** A body as the route reads it (CheckForJSON, then Go's decoder into the struct), or answered. */
async function readExecBody(x: Exchange, execStruct: ExecStruct): Promise<{ readonly value: unknown } | null> {
  const struct = structOf(x, execStruct);
  // Fields named as the body spells them by the Go 28.x is built with only (29.7.2 names the struct's, observed).
  const newerGo = printsNewerWords(x.state.config.release.release);
  const read = await readJsonRequest(x, (value) => goStructProblem(value, struct, newerGo), true);
  if ('status' in read) {
    handlerError(x, read.status, read.message);
    return null;
  }
  return read;
}

const noSuchExec = (x: Exchange): void => handlerError(x, 404, `No such exec instance: ${x.params['id'] ?? x.params['name'] ?? ''}`);

/** From this release a create looks the user up in the container's files (moby b54a038bec). */
const USER_CHECKED_FROM = '28.2';

/** How long moby's resize waits for an exec to start. */
const RESIZE_WAIT_MS = 10_000;

const PAUSED = 'Container {name} is paused, unpause the container before exec';

const createRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/exec',
  slashedParams: ['name'],
  where: 'simulator/engine/exec/routes.ts: POST /containers/{name}/exec',
  rules: [],
  async handle(x) {
    const body = await readExecBody(x, CREATE_STRUCT);
    if (body === null) return;
    const command = isJsonObject(body.value) ? goFields(body.value, Object.keys(CREATE_FIELDS))['Cmd'] : undefined;
    if (!Array.isArray(command) || command.length === 0) return handlerError(x, 400, 'No exec command specified');
    // moby's getActiveContainer: not running, then paused (named as the path names it).
    const container = runningContainerOr409(x);
    if (container === undefined) return;
    if (container.paused) return handlerError(x, 409, fillMessage(PAUSED, { name: x.params['name'] ?? '' }));
    const fields = goFields(body.value as Record<string, unknown>, Object.keys(CREATE_FIELDS));
    const text = (key: string): string => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
    const flag = (key: string): boolean => fields[key] === true;
    if (text('User') !== '' && !releaseBelow(x, USER_CHECKED_FROM)) {
      const problem = userLookupProblem(x, container, text('User'));
      // Go's http server recovers the handler's panic by closing the connection, unanswered.
      if (problem === 'panics') return void x.req.socket.destroy();
      if (problem !== null) return handlerError(x, 400, problem.message);
    }
    const keys = text('DetachKeys') === '' ? [] : detachKeyBytes(Buffer.from(text('DetachKeys'), 'latin1'));
    if (keys === null) return handlerError(x, 500, `Invalid escape keys (${text('DetachKeys')}) provided`);
    const [entrypoint = '', ...args] = command.map((part) => (typeof part === 'string' ? part : ''));
    const exec = x.state.objects.execs.add({
      containerId: container.id,
      entrypoint,
      args,
      tty: flag('Tty'),
      privileged: flag('Privileged'),
      user: text('User') === '' ? String(container.config['User'] ?? '') : text('User'),
      openStdin: flag('AttachStdin'),
      openStdout: flag('AttachStdout'),
      openStderr: flag('AttachStderr'),
      detachKeys: Buffer.from(keys),
      startedAt: container.startedAt,
    });
    x.state.objects.containerEvent(container, `exec_create: ${entrypoint} ${args.join(' ')}`, { execID: exec.id });
    sendJson(x, 201, { Id: exec.id });
  },
};

/**
 * The exec the path names with its container not paused (moby getExecConfig), or answered. The
 * store finds only the execs of a container's current run (objects/execs.ts), so moby's 404 for a
 * removed container and 409 for one not running are its 404 here.
 */
function activeExec(x: Exchange): ExecInstance | undefined {
  const exec = x.state.objects.execs.get(x.params['name'] ?? '');
  if (exec === undefined) return void noSuchExec(x);
  if (x.state.objects.findContainer(exec.containerId)?.paused === true) return void handlerError(x, 409, fillMessage(PAUSED, { name: exec.containerId }));
  return exec;
}

/** moby's ExecInspect of an exec that never started. */
const inspectDocument = (exec: ExecInstance): Record<string, unknown> => ({
  ID: exec.id,
  Running: false,
  ExitCode: null,
  ProcessConfig: {
    tty: exec.tty,
    entrypoint: exec.entrypoint,
    arguments: exec.args,
    privileged: exec.privileged,
    ...(exec.user === '' ? {} : { user: exec.user }),
  },
  OpenStdin: exec.openStdin,
  OpenStderr: exec.openStderr,
  OpenStdout: exec.openStdout,
  CanRemove: false,
  ContainerID: exec.containerId,
  DetachKeys: exec.detachKeys.toString('base64'),
  Pid: 0,
});

const inspectRoute: Route = {
  method: 'GET',
  path: '/exec/{id}/json',
  slashedParams: ['id'],
  where: 'simulator/engine/exec/routes.ts: GET /exec/{id}/json',
  rules: [],
  handle(x) {
    const exec = x.state.objects.execs.get(x.params['id'] ?? '');
    if (exec === undefined) return noSuchExec(x);
    sendJson(x, 200, inspectDocument(exec));
  },
};

const startRoute: Route = {
  method: 'POST',
  path: '/exec/{name}/start',
  slashedParams: ['name'],
  where: 'simulator/engine/exec/routes.ts: POST /exec/{name}/start',
  rules: [],
  async handle(x) {
    if ((await readExecBody(x, START_STRUCT)) === null || activeExec(x) === undefined) return;
    notImplementedHere(x, '/exec/{name}/start (it runs a process)');
  },
};

/** POST /exec/{name}/resize: the sizes as the container's resize reads them (400 on every release), then the exec. */
const resizeRoute: Route = {
  method: 'POST',
  path: '/exec/{name}/resize',
  slashedParams: ['name'],
  where: 'simulator/engine/exec/routes.ts: POST /exec/{name}/resize',
  rules: [],
  handle(x) {
    const sizes = resizeSizes(x);
    if ('error' in sizes) return handlerError(x, 400, sizes.error);
    if (activeExec(x) === undefined) return;
    const timer = setTimeout(() => handlerError(x, 500, 'timeout waiting for exec session ready'), RESIZE_WAIT_MS);
    x.res.once('close', () => clearTimeout(timer));
  },
};

export const EXEC_ROUTES: readonly Route[] = [createRoute, inspectRoute, startRoute, resizeRoute];
