import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { runningContainerOr409 } from '../containers/pause.js';
import { resizeSizes } from '../containers/resize.js';
import { NEWER_GO_FROM } from '../go-json-newer.js';
import { type GoFieldType, goStructProblem } from '../go-struct-fields.js';
import { goFields, isJsonObject } from '../go-fields.js';
import { readJsonRequest } from '../json-request.js';
import { notImplementedHere, releaseBelow } from '../replies.js';

/**
 * The exec routes as far as ctrd-sim can take them: its containers run nothing, so it makes no exec
 * instance. A create is read and checked as moby does (the body's types, a command, an active
 * container) and answers 501 for a running container; every exec ID is unknown (404 after the
 * route's own checks). Observed on 20.10.24, 26.1.5 and 28.5.2.
 */

/** moby's exec create body: types.ExecConfig, from 28.0 container.ExecOptions; ConsoleSize from 23.0. */
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

/** moby's exec start body: types.ExecStartCheck, from 28.0 container.ExecStartOptions; ConsoleSize from 23.0. */
const START_FIELDS: Readonly<Record<string, GoFieldType>> = { Detach: 'bool', Tty: 'bool', ConsoleSize: '[2]uint' };

/** The struct a body decodes into, as the release names it. */
function structOf(x: Exchange, fields: Readonly<Record<string, GoFieldType>>, names: readonly [old: string, newer: string]) {
  const withoutConsole = Object.fromEntries(Object.entries(fields).filter(([field]) => field !== 'ConsoleSize'));
  return {
    typeName: releaseBelow(x, NEWER_GO_FROM) ? names[0] : names[1],
    fields: releaseBelow(x, '23.0') ? withoutConsole : fields,
  };
}

/** A body as the route reads it (CheckForJSON, then Go's decoder into the struct), or answered. */
async function readExecBody(
  x: Exchange,
  fields: Readonly<Record<string, GoFieldType>>,
  names: readonly [string, string],
): Promise<{ readonly value: unknown } | null> {
  const struct = structOf(x, fields, names);
  const newerGo = !releaseBelow(x, NEWER_GO_FROM);
  const read = await readJsonRequest(x, (value) => goStructProblem(value, struct, newerGo), true);
  if ('status' in read) {
    handlerError(x, read.status, read.message);
    return null;
  }
  return read;
}

const noSuchExec = (x: Exchange): void => handlerError(x, 404, `No such exec instance: ${x.params['id'] ?? x.params['name'] ?? ''}`);

const PAUSED = 'Container {name} is paused, unpause the container before exec';

const createRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/exec',
  slashedParams: ['name'],
  where: 'simulator/engine/exec/routes.ts: POST /containers/{name}/exec',
  rules: [],
  async handle(x) {
    const body = await readExecBody(x, CREATE_FIELDS, ['types.ExecConfig', 'container.ExecOptions']);
    if (body === null) return;
    const command = isJsonObject(body.value) ? goFields(body.value, Object.keys(CREATE_FIELDS))['Cmd'] : undefined;
    if (!Array.isArray(command) || command.length === 0) return handlerError(x, 400, 'No exec command specified');
    // moby's getActiveContainer: not running, then paused (named as the path names it).
    const container = runningContainerOr409(x);
    if (container === undefined) return;
    if (container.paused) return handlerError(x, 409, fillMessage(PAUSED, { name: x.params['name'] ?? '' }));
    notImplementedHere(x, '/containers/{name}/exec');
  },
};

const inspectRoute: Route = {
  method: 'GET',
  path: '/exec/{id}/json',
  slashedParams: ['id'],
  where: 'simulator/engine/exec/routes.ts: GET /exec/{id}/json',
  rules: [],
  handle: noSuchExec,
};

const startRoute: Route = {
  method: 'POST',
  path: '/exec/{name}/start',
  slashedParams: ['name'],
  where: 'simulator/engine/exec/routes.ts: POST /exec/{name}/start',
  rules: [],
  async handle(x) {
    if ((await readExecBody(x, START_FIELDS, ['types.ExecStartCheck', 'container.ExecStartOptions'])) !== null) noSuchExec(x);
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
    noSuchExec(x);
  },
};

export const EXEC_ROUTES: readonly Route[] = [createRoute, inspectRoute, startRoute, resizeRoute];
