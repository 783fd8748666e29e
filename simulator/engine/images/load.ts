import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { fillMessage } from '../../../common/messages.js';
import {
  cleanPath,
  digestOf,
  archivedContent,
  diskSize,
  loadedContent,
  makeImageWithOrigin,
  nowNanos,
  parseTimestamp,
  readConfigDocument,
  readTar,
  type FsEntry,
  type HistoryEntry,
} from '../objects/index.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { referenceProblem } from './reference-checks.js';
import { splitReference } from '../objects/index.js';
import { gunzipIfGzipped, objectOf } from './bodies.js';
import { usesContainerdStore } from './image-store.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { releaseBelow, sendJsonMessages } from '../replies.js';
import { goTarProblem } from './tar-check.js';
import { goJsonSyntaxError } from '../go-json.js';
import { GO_ZERO_TIME } from '../timestamps.js';
import { BAD_ARCHIVE, readSaveArchive } from './load-archive.js';
import { streamErrorLine } from '../stream-error.js';

/** containerd's importer's words for an archive with neither an OCI index nor a Docker manifest. */
const UNRECOGNIZED_FORMAT = 'unrecognized image format';

/** The largest archive a load takes (ctrd-sim keeps every layer in memory), packed or unpacked. */
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;

/** The temporary directory moby unpacks a load into (its name is random). */
const tempDirOf = (dataRoot: string): string => join(dataRoot, 'tmp', `docker-import-${randomInt(1_000_000_000, 4_294_967_295)}`);

/** Go's words for an archive its tar reader stops in; 20.10 unpacks in a child process and wraps them (observed). */
const tarError = (x: Exchange, problem: string): string => (releaseBelow(x, '23.0') ? `Error processing tar file(exit status 1): ${problem}` : problem);

const textOf = (doc: Record<string, unknown>, key: string): string => (typeof doc[key] === 'string' ? (doc[key] as string) : '');

/**
 * POST /images/load: the images of an archive in the save format. Each image's ID is the digest
 * of its config document, whose `config` (the non-standard fields included), `container` and
 * `container_config` it keeps as they are; its files are those of its layers. The answer streams
 * one `{"stream":"Loaded image: <tag>\n"}` line per tag (`Loaded image ID: <id>` for an image
 * without one), as 20.10.24, 26.1.5 and 28.5.2 do with quiet and without (observed). The answer
 * is a 200 stream from its start: a load that fails ends it with the error's line
 * (`{"errorDetail":{"message":…},"error":…}`), as those releases answer a body that is no archive
 * in the save format (observed).
 */
