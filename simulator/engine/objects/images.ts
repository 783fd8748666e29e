import { createHash } from 'node:crypto';
import { rfc3339Nano } from './clock.js';
import { LayerFilesystem } from './filesystem.js';
import type { ImageConfig } from './image-config.js';
import type { FsEntry } from './tar-entries.js';

/** An imported image: one layer and the config its `changes` made. */
export interface Image {
  /** `sha256:<hex>` of its config document. */
  readonly id: string;
  readonly config: ImageConfig;
  readonly created: bigint;
  /** `sha256:<hex>` of the layer tarball as imported (the diff ID). */
  readonly layer: string;
  readonly size: number;
  readonly filesystem: LayerFilesystem;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Sorted keys at every level: the same config always gives the same ID. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  return value;
}

/** An image of `tar`'s entries: its ID hashes the config document (creation time included, as the daemon's). */
export function makeImage(tar: Buffer, entries: readonly FsEntry[], config: ImageConfig, created: bigint): Image {
  const layer = `sha256:${sha256(tar)}`;
  const document = { architecture: 'amd64', os: 'linux', created: rfc3339Nano(created), config, rootfs: { type: 'layers', diff_ids: [layer] } };
  const size = entries.reduce((total, entry) => total + entry.size, 0);
  return { id: `sha256:${sha256(JSON.stringify(canonical(document)))}`, config, created, layer, size, filesystem: new LayerFilesystem(entries, new Date(Number(created / 1_000_000n))) };
}
