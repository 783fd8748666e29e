import type { Route } from '../../http/route.js';
import { type FsEntry, packTar, withTypeBitsInModes } from '../objects/index.js';
import { releaseBelow, sendBody } from '../replies.js';
import { INIT_MOUNT_POINT, ranUnderInit } from './changes.js';
import { containerOr404 } from './routes.js';

/**
 * 20.10's tar headers carry the file type in the mode (Go's older archive/tar: 0100755 for a file,
 * 040755 for a directory, 0120777 for a link); 26.1.5 and 28.5.2 write the permissions alone.
 */
const TYPELESS_MODES_FROM = '23.0';

export type Made = { readonly path: string; readonly type: FsEntry['type']; readonly linkname?: string };

/**
 * What moby's init layer puts above the image, below every container's own layer
 * (daemon/initlayer): empty files and directories of mode 0755 and /etc/mtab's link to
 * /proc/mounts, each shadowing the image's entry of its path (observed in the exports of a busybox
 * container on 20.10.24, 26.1.5 and 28.5.2).
 */
export const INIT_LAYER: readonly Made[] = [
  { path: '/.dockerenv', type: 'file' },
  { path: '/dev', type: 'directory' },
  { path: '/dev/console', type: 'file' },
  { path: '/dev/pts', type: 'directory' },
  { path: '/dev/shm', type: 'directory' },
  { path: '/etc', type: 'directory' },
  { path: '/etc/hostname', type: 'file' },
  { path: '/etc/hosts', type: 'file' },
  { path: '/etc/mtab', type: 'symlink', linkname: '/proc/mounts' },
  { path: '/etc/resolv.conf', type: 'file' },
  { path: '/proc', type: 'directory' },
  { path: '/sys', type: 'directory' },
];

const entryOf = (made: Made, mtime: Date): FsEntry & { name: string } => ({
  path: made.path,
  name: `${made.path.slice(1)}${made.type === 'directory' ? '/' : ''}`,
  type: made.type,
  size: 0,
  mode: made.type === 'symlink' ? 0o777 : 0o755,
  mtime,
  linkname: made.linkname ?? '',
  content: Buffer.alloc(0),
});

/**
 * GET /containers/{name}/export: the container's file system as one tar, its entries in path order:
 * the image's, the init layer's above them, and the container's own changes (the init's mount
 * point once it ran under one). The simulator's containers write nothing else.
 */
export const containerExportRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/export',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/export.ts: GET /containers/{name}/export',
  rules: [],
  async handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    const made = new Date(Number(container.created / 1_000_000n));
    const upper = [...INIT_LAYER, ...(ranUnderInit(x, container) ? INIT_MOUNT_POINT : [])].map((entry) => entryOf(entry, made));
    // The layers above shadow the image's entries of the same path (its /etc/hostname is the init layer's empty file).
    const shadowed = new Set(upper.map((entry) => entry.path));
    const image = (container.image.filesystem.archive('/') ?? []).filter((entry) => !shadowed.has(entry.path));
    const entries = [...image, ...upper].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const tar = await packTar(entries);
    sendBody(x, 200, releaseBelow(x, TYPELESS_MODES_FROM) ? withTypeBitsInModes(tar) : tar, 'application/octet-stream');
  },
};
