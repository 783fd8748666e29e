import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { fillMessage } from '../../../common/messages.js';
import {
  cleanPath,
  digestOf,
  archivedContent,
  familiarRepoTag,
  diskSize,
  loadedContent,
  makeImageWithOrigin,
  nowNanos,
  parseTimestamp,
  readConfigDocument,
  readTar,
  overlaid,
  HOST_PLATFORM,
  platformOf,
  type FsEntry,
  type HistoryEntry,
  type Image,
  type ImagePlatform,
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
import { releaseBelow, routedHeaders, sendJsonMessages } from '../replies.js';
import { goTarProblem } from './tar-check.js';
import { goJsonSyntaxError } from '../go-json.js';
import { GO_ZERO_TIME } from '../timestamps.js';
import { BAD_ARCHIVE, readSaveArchive } from './load-archive.js';
import { streamErrorLine } from '../stream-error.js';
import { formatPlatformAll } from './platform-lookup.js';
import { only, onlyStrict } from './platform-match.js';
import { detectedHostPlatform } from './host-platform.js';
import { withChildrenCollected, withPackedOnly } from './containerd-presence.js';
import { parsePlatformSpecifier } from './platform-specifier.js';
import { requestedPlatforms } from './requested-platforms.js';

/** containerd's importer's words for an archive with neither an OCI index nor a Docker manifest. */
const UNRECOGNIZED_FORMAT = 'unrecognized image format';

/** From this release a load refuses an image of another OS (image.CheckOS) rather than panicking on it (moby v23.0.0). */
const CHECKS_LOADED_OS_FROM = '23.0';

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
    const asked = requestedPlatforms(x);
    if ('status' in asked) return handlerError(x, asked.status, asked.message);
    const wanted = asked.platforms;
    const release = x.state.config.release.release;
    const containerdStore = usesContainerdStore(x.state.config);
    const lines: { stream?: string }[] = [];
    /** Whether a config declares a platform asked for (any of them, strictly: containerd's Any of NewMatchers). */
    const ofWanted = (configBytes: Buffer | undefined): boolean => {
      const doc = configBytes === undefined ? null : objectOf(parseJson(configBytes));
      return doc !== null && wanted.some((one) => onlyStrict(one, release)(configPlatform(doc)));
    };
    const failed = (message: string): void => sendJsonMessages(x, [...lines, streamErrorLine(x, message)]);
    // What was written reaches the client, then the connection drops (Go's server recovers a handler's panic so).
    // Nothing written yet: no answer at all (its writer flushes the headers with its first line).
    const panicked = (): void => {
      if (lines.length === 0) return void x.req.socket.destroy();
      x.res.writeHead(200, [...routedHeaders(x), 'Content-Type', 'application/json']);
      x.res.write(lines.map((line) => `${JSON.stringify(line)}\r\n`).join(''), () => x.req.socket.destroy());
    };
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
    // containerd's importer gives a Docker archive's manifests their config's platform and walks only those of a platform asked for:
    // where none is, it stops before it names any image (WalkNotEmpty); where one is, it names them all (observed on 29.7.2).
    if (containerdStore && wanted.length > 0 && !files.has('/index.json') && !manifest.some((item) => ofWanted(files.get(cleanPath(item.Config)))))
      return failed(`requested platform(s) (${goStringList(wanted)}) not found: image might be filtered out`);
    // The graph drivers' exporter writes the IDs of the images it loaded only when the last one loaded had no tag (tarexport Load's imageRefCount).
    let loadedIds = '';
    let lastTagCount = 0;
    const loaded: { readonly image: Image; readonly names: readonly string[] }[] = [];
    const loadedHere = new Set<string>();
    /** The images this load made a record of (none was in the store before). */
    const loadedNew = new Set<string>();
    for (const item of manifest) {
      const configBytes = files.get(cleanPath(item.Config));
      if (configBytes === undefined) return failed(BAD_ARCHIVE);
      // moby reads the config with json.Unmarshal: a document that is no JSON ends the load in Go's words.
      const syntax = goJsonSyntaxError(configBytes);
      if (syntax !== null) return failed(syntax);
      const doc = objectOf(JSON.parse(configBytes.toString('utf8')) as unknown);
      if (doc === null) return failed(BAD_ARCHIVE);
      const platform = configPlatform(doc);
      if (!containerdStore) {
        // The graph drivers load only the daemon's OS (image.CheckOS), and skip an image not of the one platform asked for (OnlyStrict).
        const os = platform.os === '' ? HOST_PLATFORM.os : platform.os;
        // 20.10 refuses Windows, and what containerd cannot parse as a platform, then looks the layer store up by the OS as written:
        // none is there for another one, and the handler panics (checkCompatibleOS; observed on 20.10.24).
        if (releaseBelow(x, CHECKS_LOADED_OS_FROM) && os !== HOST_PLATFORM.os) {
          if (os === 'windows') return failed(`cannot load ${os} image on ${HOST_PLATFORM.os}`);
          const parsed = parsePlatformSpecifier(os, release);
          return 'error' in parsed ? failed(parsed.error) : panicked();
        }
        if (os.toLowerCase() !== HOST_PLATFORM.os) return failed(`cannot load ${os} image on ${HOST_PLATFORM.os}`);
        if (wanted.length > 0 && !wanted.some((one) => onlyStrict(one, release)(platform))) continue;
      }
      // The layers applied in order (an upper layer's entries and whiteouts over the lower's).
      let layerFiles: FsEntry[] = [];
      const layerSizes: number[] = [];
      const layers: { readonly blob: Buffer; readonly entries: readonly FsEntry[] }[] = [];
      for (const layer of item.Layers) {
        const tar = files.get(cleanPath(layer));
        // A layer may be compressed (a save from containerd's store holds its blobs as stored).
        const unpacked = tar === undefined ? undefined : gunzipIfGzipped(tar, MAX_ARCHIVE_BYTES);
        const read = unpacked === undefined ? null : await readTar(unpacked).catch(() => null);
        if (tar === undefined || read === null) return failed(BAD_ARCHIVE);
        layerFiles = overlaid(layerFiles, read);
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
        ...makeImageWithOrigin(digestOf(configBytes), { entries: layerFiles }, config, created, origin),
        history: historyOf(doc['history']),
        layerSizes,
        configBytes,
        ...(isHostPlatform(platform) ? {} : { platform }),
      };
      // containerd's store: the ID is the digest of the Docker manifest its importer writes over the archive's blobs.
      const content = usesContainerdStore(x.state.config)
        ? (indexedContent(files, configBytes, layers) ?? loadedContent(configBytes, layers, item.RepoTags[0] ?? null))
        : undefined;
      // An image the store has already keeps its records, whose targets name it as they did.
      const known = content === undefined ? undefined : objects.findImage(content.manifest.digest)?.containerd;
      // (A record whose content the collector took gets it back.)
      const kept = known?.childrenCollected === true ? undefined : known;
      const image =
        content === undefined
          ? made
          : {
              ...made,
              id: content.manifest.digest,
              // Nothing is unpacked until every image is loaded and checked.
              containerd: kept ?? { ...content, packedOnly: true },
              layerSizes: content.layers.map((layer) => layer.usage),
            };
      objects.addImage(image);
      loadedHere.add(image.id);
      if (content !== undefined && kept === undefined) loadedNew.add(image.id);
      if (!containerdStore) objects.imageEvent(image, 'load', image.id);
      loadedIds += `Loaded image ID: ${image.id}\n`;
      lastTagCount = 0;
      const names: string[] = [];
      for (const repoTag of item.RepoTags) {
        const { repo, tag } = splitReference(repoTag);
        const problem = referenceProblem(repo, tag);
        if (problem !== null) return failed(problem);
        const before = objects.taggedAs(`${repo}:${tag}`) === undefined ? undefined : objects.findImage(`${repo}:${tag}`);
        // The graph drivers' reference store says when a tag leaves another image (tarexport setLoadedTag).
        if (!containerdStore && before !== undefined && before.id !== image.id)
          lines.push(streamLine(`The image ${familiarRepoTag(repoTag)} already exists, renaming the old one with ID ${before.id} to empty string`));
        objects.tag(image, `${repo}:${tag}`, nowNanos(), true);
        // containerd's importer renames a record it made in this load: that image keeps no record (observed on 29.7.2).
        if (containerdStore && before !== undefined && before.id !== image.id && loadedHere.has(before.id) && objects.tagsOf(before).length === 0)
          objects.forgetImage(before);
        names.push(repoTag);
        lastTagCount++;
        if (!containerdStore) lines.push(streamLine(`Loaded image: ${repoTag}`));
      }
      loaded.push({ image, names });
    }
    if (!containerdStore) {
      if (lastTagCount === 0) lines.push(loadedIds === '' ? {} : { stream: loadedIds });
      return sendJsonMessages(x, lines);
    }
    // containerd's store loads every image, then checks each provides a platform asked for (any of them, strictly); only then it reports them.
    if (wanted.length > 0 && loaded.length === 0) return failed(`no images providing the requested platform(s) found: ${goStringList(wanted)}`);
    const lacking = wanted.length === 0 ? [] : loaded.filter(({ image }) => !wanted.some((one) => onlyStrict(one, release)(platformOf(image))));
    if (lacking.length > 0) {
      // The importer walked a Docker archive's images of another platform without labelling their content: the collector takes it.
      if (!files.has('/index.json'))
        for (const { image } of lacking) if (loadedNew.has(image.id) && objects.findImage(image.id) === image) objects.addImage(withChildrenCollected(image));
      return failed(lackingPlatformMessage(lacking, wanted));
    }
    // Then it unpacks the images of a platform asked for, or of the host's when none was.
    const unpacks =
      wanted.length === 0 ? only(detectedHostPlatform(), release) : (platform: ImagePlatform) => wanted.some((one) => onlyStrict(one, release)(platform));
    for (const { image } of loaded) if (objects.findImage(image.id) === image && unpacks(platformOf(image))) objects.addImage(withPackedOnly(image, false));
    for (const { image, names } of loaded) {
      if (objects.findImage(image.id) !== undefined) objects.imageEvent(image, 'load', image.id);
      lines.push(...(names.length === 0 ? [streamLine(`Loaded image ID: ${image.id}`)] : names.map((name) => streamLine(`Loaded image: ${name}`))));
    }
    sendJsonMessages(x, lines);
  },
};

