import { randomBytes } from 'node:crypto';
import { fillMessage } from '../../../common/messages.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { goJsonUnmarshalScan } from '../go-json.js';
import { printsNewerWords, syntaxWords } from '../go-json-newer.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { dropConnection, notImplementedHere, queryOf, sendEmpty } from '../replies.js';
import { type CapabilityId, storedAgain } from './capability-id.js';
import { decodeConfig, type GoDecoder, type GoStruct } from './config-decode.js';
import { CONFIG_BEFORE_MODULE, CONFIG_OF_MODULE } from './config-type.js';
import { jsonSpans } from './json-spans.js';
import { type Plugin, initialSettings, structField } from './plugin.js';
import { readPluginArchive, type RootfsEntry } from './plugin-archive.js';
import { has } from './plugin-changes.js';
import { familiarTagged, parseNormalizedNamed } from './reference.js';
import { rootfsDigest, rootfsStream } from './rootfs-blob.js';

/**
 * POST /plugins/create?name=…: a plugin made of a tar holding config.json and rootfs/, as moby's
 * CreateFromContext makes it, disabled. In order: the name (a reference without digest, tagged
 * `latest` when it has no tag; 500 in the reference's words), 409 for a name taken, the archive
 * (plugin-archive.ts), "config not found", the config as json.Unmarshal reads it (500 "failed to
 * parse config: …"), the rootfs blob (a second plugin with the same rootfs finds it in the content
 * store: "content sha256:…: already exists", 409, from 28.2 500), then 204. Observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2 (2026-12-06).
 */

/** ctrd-sim keeps a plugin's rootfs in memory only while it reads it; a larger archive is refused (413). */
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;

/** moby's stringid.GenerateRandomID: 64 hex digits whose first twelve are not all decimal digits. */
function randomId(): string {
  for (;;) {
    const id = randomBytes(32).toString('hex');
    if (!/^[0-9]{12}/.test(id)) return id;
  }
}

/** The config as decoded, why it does not decode (in moby's words), or that the decoding panics (moby's handler does: the connection drops). */
type ConfigRead = { readonly config: GoStruct } | { readonly error: string } | { readonly panics: true };

function readConfig(x: Exchange, bytes: Buffer): ConfigRead {
  const release = x.state.config.release.release;
  const scan = goJsonUnmarshalScan(bytes);
  if ('error' in scan) return { error: `failed to parse config: ${syntaxWords(release, scan.error, bytes, scan.at)}` };
  if ('cut' in scan) return { error: 'failed to parse config: unexpected end of JSON input' };
  const go: GoDecoder = { newerGo: printsNewerWords(release), module: has(x, 'apiModule') };
  const decoded = decodeConfig(bytes, jsonSpans(bytes), go.module ? CONFIG_OF_MODULE : CONFIG_BEFORE_MODULE, go);
  return 'error' in decoded ? { error: `failed to parse config: ${decoded.error}` } : decoded;
}

/** The config moby stores: its interface types read back (capability-id.ts), the rootfs it made, and before 29.0 its own version. */
function storedConfig(x: Exchange, config: GoStruct, digest: string): GoStruct {
  const module = has(x, 'apiModule');
  const face = structField(config, 'Interface');
  const types = (face['Types'] as CapabilityId[] | null)?.map((id) => storedAgain(id, module, printsNewerWords(x.state.config.release.release))) ?? null;
  return {
    ...config,
    Interface: { ...face, Types: types },
    rootfs: { target: { diff_ids: [digest], type: 'layers' } },
    ...(module ? {} : { DockerVersion: String(x.state.kit.versionDocument['Version']) }),
  };
}

/** Commits the rootfs blob and adds the plugin, or answers that the blob is there already. */
function commit(x: Exchange, name: string, config: GoStruct, rootfs: readonly RootfsEntry[]): void {
  const store = x.state.objects.plugins;
  const digest = rootfsDigest(store.ingestOf(name), rootfsStream(rootfs));
  // The commit removes the ingest whether it lands or finds its blob already there.
  store.dropIngest(name);
  if (store.holdsBlob(digest)) return handlerError(x, has(x, 'alreadyExistsIs500') ? 500 : 409, `content ${digest}: already exists`);
  const module = has(x, 'apiModule');
  const stored = storedConfig(x, config, digest);
  const plugin: Plugin = {
    id: randomId(),
    name,
    type: module ? CONFIG_OF_MODULE : CONFIG_BEFORE_MODULE,
    config: stored,
    settings: initialSettings(stored),
    rootfsDigest: digest,
  };
  store.add(plugin);
  sendEmpty(x, 204);
}

export const createRoute: Route = {
  method: 'POST',
  path: '/plugins/create',
  where: 'simulator/engine/plugins/create.ts: POST /plugins/create',
  rules: [],
  async handle(x) {
    const release = x.state.config.release.release;
    const store = x.state.objects.plugins;
    const given = queryOf(x).get('name') ?? '';
    const reference = parseNormalizedNamed(given, release);
    if ('error' in reference) return handlerError(x, 500, `failed to parse reference ${given}: ${reference.error}`);
    if (reference.digest !== '') return handlerError(x, 500, 'canonical references are not permitted');
    const name = familiarTagged(reference);
    if (store.named(name) !== undefined) return handlerError(x, 409, `plugin ${name} already exists`);
    let body: Buffer;
    try {
      body = await readBody(x.req, MAX_ARCHIVE_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return handlerError(x, 413, fillMessage(ENGINE_MESSAGES.layerTooLarge, { limit: String(MAX_ARCHIVE_BYTES) }));
      throw error;
    }
    const archive = readPluginArchive(body, release);
    if (archive.kind !== 'read') {
      if (archive.rootfsWritten) store.leaveInIngest(name, { kind: 'gzip-header' });
      if (archive.kind === 'unmodelled') return notImplementedHere(x, '/plugins/create with a rootfs entry whose unpacking is not modelled');
      return handlerError(x, 500, archive.message);
    }
    if (archive.config === null) {
      if (archive.rootfs.length > 0) store.leaveInIngest(name, { kind: 'gzip-header' });
      return handlerError(x, 500, 'config not found');
    }
    const read = readConfig(x, archive.config);
    if (!('config' in read)) {
      // moby closed the gzip writer before it read the config: the whole stream stays in the ingest.
      store.leaveInIngest(name, { kind: 'gzip', stream: rootfsStream(archive.rootfs) });
      return 'panics' in read ? dropConnection(x) : handlerError(x, 500, read.error);
    }
    commit(x, name, read.config, archive.rootfs);
  },
};
