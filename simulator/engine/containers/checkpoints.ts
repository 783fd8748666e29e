import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { printsNewerWords } from '../go-json-newer.js';
import { goStructProblem, type GoStruct } from '../go-struct-fields.js';
import { experimentalDisabled } from '../documented-routes.js';
import { decodeFirstBodyValue, readJsonRequest } from '../json-request.js';
import { notImplementedHere, queryOf, releaseBelow, sendJson } from '../replies.js';
import { containerOr404 } from './routes.js';

/**
 * The checkpoint routes of a daemon started with --experimental (moby daemon/checkpoint.go), for
 * what needs no CRIU: a container's checkpoints are the directories in its own checkpoint
 * directory, which only a checkpoint of a running container (CRIU, a process: 501) would add.
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07) with containers never started:
 * - a list is null, from 28.5 `[]` (moby fd10938136);
 * - a create decodes its body (before 23.0 Go's decoder, 500 "EOF" for none and Go's words; from
 *   23.0 ReadJSON: the Content-Type, "invalid JSON: …" 400), then refuses a container that is not
 *   running: before 24.0 500 "Container c1 not running", from 24.0 409 "container <id> is not running";
 * - a delete of a checkpoint the container lacks is 500 "checkpoint cp1 does not exist for container c1".
 * A `dir` of the host's (a list's or a delete's query) is the host's file system: 501.
 * Without --experimental each answers 501 as the release's other experimental routes do.
 */

/** The body's struct as each release names it (api/types, then api/types/checkpoint from 25.0, its CreateRequest from 29.0). */
const createStruct = (x: Exchange): GoStruct => ({
  typeName: releaseBelow(x, '25.0') ? 'types.CheckpointCreateOptions' : releaseBelow(x, '29.0') ? 'checkpoint.CreateOptions' : 'checkpoint.CreateRequest',
  fields: { CheckpointID: 'string', CheckpointDir: 'string', Exit: 'bool' },
});

const LIST_EMPTY_ARRAY_FROM = '28.5';
const READ_JSON_FROM = '23.0';
const RUNNING_TASK_FROM = '24.0';
/** What the body decode and the answers read at most. */
const MAX_BODY = 1024 * 1024;

const WHERE = 'simulator/engine/containers/checkpoints.ts';

/** The handler where the daemon runs with --experimental, else the release's refusal of an experimental route. */
const experimentalOnly =
  (handle: (x: Exchange) => void | Promise<void>) =>
  (x: Exchange): void | Promise<void> =>
    x.state.config.experimental ? handle(x) : experimentalDisabled(x);

/** A `dir` query names a directory of the host's, which ctrd-sim does not have: answered 501, true. */
function hostDirectory(x: Exchange, what: string): boolean {
  if ((queryOf(x).get('dir') ?? '') === '') return false;
  notImplementedHere(x, `${what} with a checkpoint directory of the host's (dir)`);
  return true;
}

const listRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/checkpoints',
  slashedParams: ['name'],
  where: `${WHERE}: GET /containers/{name}/checkpoints`,
  rules: [],
  handle: experimentalOnly((x) => {
    if (containerOr404(x) === undefined || hostDirectory(x, '/containers/{name}/checkpoints')) return;
    sendJson(x, 200, releaseBelow(x, LIST_EMPTY_ARRAY_FROM) ? null : []);
  }),
};

/** The create's body as the release reads it, or answered (null). */
async function readCreateBody(x: Exchange): Promise<boolean> {
  const struct = createStruct(x);
  const fits = (value: unknown): string | null => goStructProblem(value, struct, printsNewerWords(x.state.config.release.release));
  if (releaseBelow(x, READ_JSON_FROM)) {
    const decoded = await decodeFirstBodyValue(x, MAX_BODY);
    const problem = 'unread' in decoded ? decoded.unread : 'decodeError' in decoded ? decoded.decodeError : fits(decoded.value);
    if (problem === null) return true;
    handlerError(x, 500, problem);
    return false;
  }
  const read = await readJsonRequest(x, fits);
  if ('value' in read) return true;
  handlerError(x, read.status, read.message);
  return false;
}

const createRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/checkpoints',
  slashedParams: ['name'],
  where: `${WHERE}: POST /containers/{name}/checkpoints`,
  rules: [],
  handle: experimentalOnly(async (x) => {
    if (!(await readCreateBody(x))) return;
    const container = containerOr404(x);
    if (container === undefined) return;
    if (container.state !== 'running') {
      const name = x.params['name'] ?? '';
      return releaseBelow(x, RUNNING_TASK_FROM)
        ? handlerError(x, 500, `Container ${name} not running`)
        : handlerError(x, 409, `container ${container.id} is not running`);
    }
    notImplementedHere(x, '/containers/{name}/checkpoints of a running container (CRIU checkpoints its process)');
  }),
};

const deleteRoute: Route = {
  method: 'DELETE',
  path: '/containers/{name}/checkpoints/{checkpoint}',
  where: `${WHERE}: DELETE /containers/{name}/checkpoints/{checkpoint}`,
  rules: [],
  handle: experimentalOnly((x) => {
    if (containerOr404(x) === undefined || hostDirectory(x, '/containers/{name}/checkpoints/{checkpoint}')) return;
    // No checkpoint is ever made (a create needs a running process): none exists.
    handlerError(x, 500, `checkpoint ${x.params['checkpoint'] ?? ''} does not exist for container ${x.params['name'] ?? ''}`);
  }),
};

export const CHECKPOINT_ROUTES: readonly Route[] = [listRoute, createRoute, deleteRoute];
