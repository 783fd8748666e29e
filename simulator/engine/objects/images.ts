import { createHash } from 'node:crypto';
import { rfc3339Nano } from './clock.js';
import { LayerFilesystem } from './filesystem.js';
import { overlaid } from './overlay.js';
import type { ContainerdContent } from './containerd-content.js';
import type { ImageConfig } from './image-config.js';
import { HOST_PLATFORM, type ImagePlatform, v1PlatformFields } from './image-platform.js';
import { distinctInodes, type FsEntry } from './tar-entries.js';

/**
 * Where an image came from, beyond an import: a commit of a container or a loaded archive, whose
 * configuration can set the non-standard fields an import cannot, and which names a container.
 */
export interface ImageOrigin {
  /** The configuration's non-standard fields (Hostname … StopTimeout) that are set, as stored. */
  readonly nonstandard: Readonly<Record<string, unknown>>;
  /** The container the image was made from, or "". */
  readonly container: string;
  /** That container's configuration (container.Config keys), or null when the image names none. */
  readonly containerConfig: Readonly<Record<string, unknown>> | null;
  readonly parent: string;
  readonly comment: string;
  readonly author: string;
  /** The release that made it, as its config document says; null: this one. */
  readonly dockerVersion: string | null;
  /** Every layer's diff ID, the image's own last. */
  readonly layers: readonly string[];
}

/** One step of an image's history (moby image.History), as `GET /images/{name}/history` shows it. */
export interface HistoryEntry {
  readonly created: bigint;
  readonly createdBy: string;
  readonly comment: string;
  /** A step that made no layer (its size is 0 and it takes no diff ID). */
  readonly emptyLayer: boolean;
  /** Who made it (a commit's author), where the image's config says. */
  readonly author?: string;
}

/** An image: its layer, the config its `changes` (or its origin) made. */
export interface Image {
  /** `sha256:<hex>` of its config document (of its manifest in containerd's store). */
  readonly id: string;
  readonly config: ImageConfig;
  /** Absent for an imported image. */
  readonly origin?: ImageOrigin;
  readonly created: bigint;
  /** `sha256:<hex>` of the layer tarball as imported (the diff ID). */
  readonly layer: string;
  readonly size: number;
  readonly filesystem: LayerFilesystem;
  /** Its history, oldest first; absent where the simulator has none (an image made before it kept one). */
  readonly history?: readonly HistoryEntry[];
  /** The size of each of its layers, in the order of its diff IDs. */
  readonly layerSizes?: readonly number[];
  /** A loaded image's config document as the archive held it (its ID hashes it): a save writes it back. */
  readonly configBytes?: Buffer;
  /** In containerd's store: its manifest (whose digest is then the ID), content and snapshots. */
  readonly containerd?: ContainerdContent;
  /** The platform an import named (absent: the host's, HOST_PLATFORM). */
  readonly platform?: ImagePlatform;
}

/** The image's platform: the one it was made for, else the host's. */
export const platformOf = (image: Pick<Image, 'platform'>): ImagePlatform => image.platform ?? HOST_PLATFORM;

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * The bytes a layer's files take as the daemon counts them (moby's directory.Size: the lstat size
 * of everything but directories, each inode once), so a symlink counts the length of its target.
 */
export const diskSize = (entries: readonly FsEntry[]): number =>
  distinctInodes(entries).reduce((total, entry) => total + (entry.type === 'symlink' ? Buffer.byteLength(entry.linkname) : entry.size), 0);

/** Sorted keys at every level: the same config always gives the same ID. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * An image of a loaded or committed configuration: its ID is given (the hash of its config
 * document). A commit's files are its parent's, with the container's own layer over them where it
 * has one (`adding`, whose files take `addedSize`).
 */
export function makeImageWithOrigin(
  id: string,
  files: { readonly entries: readonly FsEntry[] } | { readonly of: Image; readonly adding?: { readonly entries: readonly FsEntry[]; readonly size: number } },
  config: ImageConfig,
  created: bigint,
  origin: ImageOrigin,
): Image {
  const layer = origin.layers[origin.layers.length - 1] ?? '';
  if ('of' in files) {
    const { of: parent, adding } = files;
    if (adding === undefined || adding.entries.length === 0) return { id, config, origin, created, layer, size: parent.size, filesystem: parent.filesystem };
    const filesystem = new LayerFilesystem(overlaid(parent.filesystem.entries(), adding.entries), new Date(Number(created / 1_000_000n)));
    return { id, config, origin, created, layer, size: parent.size + adding.size, filesystem };
  }
  const size = diskSize(files.entries);
  return { id, config, origin, created, layer, size, filesystem: new LayerFilesystem(files.entries, new Date(Number(created / 1_000_000n))) };
}

