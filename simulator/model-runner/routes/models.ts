import { readBody, BodyTooLarge } from '../../http/body.js';
import { startChunked } from '../../http/streaming.js';
import { plainError, RUNNER_MESSAGES, sendJson } from '../replies.js';
import { ModelStoreError, parseModelReference, type ModelRecord, type ModelReference } from '../store/index.js';
import type { RunnerRequest } from './context.js';
import { ARRAY_FROM_TAKEN } from '../../quirks/model-runner/array-from-taken.js';
import { BARE_NAME_IN_AI } from '../../quirks/model-runner/bare-name-in-ai.js';
import { DELETE_ABSENT_200 } from '../../quirks/model-runner/delete-absent-200.js';
import { SHORT_ID, withShortId } from '../../quirks/model-runner/short-id.js';
import { NAMESPACE_CASE_KEPT, withNamespaceAsGiven } from '../../quirks/model-runner/namespace-case-kept.js';
import { CONFLICT_409, CONFLICT_MESSAGE } from '../../quirks/model-runner/conflict-409.js';
import { listedUntilAdded, STALE_AFTER_DELETE } from '../../quirks/model-runner/stale-after-delete.js';
import { lowerCased, TAG_LOWER_CASED } from '../../quirks/model-runner/tag-lower-cased.js';

/** The create body's limit: a reference and a token fit many times over. */
const CREATE_BODY_LIMIT = 1024 * 1024;

/** A reference from the path's segments after /models/ (`ns/name`, or one segment with an escaped "/"). */
function referenceOf(x: RunnerRequest, parts: readonly string[]): ModelReference | null {
  let text = parts.join('/');
  // Fault (mr.reference.normalised): the name is looked up as given, not lower-cased.
  const keepCase = x.runner.faults.has('mr.reference.normalised');
  try {
    const ref = parseModelReference(text);
    // Quirk hypothetical.mr.reference.normalised.namespace-case-kept: the namespace is looked up as given.
    if (x.runner.quirks.has(NAMESPACE_CASE_KEPT)) return withNamespaceAsGiven(ref, text);
    if (!keepCase || text === text.toLowerCase()) return ref;
    text = text.replace(/:.*$/, '');
    return { ...ref, canonical: `${text}:${ref.tag}` };
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
    plainError(x.res, 400, error.message);
    return null;
  }
}

