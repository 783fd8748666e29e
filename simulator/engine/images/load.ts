import { fillMessage } from '../../../common/messages.js';
import { cleanPath, digestOf, makeImageWithOrigin, nowNanos, parseTimestamp, readConfigDocument, readTar, type FsEntry } from '../objects/index.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { referenceProblem } from './import.js';
import { splitReference } from '../objects/index.js';
import { gunzipIfGzipped, objectOf } from './bodies.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { sendBody } from '../replies.js';

/** The largest archive a load takes (ctrd-sim keeps every layer in memory), packed or unpacked. */
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;

/** An archive the simulator cannot read as the save format: 500, as the daemon answers a broken archive. */
const BAD_ARCHIVE = 'ctrd-sim: the archive is not in the save format (manifest.json, config documents, layer tars)';

interface ManifestEntry {
  readonly Config: string;
  readonly RepoTags: readonly string[];
  readonly Layers: readonly string[];
}

function manifestOf(files: ReadonlyMap<string, Buffer>): ManifestEntry[] | null {
  try {
    const parsed: unknown = JSON.parse(files.get('/manifest.json')?.toString('utf8') ?? '');
    if (!Array.isArray(parsed)) return null;
    return parsed.map((entry: Record<string, unknown>) => ({
      Config: String(entry['Config'] ?? ''),
      RepoTags: Array.isArray(entry['RepoTags']) ? entry['RepoTags'].map(String) : [],
      Layers: Array.isArray(entry['Layers']) ? entry['Layers'].map(String) : [],
    }));
  } catch {
    return null;
  }
}

const textOf = (doc: Record<string, unknown>, key: string): string => (typeof doc[key] === 'string' ? (doc[key] as string) : '');

/**
 * POST /images/load: the images of an archive in the save format. Each image's ID is the digest
 * of its config document, whose `config` (the non-standard fields included), `container` and
 * `container_config` it keeps as they are; its files are those of its layers. The answer streams
 * one `{"stream":"Loaded image: <tag>\n"}` line per tag (`Loaded image ID: <id>` for an image
 * without one), as 20.10.24, 26.1.5 and 28.5.2 do with quiet and without (observed).
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
    const entries = await readTar(archive).catch(() => null);
    const files = new Map((entries ?? []).filter((entry) => entry.type === 'file').map((entry) => [entry.path, entry.content]));
    const manifest = manifestOf(files);
    if (manifest === null) return handlerError(x, 500, BAD_ARCHIVE);
    const lines: string[] = [];
    const { objects } = x.state;
    for (const item of manifest) {
      const configBytes = files.get(cleanPath(item.Config));
      const doc = configBytes === undefined ? null : objectOf(JSON.parse(configBytes.toString('utf8')) as unknown);
      if (configBytes === undefined || doc === null) return handlerError(x, 500, BAD_ARCHIVE);
      const layerFiles: FsEntry[] = [];
      for (const layer of item.Layers) {
        const tar = files.get(cleanPath(layer));
        if (tar === undefined) return handlerError(x, 500, BAD_ARCHIVE);
        layerFiles.push(...(await readTar(tar)));
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
      const image = makeImageWithOrigin(digestOf(configBytes), { entries: layerFiles }, config, created, origin);
      objects.addImage(image);
      objects.events.record('image', 'load', image.id, { name: image.id });
      for (const repoTag of item.RepoTags) {
        const { repo, tag } = splitReference(repoTag);
        const problem = referenceProblem(repo, tag);
        if (problem !== null) return handlerError(x, 500, problem);
        objects.tag(image, `${repo}:${tag}`, nowNanos(), true);
        lines.push(`Loaded image: ${repoTag}`);
      }
      if (item.RepoTags.length === 0) lines.push(`Loaded image ID: ${image.id}`);
    }
    sendBody(x, 200, lines.map((line) => `${JSON.stringify({ stream: `${line}\n` })}\n`).join(''), 'application/json');
  },
};