/** The image's layers' diff IDs, its own last (an import has one). */
export const diffIdsOf = (image: Image): readonly string[] => image.origin?.layers ?? [image.layer];

/** The chain IDs of the image's layers, bottom first (moby layer.CreateChainID: each hashes its parent's and its own diff ID). */
export function chainIdsOf(image: Image): string[] {
  const chains: string[] = [];
  for (const diffId of diffIdsOf(image)) {
    const parent = chains[chains.length - 1];
    chains.push(parent === undefined ? diffId : `sha256:${sha256(`${parent} ${diffId}`)}`);
  }
  return chains;
}

/** Each layer's chain ID with its size, bottom first (an image made before sizes were kept: all of it on its top layer). */
export function layersOf(image: Image): { readonly chainId: string; readonly size: number }[] {
  const chains = chainIdsOf(image);
  return chains.map((chainId, i) => ({ chainId, size: image.layerSizes?.[i] ?? (i === chains.length - 1 ? image.size : 0) }));
}

/** `sha256:<hex>` of bytes. */
export const digestOf = (data: string | Buffer): string => `sha256:${sha256(data)}`;

/** An image of `tar`'s entries: its ID hashes the config document (creation time included, as the daemon's). */
export function makeImage(
  tar: Buffer,
  entries: readonly FsEntry[],
  config: ImageConfig,
  created: bigint,
  history: readonly HistoryEntry[] = [],
  platform?: ImagePlatform,
): Image {
  const layer = `sha256:${sha256(tar)}`;
  const document = {
    ...v1PlatformFields(platform ?? HOST_PLATFORM),
    created: rfc3339Nano(created),
    config,
    ...(history.length === 0 ? {} : { history: historyDocument(history) }),
    rootfs: { type: 'layers', diff_ids: [layer] },
  };
  const size = diskSize(entries);
  return {
    id: `sha256:${sha256(JSON.stringify(canonical(document)))}`,
    config,
    created,
    layer,
    size,
    filesystem: new LayerFilesystem(entries, new Date(Number(created / 1_000_000n))),
    ...(history.length === 0 ? {} : { history }),
    ...(platform === undefined ? {} : { platform }),
  };
}

/** An image's history as its config document holds it (moby image.History: the empty fields left out). */
export function historyDocument(history: readonly HistoryEntry[]): Record<string, unknown>[] {
  return history.map((step) => ({
    created: rfc3339Nano(step.created),
    ...(step.createdBy === '' ? {} : { created_by: step.createdBy }),
    ...(step.comment === '' ? {} : { comment: step.comment }),
    ...(step.emptyLayer ? { empty_layer: true } : {}),
  }));
}

/**
 * The config document of an image made by a commit (or rebuilt for one the simulator keeps no
 * bytes of): moby's image.Image as its store writes it, keys sorted, so that its digest is the ID.
 */
export function configDocumentOf(image: Pick<Image, 'config' | 'created' | 'origin' | 'history' | 'layer' | 'platform'>): Buffer {
  const origin = image.origin;
  const doc = {
    ...v1PlatformFields(platformOf(image)),
    created: rfc3339Nano(image.created),
    config: image.config,
    ...(origin === undefined
      ? {}
      : {
          ...(origin.author === '' ? {} : { author: origin.author }),
          ...(origin.comment === '' ? {} : { comment: origin.comment }),
          ...(origin.container === '' ? {} : { container: origin.container }),
          ...(origin.containerConfig === null ? {} : { container_config: origin.containerConfig }),
        }),
    ...(image.history === undefined || image.history.length === 0 ? {} : { history: historyDocument(image.history) }),
    rootfs: { type: 'layers', diff_ids: origin?.layers ?? [image.layer] },
  };
  return Buffer.from(JSON.stringify(canonical(doc)), 'utf8');
}
