import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type Container, type FsEntry, overlaid } from '../objects/index.js';
import { LayerFilesystem } from '../objects/filesystem.js';

type Made = { readonly path: string; readonly type: FsEntry['type']; readonly linkname?: string };

/**
 * What moby's init layer puts above the image, below every container's own layer
 * (daemon/initlayer): empty files and directories of mode 0755 and /etc/mtab's link to
 * /proc/mounts, each shadowing the image's entry of its path, made when the container was
 * (observed in the exports and archives of a busybox container on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
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

/** What runc makes for the init's mount point in the container's own layer: the directory and the file it mounts on. */
export const INIT_MOUNT_POINT: readonly Made[] = [
  { path: '/sbin', type: 'directory' },
  { path: '/sbin/docker-init', type: 'file' },
];

/**
 * Whether the container ran under an init, so that runc made the init's mount point in its own
 * layer at its first start (observed on 20.10.24, 26.1.5 and 28.5.2: one that ran without an init,
 * or never ran, has no change).
 */
export function ranUnderInit(x: Exchange, container: Container): boolean {
  return container.startedAt !== null && usesInit(x, container);
}

/** Whether the container runs under an init: HostConfig.Init when set, else the daemon's `init` (moby). */
export function usesInit(x: Exchange, container: Container): boolean {
  const init = container.hostConfig['Init'];
  return typeof init === 'boolean' ? init : x.state.config.settings.init;
}

const made = (entry: Made, mtime: Date): FsEntry => ({
  path: entry.path,
  type: entry.type,
  size: 0,
  mode: entry.type === 'symlink' ? 0o777 : 0o755,
  mtime,
  linkname: entry.linkname ?? '',
  content: Buffer.alloc(0),
});

const createdAt = (container: Pick<Container, 'created'>): Date => new Date(Number(container.created / 1_000_000n));

/**
 * The init layer over `image` (moby's initlayer.Setup works in the mounted layer, over the image):
 * a file or link is unlinked and made anew, unless the image has a directory there (unlink fails,
 * Stat finds it: the image's directory stays; observed on 20.10.24 after a commit whose upload made
 * /etc/hostname a directory); a directory the image has already stays, with its mode,
 * and is copied up (taking the time a child was made in it) only where the layer makes something
 * in it (observed on 28.5.2 and 29.7.2: an image whose /etc is 0750 gives its containers a 0750 /etc).
 */
function initLayerOver(image: LayerFilesystem, created: Date): FsEntry[] {
  return INIT_LAYER.flatMap((entry): FsEntry[] => {
    const existing = image.at(entry.path);
    if (entry.type !== 'directory' && existing?.type === 'directory') return [];
    if (entry.type === 'symlink') return [inGroupOf(image.at(posix.dirname(entry.path)), made(entry, created))];
    if (entry.type !== 'directory' || existing?.type !== 'directory') return [made(entry, created)];
    const holdsMade = INIT_LAYER.some((other) => other.path.startsWith(`${entry.path}/`));
    return holdsMade ? [{ ...existing, mtime: created }] : [];
  });
}

/** Set-group-ID: what is made in a directory that has it takes the directory's group (Linux). */
const SETGID = 0o2000;

/**
 * A link the init layer makes: its files and directories are chowned to root, its link is not
 * (initlayer.Setup), so in a set-group-ID directory it takes the directory's group (observed on
 * 20.10.24: an image whose /etc is 2775 and of group 65534 gives its containers an /etc/mtab of
 * group 65534).
 */
const inGroupOf = (parent: FsEntry | undefined, entry: FsEntry): FsEntry =>
  parent !== undefined && (parent.mode & SETGID) !== 0 && (parent.gid ?? 0) !== 0 ? { ...entry, gid: parent.gid! } : entry;

/** The entries of the layers below the container's own: its image's, then the init layer's over them. */
const lowerEntries = (container: Pick<Container, 'image' | 'created'>): FsEntry[] =>
  overlaid(container.image.filesystem.entries(), initLayerOver(container.image.filesystem, createdAt(container)));

/** The layers below the container's own (the entries a change is measured against); also of a container a create is about to make. */
export const lowerFilesystem = (container: Pick<Container, 'image' | 'created'>): LayerFilesystem =>
  new LayerFilesystem(lowerEntries(container), createdAt(container));

/**
 * The entries of the container's own layer: what runc made for an init (at its first start) and
 * what uploads wrote, the latter over the former.
 */
export function ownEntries(x: Exchange, container: Container): FsEntry[] {
  const startedAt = new Date(Number((container.startedAt ?? 0n) / 1_000_000n));
  const written = container.layer.entries();
  const init = ranUnderInit(x, container)
    ? INIT_MOUNT_POINT.map((entry) => made(entry, startedAt)).filter((entry) => container.layer.get(entry.path) === undefined)
    : [];
  return [...init, ...written].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The file system the container sees: its own layer over the init layer over its image (overlay's merged directory). */
export function containerFilesystem(x: Exchange, container: Container): LayerFilesystem {
  return new LayerFilesystem(overlaid(lowerEntries(container), ownEntries(x, container)), createdAt(container));
}

/** moby's archive.PreserveTrailingDotOrSeparator: the requested path's trailing `/.` or `/` put back on the resolved one. */
export function preserveTrailingDotOrSeparator(resolved: string, requested: string): string {
  let out = resolved;
  // Go's filepath.Base drops trailing separators before it takes the last element.
  const trimmed = requested.replace(/\/+$/, '');
  if (posix.basename(out) !== '.' && trimmed !== '' && trimmed.split('/').pop() === '.') out = `${out.endsWith('/') ? out : `${out}/`}.`;
  if (!out.endsWith('/') && requested.endsWith('/')) out = `${out}/`;
  return out;
}
