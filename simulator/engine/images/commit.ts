import { fillMessage } from '../../../common/messages.js';
import {
  applyChange,
  asReadFromOciDocument,
  configDocumentOf,
  diffIdsOf,
  digestOf,
  InvalidChange,
  HOST_PLATFORM,
  makeImageWithOrigin,
  platformOf,
  nowNanos,
  readConfigDocument,
  compressLayer,
  containerdContent,
  ociConfigDocument,
  packTar,
  storedLayer,
  type Container,
  containerInitUsage,
  type ContainerdContent,
  type FsEntry,
  type Image,
  type ImageConfig,
} from '../objects/index.js';
import { readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { changedEntries, ownLayerEntries } from '../containers/changes.js';
import { writableLayerSize } from '../containers/shape.js';
import { withGoHeaders } from './go-tar-headers.js';
import { referenceError, targetOf } from './reference-checks.js';
import { objectOf } from './bodies.js';
import { configTypeProblem, contentTypeProblem, parseJsonBody } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { queryOf, releaseBelow, sendJson } from '../replies.js';

const MAX_CONFIG_BYTES = 10 * 1024 * 1024;

/** The first release whose commit records an image create event (moby 27.0's image_commit.go). */
const IMAGE_CREATE_EVENT_FROM = '27.0';

/** The body's fields that are set: they replace the container's (moby merges the container's config under the request's). */
function setFields(body: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(objectOf(body) ?? {}).filter(
      ([, value]) => value !== null && value !== '' && value !== false && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/**
 * The tar of a container's own layer as a commit writes it: each entry under its path without the
 * leading "/", a directory's with a trailing one, every header as Go's archive/tar spells it
 * without owner names (containerd's differ; observed on 29.7.2 for an init's mount point), whole seconds.
 */
async function ownLayerTar(own: readonly FsEntry[]): Promise<Buffer> {
  const named = own.map((entry) => ({
    ...entry,
    name: entry.type === 'directory' ? `${entry.path.slice(1)}/` : entry.path.slice(1),
    mtime: new Date(Math.floor(entry.mtime.getTime() / 1000) * 1000),
  }));
  return withGoHeaders(await packTar(named), { typeBits: false, owner: '' });
}

/**
 * The commit as containerd's store makes it (moby docker-v29.7.2 daemon/containerd/image_commit.go):
 * a config document without the non-standard fields (DockerOCIImageConfig has none; inspect shows
 * them as the variant says, shape-variant.ts), the parent's layers and, given the tar of what the
 * container changed (an init's mount point, made in the second it started; what uploads wrote), one
 * more; the ID is the manifest's digest, the parent kept as a label.
 */
function committedInContainerdStore(
  made: Image,
  parent: Image,
  parentContent: ContainerdContent,
  container: Container,
  own: readonly FsEntry[],
  tar: Buffer | null,
): Image {
  // An author not given is the parent's (generateCommitImageConfig).
  const given = made.origin!;
  const origin = { ...given, author: given.author === '' ? (parent.origin?.author ?? '') : given.author, dockerVersion: '' };
  let layers = parentContent.layers;
  let diffIds = origin.layers;
  if (tar !== null) {
    const onInit = { key: `${container.id}-init`, usage: containerInitUsage(parentContent) };
    layers = [...layers, { ...storedLayer(compressLayer(tar), own), onInit }];
    diffIds = [...diffIds.slice(0, -1), digestOf(tar)];
  }
  // The step the commit adds names its author too.
  const history = (made.history ?? []).map((step, i, all) => (i === all.length - 1 ? { ...step, author: origin.author } : step));
  // Only the parent's OS and architecture (generateCommitImageConfig): a variant, an OS version and features are dropped.
  const { os, architecture } = platformOf(parent);
  const platform = { ...HOST_PLATFORM, os, architecture };
  const configBytes = ociConfigDocument(made.config, made.created, diffIds, history, origin.author, platform);
  const content = containerdContent(configBytes, layers, 'commit');
  return {
    ...made,
    platform,
    config: asReadFromOciDocument(made.config),
    id: content.manifest.digest,
    origin: { ...origin, layers: diffIds },
    history,
    containerd: content,
    configBytes,
    layerSizes: layers.map((layer) => layer.usage),
  };
}

/**
 * POST /commit?container=&repo=&tag=&comment=&author=&changes=: an image of the container. Its
 * configuration is the container's (with the body's set fields over it, then the `changes`), the
 * non-standard fields (Hostname, Tty, StopTimeout …) included; it names the container and keeps
 * its configuration as ContainerConfig. 201 {"Id"}. The container runs nothing, so the image has
 * its parent's files.
 */
export const commitRoute: Route = {
  method: 'POST',
  path: '/commit',
  where: 'simulator/engine/images/commit.ts: POST /commit',
  rules: ['deprecated.image-inspect.container-config', 'deprecated.image-inspect.nonstandard-fields'],
  async handle(x: Exchange) {
    let body: unknown;
    try {
      const raw = await readBody(x.req, MAX_CONFIG_BYTES);
      const typeProblem = contentTypeProblem(x);
      if (typeProblem !== null) return handlerError(x, 400, typeProblem);
      const text = raw.toString('utf8');
      const json = text.trim() === '' ? { ok: true as const, value: undefined } : parseJsonBody(x, text, configTypeProblem);
      if (!json.ok) return handlerError(x, json.status, json.message);
      body = json.value;
    } catch (error) {
      return handlerError(x, 400, error instanceof Error ? error.message : String(error));
    }
    const query = queryOf(x);
    const name = query.get('container') ?? '';
    const target = targetOf(query);
    const problem = target === null ? null : referenceError(x, target.repo, target.tag);
    // From 23.0 the reference is checked before the container; 20.10 checks the container first.
    const early = !releaseBelow(x, '23.0');
    if (early && problem !== null) return handlerError(x, 400, problem);
    if (name === '') return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidNameOrId, { name }));
    const { objects } = x.state;
    const container = objects.findContainer(name);
    if (container === undefined) return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
    if (problem !== null) return handlerError(x, 400, problem);
    const read = readConfigDocument({ ...container.config, ...setFields(body) });
    let config: ImageConfig = read.config;
    try {
      for (const change of query.getAll('changes')) config = applyChange(config, change, x.state.config.release.release);
    } catch (error) {
      if (error instanceof InvalidChange) return handlerError(x, 400, error.message);
      throw error;
    }
    const created = nowNanos();
    const parent = container.image;
    // moby's commit adds no layer for an empty diff: the image has its parent's. A container that ran
    // under an init leaves the init's mount point in its own layer, of size 0, whose diff changes only
    // with the second it was made in (moby's tar keeps whole seconds: two containers started in one
    // second commit the same layer); one that ran without an init, or never ran, changed nothing here
    // (observed on 20.10.24, 26.1.5 and 28.5.2). What uploads wrote is in that layer too: its files,
    // with the directories above them copied up, or in containerd's store what changed and the
    // directories above (observed on 28.5.2 and 29.7.2). The layer's bytes are ctrd-sim's tar of those
    // entries in path order, not the release's, so its diff ID, and the image's ID, are ctrd-sim's own.
    const inStore = parent.containerd;
    const own = (inStore === undefined ? ownLayerEntries(x, container) : changedEntries(x, container)).filter((entry) => entry.path !== '/');
    const adds = own.length > 0;
    const tar = adds ? await ownLayerTar(own) : null;
    const layer =
      container.layer.isEmpty || tar === null
        ? digestOf(`ctrd-sim: an init's mount point, made in second ${(container.startedAt ?? 0n) / 1_000_000_000n}`)
        : digestOf(tar);
    const origin = {
      nonstandard: read.nonstandard,
      container: container.id,
      containerConfig: container.config,
      parent: parent.id,
      comment: query.get('comment') ?? '',
      author: query.get('author') ?? '',
      dockerVersion: null,
      layers: adds ? [...diffIdsOf(parent), layer] : diffIdsOf(parent),
    };
    // moby's commit: the parent's history and one step, made by the container's command.
    const step = { created, createdBy: ((container.config['Cmd'] ?? []) as string[]).join(' '), comment: origin.comment, emptyLayer: !adds };
    const history = [...(parent.history ?? []), step];
    // The ID is the digest of the config document, which a save writes and a load reads back (the same ID).
    // The graph drivers' child image keeps its parent's platform (image.NewChildImage).
    const inherited = parent.platform === undefined ? {} : { platform: parent.platform };
    const configBytes = configDocumentOf({ config, created, origin, history, layer: origin.layers[origin.layers.length - 1] ?? '', ...inherited });
    const id = digestOf(configBytes);
    const ownSize = writableLayerSize(x, container);
    const made = {
      ...makeImageWithOrigin(id, { of: parent, adding: { entries: own, size: ownSize } }, config, created, origin),
      history,
      layerSizes: [...(parent.layerSizes ?? diffIdsOf(parent).map(() => 0)), ...(adds ? [ownSize] : [])],
      configBytes,
      ...inherited,
    };
    const image = inStore === undefined ? made : committedInContainerdStore(made, parent, inStore, container, own, tar);
    objects.addImage(image);
    // From 27.0 the image service records the new image (moby image_commit.go; observed on 28.5.2, not on 26.1.5).
    if (!releaseBelow(x, IMAGE_CREATE_EVENT_FROM)) objects.imageEvent(image, 'create', image.id);
    // moby's order: the image made, then tagged, then the container's commit event.
    if (target !== null) objects.tag(image, `${target.repo}:${target.tag}`, created);
    objects.containerEvent(container, 'commit', {
      comment: origin.comment,
      imageID: image.id,
      imageRef: target === null ? '' : `${target.repo}:${target.tag}`,
    });
    sendJson(x, 201, { Id: image.id });
  },
};