const streamLine = (line: string): { stream: string } => ({ stream: `${line}\n` });

/** The platform a loaded image's config document declares (its OS, architecture, variant, OS version and features). */
function configPlatform(doc: Readonly<Record<string, unknown>>): ImagePlatform {
  const features = doc['os.features'];
  return {
    os: textOf(doc, 'os'),
    architecture: textOf(doc, 'architecture'),
    variant: textOf(doc, 'variant'),
    osVersion: textOf(doc, 'os.version'),
    osFeatures: Array.isArray(features) ? features.filter((feature): feature is string => typeof feature === 'string') : [],
  };
}

const isHostPlatform = (platform: ImagePlatform): boolean =>
  platform.os === HOST_PLATFORM.os &&
  platform.architecture === HOST_PLATFORM.architecture &&
  platform.variant === '' &&
  platform.osVersion === '' &&
  platform.osFeatures.length === 0;

/** The platforms asked for as Go prints their FormatAll names (a []string with %v). */
const goStringList = (platforms: readonly ImagePlatform[]): string => `[${platforms.map(formatPlatformAll).join(' ')}]`;

/**
 * containerd's store's words for loaded images none of whose manifests is of a platform asked for
 * (moby verifyImagesProvidePlatform): each by its familiar name (its digest when it has none), the
 * platforms as Go prints a list (observed on 29.7.2).
 */
function lackingPlatformMessage(lacking: readonly { readonly image: Image; readonly names: readonly string[] }[], wanted: readonly ImagePlatform[]): string {
  const names = lacking.flatMap(({ image, names }) => (names.length === 0 ? [image.id] : names));
  const platforms = goStringList(wanted);
  return names.length === 1
    ? `image ${names[0]} was loaded, but doesn't provide the requested platform (${platforms})`
    : `images [${names.join(', ')}] were loaded, but don't provide the requested platform (${platforms})`;
}

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