export const imageLoadRoute: Route = {
  method: 'POST',
  path: '/images/load',
  where: 'simulator/engine/images/load.ts: POST /images/load',
  rules: ['deprecated.image-inspect.container-config', 'deprecated.image-inspect.nonstandard-fields'],
  async handle(x: Exchange) {
    let archive: Buffer;
    try {
      const raw = await readBody(x.req, MAX_ARCHIVE_BYTES);
      archive = gunzipIfGzipped(raw, MAX_ARCHIVE_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge || error instanceof RangeError)
        return handlerError(x, 413, fillMessage(ENGINE_MESSAGES.layerTooLarge, { limit: String(MAX_ARCHIVE_BYTES) }));
      throw error;
    }
    const lines: string[] = [];
    const failed = (message: string): void => sendJsonMessages(x, [...lines.map(streamLine), streamErrorLine(x, message)]);
    const problem = goTarProblem(archive);
    if (problem !== null) return failed(tarError(x, problem));
    // Go ends the archive cleanly where the last entry's padding is cut short: so does the simulator's reader, given it whole.
    const entries = await readTar(Buffer.concat([archive, Buffer.alloc(1024 + ((512 - (archive.length % 512)) % 512))])).catch(() => null);
    if (entries === null) return failed(BAD_ARCHIVE);
    const files = new Map(entries.filter((entry) => entry.type === 'file').map((entry) => [entry.path, entry.content]));
    // containerd's importer knows an archive by its index.json or manifest.json (observed on 29.7.2 with an empty archive).
    if (usesContainerdStore(x.state.config) && !files.has('/index.json') && !files.has('/manifest.json')) return failed(UNRECOGNIZED_FORMAT);
    const read = readSaveArchive(entries, tempDirOf(x.state.config.dataRoot));
    if ('error' in read) return failed(read.error);
    const manifest = read.manifest;
    const { objects } = x.state;
    for (const item of manifest) {
      const configBytes = files.get(cleanPath(item.Config));
      if (configBytes === undefined) return failed(BAD_ARCHIVE);
      // moby reads the config with json.Unmarshal: a document that is no JSON ends the load in Go's words.
      const syntax = goJsonSyntaxError(configBytes);
      if (syntax !== null) return failed(syntax);
      const doc = objectOf(JSON.parse(configBytes.toString('utf8')) as unknown);
      if (doc === null) return failed(BAD_ARCHIVE);
      // The layers applied in order: a path an upper layer holds replaces the lower layer's.
      const layerFiles = new Map<string, FsEntry>();
      const layerSizes: number[] = [];
      const layers: { readonly blob: Buffer; readonly entries: readonly FsEntry[] }[] = [];
      for (const layer of item.Layers) {
        const tar = files.get(cleanPath(layer));
        // A layer may be compressed (a save from containerd's store holds its blobs as stored).
        const unpacked = tar === undefined ? undefined : gunzipIfGzipped(tar, MAX_ARCHIVE_BYTES);
        const read = unpacked === undefined ? null : await readTar(unpacked).catch(() => null);
        if (tar === undefined || read === null) return failed(BAD_ARCHIVE);
        for (const entry of read) layerFiles.set(entry.path, entry);
        layerSizes.push(diskSize(read));
        layers.push({ blob: tar, entries: read });
      }
      const { config, nonstandard } = readConfigDocument(objectOf(doc['config']) ?? {});
      const diffIds = objectOf(doc['rootfs'])?.['diff_ids'];
      const origin = {
        nonstandard,
        container: textOf(doc, 'container'),
        containerConfig: objectOf(doc['container_config']),
        parent: '',
        comment: textOf(doc, 'comment'),
        author: textOf(doc, 'author'),
        dockerVersion: textOf(doc, 'docker_version'),
        layers: Array.isArray(diffIds) ? diffIds.map(String) : [],
      };
      const created = parseTimestamp(textOf(doc, 'created')) ?? nowNanos();
      const made = {
        ...makeImageWithOrigin(digestOf(configBytes), { entries: [...layerFiles.values()] }, config, created, origin),
        history: historyOf(doc['history']),
        layerSizes,
        configBytes,
      };
      // containerd's store: the ID is the digest of the Docker manifest its importer writes over the archive's blobs.
      const content = usesContainerdStore(x.state.config)
        ? (indexedContent(files, configBytes, layers) ?? loadedContent(configBytes, layers, item.RepoTags[0] ?? null))
        : undefined;
      // An image the store has already keeps its records, whose targets name it as they did.
      const kept = content === undefined ? undefined : objects.findImage(content.manifest.digest)?.containerd;
      const image =
        content === undefined
          ? made
          : {
              ...made,
              id: content.manifest.digest,
              containerd: kept ?? content,
              layerSizes: content.layers.map((layer) => layer.usage),
            };
      objects.addImage(image);
      objects.imageEvent(image, 'load', image.id);
      for (const repoTag of item.RepoTags) {
        const { repo, tag } = splitReference(repoTag);
        const problem = referenceProblem(repo, tag);
        if (problem !== null) return failed(problem);
        objects.tag(image, `${repo}:${tag}`, nowNanos(), true);
        lines.push(`Loaded image: ${repoTag}`);
      }
      if (item.RepoTags.length === 0) lines.push(`Loaded image ID: ${image.id}`);
    }
    sendJsonMessages(x, lines.map(streamLine));
  },
};

const streamLine = (line: string): { stream: string } => ({ stream: `${line}\n` });

/**
 * An archive in the OCI layout (index.json, as 25.0 and later save): containerd's importer takes
 * the manifests its index names, so the image is the manifest over this config (the same ID as the
 * image saved), its descriptor's annotations kept. Null when the index names none (or there is no
 * index): the manifest.json entry stands alone.
 */
function indexedContent(
  files: ReadonlyMap<string, Buffer>,
  configBytes: Buffer,
  layers: readonly { readonly blob: Buffer; readonly entries: readonly FsEntry[] }[],
): ReturnType<typeof archivedContent> | null {
  const index = objectOf(parseJson(files.get('/index.json')));
  const manifests = Array.isArray(index?.['manifests']) ? index['manifests'] : [];
  const configDigest = digestOf(configBytes);
  for (const item of manifests) {
    const descriptor = objectOf(item);
    const digest = typeof descriptor?.['digest'] === 'string' ? descriptor['digest'] : '';
    const bytes = files.get(`/blobs/sha256/${digest.replace(/^sha256:/, '')}`);
    const manifest = objectOf(parseJson(bytes));
    if (bytes === undefined || objectOf(manifest?.['config'])?.['digest'] !== configDigest) continue;
    const mediaType = typeof descriptor?.['mediaType'] === 'string' ? descriptor['mediaType'] : '';
    const annotations = objectOf(descriptor?.['annotations']) as Record<string, string> | null;
    return archivedContent(bytes, mediaType, configBytes, layers, annotations);
  }
  return null;
}

/** A file's JSON, or undefined where it is none. */
function parseJson(bytes: Buffer | undefined): unknown {
  if (bytes === undefined) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The `history` of a loaded configuration, each step as moby reads it (a missing field is empty; a date Go cannot read is the zero time). */
function historyOf(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const step = objectOf(item) ?? {};
    const text = (key: string): string => (typeof step[key] === 'string' ? step[key] : '');
    return {
      created: parseTimestamp(text('created')) ?? GO_ZERO_TIME,
      createdBy: text('created_by'),
      comment: text('comment'),
      emptyLayer: step['empty_layer'] === true,
    };
  });
}
