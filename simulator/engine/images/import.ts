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
  storedLayer,
  digestOf,
  HOST_PLATFORM,
  platformOf,
  type HistoryEntry,
  type Image,
  type ImagePlatform,
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
import { apiBelow, notImplementedHere, queryOf, releaseBelow, sendJsonMessages } from '../replies.js';
import { goPlatformStruct, normalizedPlatform, parsePlatformSpecifier } from './platform-specifier.js';
import { referenceError, targetOf } from './reference-checks.js';

/**
 * The largest layer an import takes, packed or unpacked: ctrd-sim keeps every layer's files in
 * memory, so a larger one is refused (413) rather than risking the process. The suites' layers
 * are a few megabytes.
 */
const MAX_LAYER_BYTES = 64 * 1024 * 1024;

/**
 * The imported image as containerd's store keeps it (moby's c8d ImportImage): its layer blob (a
 * gzip body as sent, a plain one compressed), the OCI config and the manifest whose digest is the ID.
 */
function inContainerdStore(made: Image, layer: StoredLayer, history: readonly HistoryEntry[]): Image {
  const configBytes = ociConfigDocument(made.config, made.created, [made.layer], history, '', platformOf(made));
  const content = containerdContent(configBytes, [layer]);
  return { ...made, id: content.manifest.digest, containerd: content, configBytes, layerSizes: content.layers.map((layer) => layer.usage) };
}

/** From this API version a pull's or an import's `platform` is read (moby postImagesCreate). */
const PLATFORM_API_FROM = '1.32';

/** From this release the graph drivers' import takes the platform's architecture and variant (before it, the daemon's own; moby v23.0.0 ImportImage). */
const IMPORT_TAKES_ARCHITECTURE_FROM = '23.0';

/** The `platform` of the request, parsed as the release's containerd does; null when none is read; or the 400's words. */
function requestedPlatform(x: Exchange, query: URLSearchParams): ImagePlatform | null | { readonly error: string } {
  const given = query.get('platform') ?? '';
  if (given === '' || apiBelow(x, PLATFORM_API_FROM)) return null;
  const parsed = parsePlatformSpecifier(given, x.state.config.release.release);
  return 'error' in parsed ? parsed : parsed.platform;
}

/**
 * The platform an import gives its image in the graph drivers' store: the OS must be the daemon's
 * (image.CheckOS), and only OS, architecture and variant are kept (20.10 keeps only the OS, which
 * is then the daemon's). Observed on 20.10.24, 26.1.5 and 28.5.2.
 */
function graphDriverPlatform(x: Exchange, platform: ImagePlatform | null): ImagePlatform | undefined | { readonly error: string } {
  if (platform === null) return undefined;
  if (platform.os !== HOST_PLATFORM.os) return { error: ENGINE_MESSAGES.unsupportedOs };
  if (releaseBelow(x, IMPORT_TAKES_ARCHITECTURE_FROM)) return undefined;
  return { ...HOST_PLATFORM, architecture: platform.architecture, variant: platform.variant };
}

/**
 * POST /images/create: from API 1.32 its `platform` parsed first (containerd's grammar of the
 * release: a 400 for a pull as for an import); then a pull (fromImage) is answered up to the
 * registry (registry/pull.ts); an import from a URL is not implemented; fromSrc=- makes an image of
 * the body's tarball (gzip or plain), tagged `repo:tag` when `repo` is given, with the config its
 * `changes` make (moby's order: the name, the OS, the changes, then the body) and the platform asked for.
 */
export const imageCreateRoute: Route = {
  method: 'POST',
  path: '/images/create',
  where: 'simulator/engine/images/import.ts: POST /images/create',
  rules: ['deprecated.image-inspect.container-config', 'deprecated.image-inspect.nonstandard-fields', 'deprecated.image-inspect.empty-fields'],
  async handle(x: Exchange) {
    const query = queryOf(x);
    const asked = requestedPlatform(x, query);
    if (asked !== null && 'error' in asked) return handlerError(x, 400, asked.error);
    const fromImage = query.get('fromImage') ?? '';
    if (fromImage !== '') return answerPull(x, fromImage);
    if (query.get('fromSrc') !== '-') return notImplementedHere(x, '/images/create?fromSrc=<url>');
    const release = x.state.config.release.release;
    const target = targetOf(query);
    const problem = target === null ? null : referenceError(x, target.repo, target.tag);
    if (problem !== null) return handlerError(x, 400, problem);
    const containerd = usesContainerdStore(x.state.config);
    // containerd's store keeps any platform whole; the graph drivers' checks the OS.
    const platform = containerd ? (asked ?? undefined) : graphDriverPlatform(x, asked);
    if (platform !== undefined && 'error' in platform) return handlerError(x, 400, platform.error);
    let config: ImageConfig = EMPTY_IMAGE_CONFIG;
    try {
      for (const change of query.getAll('changes')) config = applyChange(config, change, release);
    } catch (error) {
      if (error instanceof InvalidChange) return handlerError(x, 400, error.message);
      throw error;
    }
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
    const made = makeImage(tar, entries, config, created, history, platform);
    const image: Image = containerd
      ? inContainerdStore(made, storedLayer(isGzip(raw) ? raw : compressLayer(tar), entries), history)
      : { ...made, layerSizes: [made.size] };
    const { objects } = x.state;
    objects.addImage(image);
    // Observed order: the tag event, then the import.
    if (target !== null) objects.tag(image, `${target.repo}:${target.tag}`, created);
    const unpacked = unpackRefusal(image, release);
    if (unpacked !== null) return handlerError(x, 500, unpacked);
    objects.imageEvent(image, 'import', image.id);
    sendJsonMessages(x, [{ status: image.id }]);
  },
};

/**
 * Why containerd's unpack refuses the imported image, or null: a platform with OS features matches
 * none the overlayfs snapshotter supports (containerd's checkSnapshotterSupport, asked only then).
 * The image stays, tagged, with no import event (observed on 29.7.2).
 */
function unpackRefusal(image: Image, release: string): string | null {
  const platform = platformOf(image);
  if (image.containerd === undefined || platform.osFeatures.length === 0) return null;
  const named = goPlatformStruct(normalizedPlatform(platform, release));
  return `failed to unpack image: snapshotter overlayfs does not support platform ${named} for image ${digestOf(image.configBytes!)}`;
}