/** POST /models/create {"from": <reference>}: streamed progress lines, the last one the outcome. */
export async function createModel(x: RunnerRequest): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(x.req, CREATE_BODY_LIMIT)).toString('utf8'));
  } catch (error) {
    if (error instanceof BodyTooLarge || error instanceof SyntaxError) return plainError(x.res, 400, RUNNER_MESSAGES.invalidBody);
    throw error;
  }
  const given = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)['from'] : undefined;
  // Quirk (hypothetical): an array of one string is taken as that string.
  const from =
    x.runner.quirks.has(ARRAY_FROM_TAKEN) && Array.isArray(given) && given.length === 1 && typeof given[0] === 'string' ? (given[0] as string) : given;
  if (typeof from !== 'string' || from === '') {
    // Fault (mr.models.create.bad-body): a "from" of another type fails inside.
    if (from !== undefined && typeof from !== 'string' && x.runner.faults.has('mr.models.create.bad-body')) return plainError(x.res, 500, 'internal error');
    return plainError(x.res, 400, RUNNER_MESSAGES.invalidBody);
  }
  // The document's form is <namespace>/<name> (mr.reference.format); quirk (hypothetical): a bare name goes into "ai".
  if (!from.includes('/') && !x.runner.quirks.has(BARE_NAME_IN_AI))
    return plainError(x.res, 400, `invalid model reference ${JSON.stringify(from)}: no namespace; a reference is <namespace>/<name>[:<tag>]`);
  let ref: ModelReference;
  try {
    ref = parseModelReference(from);
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
    // Fault (mr.reference.format): three segments are taken as namespace and a name holding "/".
    const parts = from
      .toLowerCase()
      .replace(/:[^/]*$/, '')
      .split('/');
    const component = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
    if (!(x.runner.faults.has('mr.reference.format') && parts.length === 3 && parts.every((part) => component.test(part))))
      return plainError(x.res, 400, error.message);
    const tag = /:([^/]*)$/.exec(from)?.[1] ?? 'latest';
    ref = { namespace: parts[0]!, name: `${parts[1]}/${parts[2]}`, tag, canonical: `${parts.join('/')}:${tag}` };
  }
  // Quirk hypothetical.mr.reference.normalised.tag-lower-cased: the whole reference lower-cased.
  const { record, cached } = await x.runner.create(x.runner.quirks.has(TAG_LOWER_CASED) ? lowerCased(ref) : ref);
  // Quirk hypothetical.mr.models.create.cached.conflict-409: a held model is a conflict.
  if (cached && x.runner.quirks.has(CONFLICT_409)) return plainError(x.res, 409, CONFLICT_MESSAGE);
  const json = x.req.headers.accept === 'application/json';
  const stream = startChunked(x.res, 200, ['Cache-Control', 'no-cache'], json ? 'application/json' : 'text/plain; charset=utf-8');
  const line = (document: object): string => {
    const text = JSON.stringify(document);
    // The real service HTML-escapes its JSON lines unless the client asked for JSON (progressResponseWriter).
    return `${json ? text : text.replace(/"/g, '&#34;')}\n`;
  };
  const size = record.config.size;
  if (cached && !x.runner.faults.has('mr.models.create.cached')) {
    stream.write(line({ type: 'success', message: `Using cached model: ${size}` }));
  } else {
    const layer = { id: record.id, size: 1, current: 1 };
    stream.write(line({ type: 'progress', message: `Downloaded: ${size}`, total: 1, pulled: 1, layer, mode: 'pull' }));
    // Fault (mr.models.create): the success line never comes.
    if (!x.runner.faults.has('mr.models.create')) stream.write(line({ type: 'success', message: 'Model pulled successfully', mode: 'pull' }));
  }
  stream.end();
}

/** The list's JSON, kept as long as the list is the same array (the store's, until its next write). */
const listJson = new WeakMap<readonly ModelRecord[], Buffer>();

export function listModels(x: RunnerRequest): void {
  // Quirk hypothetical.mr.models.list.stale-after-delete: the list is refreshed on additions only.
  const list = x.runner.quirks.has(STALE_AFTER_DELETE) ? listedUntilAdded(x.runner, x.runner.list()) : x.runner.list();
  let body = listJson.get(list);
  if (body === undefined) {
    body = Buffer.from(`${JSON.stringify(list)}\n`);
    listJson.set(list, body);
  }
  x.res.writeHead(200, ['Content-Type', 'application/json', 'Content-Length', String(body.length)]);
  x.res.end(body);
}

export function getModel(x: RunnerRequest, parts: readonly string[]): void {
  const ref = referenceOf(x, parts);
  if (ref === null) return;
  const record = x.runner.get(ref);
  if (record === undefined) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  // Fault (mr.models.get): the record is not the list's.
  // Quirk hypothetical.mr.models.get.short-id: the id as the CLI shows it.
  const shown = x.runner.quirks.has(SHORT_ID) ? withShortId(record) : record;
  sendJson(x.res, 200, x.runner.faults.has('mr.models.get') ? { ...shown, created: shown.created + 1 } : shown);
}

export function deleteModel(x: RunnerRequest, parts: readonly string[]): void {
  const ref = referenceOf(x, parts);
  if (ref === null) return;
  const record: ModelRecord | undefined = x.runner.delete(ref);
  if (record === undefined) {
    // Fault (mr.models.delete): a model not held is "deleted" all the same.
    if (x.runner.faults.has('mr.models.delete')) return sendJson(x.res, 200, [{ Untagged: ref.canonical }]);
    // Quirk (hypothetical): nothing to delete is no error.
    if (x.runner.quirks.has(DELETE_ABSENT_200)) return sendJson(x.res, 200, []);
    return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  }
  sendJson(x.res, 200, [{ Untagged: ref.canonical }, { Deleted: record.id }]);
}
