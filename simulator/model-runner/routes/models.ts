import { readBody, BodyTooLarge } from '../../http/body.js';
import { startChunked } from '../../http/streaming.js';
import { plainError, RUNNER_MESSAGES, sendJson } from '../replies.js';
import { ModelStore, ModelStoreError, parseModelReference, type ModelRecord, type ModelReference, type RemoveOutcome } from '../store/index.js';
import type { RunnerRequest } from './context.js';
import { withShortId } from '../../quirks/model-runner/short-id.js';
import { withNamespaceAsGiven } from '../../quirks/model-runner/namespace-case-kept.js';
import { listedUntilAdded } from '../../quirks/model-runner/stale-after-delete.js';
import { lowerCased } from '../../quirks/model-runner/tag-lower-cased.js';

/** The create body's limit: a reference and a token fit many times over. */
const CREATE_BODY_LIMIT = 1024 * 1024;

/** The 409 of a create of a model held already, where the variant answers one (models-variant.ts: cachedConflict). */
const CONFLICT_MESSAGE = 'model already exists';

/**
 * A reference from the path's segments after /models/ (`ns/name`, or one segment with an escaped
 * "/"); null when they are not one (nothing is held under them: the real service answers 404).
 */
function referenceOf(x: RunnerRequest, parts: readonly string[]): ModelReference | null {
  let text = parts.join('/');
  const keepCase = x.runner.variants.models.lookupKeepsCase;
  try {
    const ref = parseModelReference(text);
    if (x.runner.variants.models.namespaceCaseKept) return withNamespaceAsGiven(ref, text);
    if (!keepCase || text === text.toLowerCase()) return ref;
    text = text.replace(/:.*$/, '');
    return { ...ref, canonical: `${text}:${ref.tag}` };
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
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
  const variant = x.runner.variants.models;
  const from = variant.arrayFromTaken && Array.isArray(given) && given.length === 1 && typeof given[0] === 'string' ? (given[0] as string) : given;
  if (typeof from !== 'string' || from === '') {
    if (from !== undefined && typeof from !== 'string' && variant.badFromFailsInside) return plainError(x.res, 500, 'internal error');
    return plainError(x.res, 400, RUNNER_MESSAGES.invalidBody);
  }
  if (refusedBareName(x, from, from)) return;
  let ref: ModelReference;
  try {
    ref = parseModelReference(from);
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
    const parts = from
      .toLowerCase()
      .replace(/:[^/]*$/, '')
      .split('/');
    const component = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
    if (!(variant.threeSegmentsTaken && parts.length === 3 && parts.every((part) => component.test(part)))) return plainError(x.res, 400, error.message);
    const tag = /:([^/]*)$/.exec(from)?.[1] ?? 'latest';
    ref = { namespace: parts[0]!, name: `${parts[1]}/${parts[2]}`, tag, canonical: `${parts.join('/')}:${tag}` };
  }
  // The real service pulls first: a model its registry lacks is 404, even one the store holds under that name.
  if (!x.runner.inRegistry(ref) && variant.registryAsked) {
    if (variant.unknownRecordLeft) await x.runner.create(ref);
    return plainError(x.res, 404, RUNNER_MESSAGES.modelNotInRegistry);
  }
  const { record, cached } = await x.runner.create(variant.tagLowerCased ? lowerCased(ref) : ref);
  if (cached && variant.cachedConflict) return plainError(x.res, 409, CONFLICT_MESSAGE);
  const json = x.req.headers.accept === 'application/json';
  const stream = startChunked(x.res, 200, ['Cache-Control', 'no-cache'], json ? 'application/json' : 'text/plain; charset=utf-8');
  const line = (document: object): string => {
    const text = JSON.stringify(document);
    // The real service HTML-escapes its JSON lines unless the client asked for JSON (progressResponseWriter).
    return `${json ? text : text.replace(/"/g, '&#34;')}\n`;
  };
  const size = record.config.size;
  if (cached && variant.cachedLine) {
    stream.write(line({ type: 'success', message: `Using cached model: ${size}` }));
  } else {
    const layer = { id: record.id, size: 1, current: 1 };
    stream.write(line({ type: 'progress', message: `Downloaded: ${size}`, total: 1, pulled: 1, layer, mode: 'pull' }));
    if (variant.successLine) stream.write(line({ type: 'success', message: 'Model pulled successfully', mode: 'pull' }));
  }
  stream.end();
}

/** The list's JSON, kept as long as the list is the same array (the store's, until its next write). */
const listJson = new WeakMap<readonly ModelRecord[], Buffer>();

/**
 * The document's form is <namespace>/<name> (mr.reference.format): a name without namespace
 * (`named`, shown as `shown`) is refused with 400, and true returned (unless a quirk puts it into "ai").
 */
function refusedBareName(x: RunnerRequest, named: string, shown: string): boolean {
  if (named.includes('/') || x.runner.variants.models.bareNameInAi) return false;
  plainError(x.res, 400, `invalid model reference ${JSON.stringify(shown)}: no namespace; a reference is <namespace>/<name>[:<tag>]`);
  return true;
}

export function listModels(x: RunnerRequest): void {
  const list = x.runner.variants.models.staleAfterDelete ? listedUntilAdded(x.runner, x.runner.list()) : x.runner.list();
  let body = listJson.get(list);
  if (body === undefined) {
    body = Buffer.from(`${JSON.stringify(list)}\n`);
    listJson.set(list, body);
  }
  x.res.writeHead(200, ['Content-Type', 'application/json', 'Content-Length', String(body.length)]);
  x.res.end(body);
}

/**
 * The model a path under /models names: the whole path is one reference (the real service's
 * `{name...}`), or an id. Undefined when nothing is held under it, extra segments included: no
 * reference of the document's form has them, so nothing is held under such a path (404, not 400).
 */
function heldUnder(x: RunnerRequest, parts: readonly string[]): { ref: ModelReference | null; record: ModelRecord | undefined } {
  const text = parts.join('/');
  if (ModelStore.looksLikeId(text)) return { ref: null, record: x.runner.getById(text) };
  const ref = referenceOf(x, parts);
  return { ref, record: ref === null ? undefined : x.runner.get(ref) };
}

export function getModel(x: RunnerRequest, parts: readonly string[]): void {
  const variant = x.runner.variants.models;
  const named = parts.length > 2 && variant.extraSegmentsDropped ? parts.slice(0, 2) : parts;
  if (parts.length > 2 && variant.extraSegmentsRefused && !ModelStore.looksLikeId(parts.join('/'))) return plainError(x.res, 400, 'invalid model reference');
  const { record } = heldUnder(x, named);
  if (record === undefined) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  const shown = variant.shortId ? withShortId(record) : record;
  sendJson(x.res, 200, variant.createdShownOffBy === 0 ? shown : { ...shown, created: shown.created + variant.createdShownOffBy });
}

/** A query parameter as Go's Query().Get reads it: the first value, '' when absent. */
const queryOf = (x: RunnerRequest): URLSearchParams => new URL(x.req.url ?? '/', 'http://runner').searchParams;

/** `?force`, `?force=true`, `?force=1`…: Go's strconv.ParseBool, a bare key true, anything else false (parseBoolQueryParam). */
function forced(query: URLSearchParams): boolean {
  if (!query.has('force')) return false;
  const value = query.get('force') ?? '';
  return value === '' || ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

/**
 * DELETE /models/{reference or id}[?force] as the real service's DeleteModel: a reference (a tag)
 * is untagged, and the model goes with its last tag; an id deletes the model, but one with
 * several tags only with force (409 otherwise).
 */
export function deleteModel(x: RunnerRequest, parts: readonly string[]): void {
  const text = parts.join('/');
  const variant = x.runner.variants.models;
  if (parts.length > 2 && variant.extraSegmentsRefused && !ModelStore.looksLikeId(text)) return plainError(x.res, 400, 'invalid model reference');
  let outcome: RemoveOutcome;
  let canonical: string;
  if (ModelStore.looksLikeId(text)) {
    outcome = x.runner.remove({ id: text }, forced(queryOf(x)) || variant.deleteByIdUnforced);
    canonical = text;
  } else {
    const ref = referenceOf(x, parts);
    outcome = ref === null ? { kind: 'absent' } : x.runner.remove({ ref }, forced(queryOf(x)));
    canonical = ref?.canonical ?? text;
  }
  if (outcome.kind === 'conflict')
    return plainError(
      x.res,
      409,
      `error while deleting model: unable to delete ${JSON.stringify(text)} (must be forced) due to multiple tag references: resource conflict`,
    );
  if (outcome.kind === 'absent') {
    if (variant.absentDelete === 'untagged') return sendJson(x.res, 200, [{ Untagged: canonical }]);
    if (variant.absentDelete === 'empty') return sendJson(x.res, 200, []);
    return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  }
  sendJson(x.res, 200, [...outcome.untagged.map((tag) => ({ Untagged: tag })), ...(outcome.deleted ? [{ Deleted: outcome.record.id }] : [])]);
}

/**
 * POST /models/{reference}/{action}: the last segment is the action (the real service's
 * `{nameAndAction...}`). tag is served; push and repackage need a registry and a packager the
 * simulator does not have; any other is 404 `unknown action "<action>"`.
 */
export function modelAction(x: RunnerRequest, parts: readonly string[]): void {
  const action = parts[parts.length - 1] ?? '';
  const model = parts.slice(0, -1);
  if (action !== 'tag' && x.runner.variants.models.extraSegmentsDropped) return getModel(x, model);
  if (action === 'tag') return tagModel(x, model);
  x.req.resume();
  if (action === 'push' || action === 'repackage') return plainError(x.res, 501, `${action} is not served by ctrd-sim: it has no registry and no packager`);
  plainError(x.res, 404, `unknown action ${JSON.stringify(action)}`);
}

/** POST /models/{reference}/tag?repo=R&tag=T: 201 and R:T names the model (moved from another model that held it). */
function tagModel(x: RunnerRequest, model: readonly string[]): void {
  x.req.resume();
  const query = queryOf(x);
  const repo = query.get('repo') ?? '';
  const tag = query.get('tag') ?? '';
  if (repo === '' || tag === '') return plainError(x.res, 400, 'missing repo or tag query parameter');
  const target = `${repo}:${tag}`;
  // The target is a reference of the document's form, as a create's is.
  if (refusedBareName(x, repo, target)) return;
  let targetRef: ModelReference;
  try {
    targetRef = parseModelReference(target);
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
    return plainError(x.res, 400, error.message);
  }
  const { record } = heldUnder(x, model);
  if (record === undefined || x.runner.tag(record, targetRef) === undefined) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  sendJson(x.res, x.runner.variants.models.tagStatus, { message: `Model tagged successfully with ${JSON.stringify(target)}`, target });
}
