import { fillMessage } from '../../../common/messages.js';
import {
  applyChange,
  compressLayer,
  containerdContent,
  EMPTY_IMAGE_CONFIG,
  InvalidChange,
  isGzip,
  makeImage,
  nowNanos,
  ociConfigDocument,
  readTar,
  splitReference,
  storedLayer,
  type HistoryEntry,
  type Image,
  type ImageConfig,
  type StoredLayer,
} from '../objects/index.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { answerPull } from '../registry/pull.js';
import type { Route } from '../../http/route.js';
import { gunzipIfGzipped } from './bodies.js';
import { usesContainerdStore } from './image-store.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { notImplementedHere, queryOf, sendJsonMessages } from '../replies.js';

/**
 * The largest layer an import takes, packed or unpacked: ctrd-sim keeps every layer's files in
 * memory, so a larger one is refused (413) rather than risking the process. The suites' layers
 * are a few megabytes.
 */
const MAX_LAYER_BYTES = 64 * 1024 * 1024;

/** A repository name as the reference grammar allows it (domain[:port]/ then lower-case path components). */
const REPOSITORY =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?(?::\d+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;

/** The reason `repo:tag` is not a valid reference, or null. */
export function referenceProblem(repo: string, tag: string): string | null {
  if (repo === '') return ENGINE_MESSAGES.missingRepo;
  if (!REPOSITORY.test(repo))
    return repo.toLowerCase() !== repo && REPOSITORY.test(repo.toLowerCase()) ? ENGINE_MESSAGES.uppercaseRepository : 'invalid reference format';
  return TAG.test(tag) ? null : 'invalid reference format';
}

/** The repository and tag an import or a tag request names: `repo` may carry the tag itself. */
export function targetOf(query: URLSearchParams): { repo: string; tag: string } | null {
  const repo = query.get('repo') ?? '';
  if (repo === '') return null;
  const tag = query.get('tag') ?? '';
  return tag === '' ? splitReference(repo) : { repo, tag };
}

/**
 * The imported image as containerd's store keeps it (moby's c8d ImportImage): its layer blob (a
 * gzip body as sent, a plain one compressed), the OCI config and the manifest whose digest is the ID.
 */
function inContainerdStore(made: Image, layer: StoredLayer, history: readonly HistoryEntry[]): Image {
  const configBytes = ociConfigDocument(made.config, made.created, [made.layer], history);
  const content = containerdContent(configBytes, [layer]);
  return { ...made, id: content.manifest.digest, containerd: content, configBytes, layerSizes: content.layers.map((layer) => layer.usage) };
}

/**
 * POST /images/create?fromSrc=-: an image of the body's tarball (gzip or plain) with the config
 * its `changes` make, tagged `repo:tag` when `repo` is given. A pull (fromImage) is answered up to
 * the registry (registry/pull.ts); an import from a URL is not implemented.
 */
export const imageCreateRoute: Route = {
  method: 'POST',
  path: '/images/create',
  where: 'simulator/engine/images/import.ts: POST /images/create',
  rules: ['deprecated.image-inspect.container-config', 'deprecated.image-inspect.nonstandard-fields', 'deprecated.image-inspect.empty-fields'],
  async handle(x: Exchange) {
    const query = queryOf(x);
    const fromImage = query.get('fromImage') ?? '';
    if (fromImage !== '') return answerPull(x, fromImage);
    if (query.get('fromSrc') !== '-') return notImplementedHere(x, '/images/create?fromSrc=<url>');
    const release = x.state.config.release.release;
    let config: ImageConfig = EMPTY_IMAGE_CONFIG;
    try {
      for (const change of query.getAll('changes')) config = applyChange(config, change, release);
    } catch (error) {
      if (error instanceof InvalidChange) return handlerError(x, 400, error.message);
      throw error;
    }
    const target = targetOf(query);
    const problem = target === null ? null : referenceProblem(target.repo, target.tag);
    if (problem !== null) return handlerError(x, 400, problem);
    let raw: Buffer;
    let tar: Buffer;
    try {
      raw = await readBody(x.req, MAX_LAYER_BYTES);
      tar = gunzipIfGzipped(raw, MAX_LAYER_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge || error instanceof RangeError)
        return handlerError(x, 413, fillMessage(ENGINE_MESSAGES.layerTooLarge, { limit: String(MAX_LAYER_BYTES) }));
      if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_'))
        return handlerError(x, 500, ENGINE_MESSAGES.badTar);
      throw error;
    }
    const entries = await readTar(tar).catch(() => null);
    // A body that is no tarball: 500 with Go's archive/tar words (20.10 wraps them; observed).
    if (entries === null) return handlerError(x, 500, release === '20.10' ? ENGINE_MESSAGES.badTarOld : ENGINE_MESSAGES.badTar);
    const created = nowNanos();
    // moby's import: one step, commented with the request's message or where the layer came from (the body here).
    const comment = query.get('message') ?? '';
    const history = [{ created, createdBy: '', comment: comment === '' ? 'Imported from -' : comment, emptyLayer: false }];
    const made = makeImage(tar, entries, config, created, history);
    const image: Image = usesContainerdStore(x.state.config)
      ? inContainerdStore(made, storedLayer(isGzip(raw) ? raw : compressLayer(tar), entries), history)
      : { ...made, layerSizes: [made.size] };
    const { objects } = x.state;
    objects.addImage(image);
    // Observed order: the tag event, then the import.
    if (target !== null) objects.tag(image, `${target.repo}:${target.tag}`, created);
    objects.imageEvent(image, 'import', image.id);
    sendJsonMessages(x, [{ status: image.id }]);
  },
};
