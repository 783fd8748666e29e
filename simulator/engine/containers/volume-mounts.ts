import type { Exchange } from '../../http/exchange.js';
import type { FsEntry, Volume, VolumeMounted } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { volumeDataPath } from '../volumes/local-driver.js';
import { localMount, type MountOutcome, TMPFS_PAGE } from '../volumes/mount-syscall.js';
import { hostTree } from './host-tree.js';

/**
 * A local volume with the options `type`, `device` and `o` as its driver mounts it (moby
 * volume/local Mount and Unmount), observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07):
 * the first mount mounts the file system over the volume's directory (mount-syscall.ts: a tmpfs,
 * empty, its root as the options give it; a bind of a host directory), later ones count; the last
 * unmount unmounts it, and a tmpfs' files are gone. A mount that fails fails what asked for it,
 * in the driver's words ("failed to mount local volume: mount …: invalid argument"). Before 25.0
 * an unmount counts down below zero (an unmount after a failed mount), from 25.0 (moby v25.0.5)
 * not. A volume without those options is its directory, never mounted.
 */

/** From it the driver does not count a volume's mounts below zero (moby v25.0.5, issue 46508). */
const MOUNT_COUNT_FLOOR_FROM = '25.0';

export type DriverMount = { readonly kind: 'plain' } | MountOutcome;

/** What the driver would mount for a volume of these options (nothing for one without a type or device). */
export function driverMountOf(x: Exchange, name: string, options: Readonly<Record<string, string>> | null): DriverMount {
  const device = options?.['device'] ?? '';
  const type = options?.['type'] ?? '';
  if (device === '' && type === '') return { kind: 'plain' };
  if (device === '') return { kind: 'failed', message: 'missing device in volume options' };
  const outcome = localMount(device, type, options?.['o'] ?? '', volumeDataPath(x, name));
  return outcome.kind === 'failed' ? { kind: 'failed', message: `failed to mount local volume: ${outcome.message}` } : outcome;
}

const needsMount = (volume: Volume): boolean => (volume.options?.['device'] ?? '') !== '' || (volume.options?.['type'] ?? '') !== '';

/** The volumes of `names` whose mount is not modelled, named for a 501, or null. */
export function unmodelledVolumeMounts(x: Exchange, names: readonly string[]): string | null {
  for (const name of names) {
    const volume = x.state.objects.volumes.find(name);
    const mount = volume === undefined ? null : driverMountOf(x, name, volume.options);
    if (mount?.kind === 'unmodelled') return `${mount.what} (${name})`;
  }
  return null;
}

/** The driver's Mount: null, or its error (MountPoint.Setup prefixes it "error while mounting volume '<path>': "). */
export function mountVolume(x: Exchange, name: string): string | null {
  const store = x.state.objects.volumes;
  const volume = store.find(name);
  if (volume === undefined || !needsMount(volume)) return null;
  const state = store.mountState(name);
  if (state.mounted === null) {
    const mount = driverMountOf(x, name, volume.options);
    if (mount.kind === 'failed') return mount.message;
    if (mount.kind === 'tmpfs') {
      const { mode, uid, gid, readOnly, maxBytes, maxInodes } = mount.root;
      const root: FsEntry = { path: '/', type: 'directory', size: 0, mode, uid, gid, mtime: new Date(), linkname: '', content: Buffer.alloc(0) };
      state.mounted = {
        kind: 'tmpfs',
        files: [root],
        readOnly,
        ...(maxBytes === undefined ? {} : { maxBytes }),
        ...(maxInodes === undefined ? {} : { maxInodes }),
      };
    } else if (mount.kind === 'bind') state.mounted = { kind: 'bind', hostPath: mount.hostPath, readOnly: mount.readOnly };
  }
  state.count++;
  return null;
}

/** The driver's Unmount: the count down (not below zero from 25.0); the last one unmounts. */
export function unmountVolume(x: Exchange, name: string): void {
  const store = x.state.objects.volumes;
  const volume = store.find(name);
  if (volume === undefined || !needsMount(volume)) return;
  const state = store.mountState(name);
  const floored = !releaseBelow(x, MOUNT_COUNT_FLOOR_FROM);
  if (floored && state.count <= 0) return;
  state.count--;
  if (state.count > 0) return;
  state.mounted = null;
}

/** The host directory the volume's driver binds (or would bind at its next mount) over its directory, or null. */
export function driverBoundPath(x: Exchange, name: string): string | null {
  const mounted = mountedOver(x, name);
  if (mounted !== null) return mounted.kind === 'bind' ? mounted.hostPath : null;
  const volume = x.state.objects.volumes.find(name);
  const mount = volume === undefined || !needsMount(volume) ? null : driverMountOf(x, name, volume.options);
  return mount?.kind === 'bind' ? mount.hostPath : null;
}

/** What is mounted over the volume's directory now, or null. */
export function mountedOver(x: Exchange, name: string): VolumeMounted | null {
  const volume = x.state.objects.volumes.find(name);
  return volume === undefined || !needsMount(volume) ? null : x.state.objects.volumes.mountState(name).mounted;
}

/** The volume's directory as the local driver made it: 0755, root's, of its creation. */
export const volumeRoot = (volume: Volume): FsEntry => ({
  path: '/',
  type: 'directory',
  size: 0,
  mode: 0o755,
  mtime: volume.createdAt,
  linkname: '',
  content: Buffer.alloc(0),
});

/**
 * What a volume's directory holds now, rooted at `/`: a mounted tmpfs' files, a bound host
 * directory's (host-tree.ts), else what a create copied into the directory (or the bare directory).
 */
export function volumeFiles(x: Exchange, name: string): readonly FsEntry[] | { readonly unmodelled: string } {
  const volume = x.state.objects.volumes.find(name);
  if (volume === undefined) return [];
  const mounted = mountedOver(x, name);
  if (mounted?.kind === 'tmpfs') return mounted.files;
  if (mounted?.kind === 'bind') return hostTree(mounted.hostPath);
  return volume.content ?? [volumeRoot(volume)];
}

/** Whether the volume's driver mounts a file system over its directory (it has a type or a device). */
export function mountsFileSystem(x: Exchange, name: string): boolean {
  const volume = x.state.objects.volumes.find(name);
  return volume !== undefined && needsMount(volume);
}

/** shmem keeps a symbolic link's target in its inode below this length, else in a page. */
const INLINE_LINK = 128;

/** The pages and inodes entries take on a tmpfs (a file's data in pages, a long link's target in one). */
function tmpfsUsage(entries: readonly { readonly type: string; readonly size: number; readonly linkname: string }[]): { pages: number; inodes: number } {
  let pages = 0;
  for (const entry of entries) {
    if (entry.type === 'file') pages += Math.ceil(entry.size / TMPFS_PAGE);
    if (entry.type === 'symlink' && Buffer.byteLength(entry.linkname) >= INLINE_LINK) pages++;
  }
  return { pages, inodes: entries.length };
}

/**
 * Whether an upload of `records` could reach a tmpfs' size or inode limit (what it holds and the
 * upload's entries all counted, nothing they replace taken off): ENOSPC is not modelled.
 */
export function tmpfsOverflow(
  mounted: Pick<Extract<VolumeMounted, { kind: 'tmpfs' }>, 'files' | 'maxBytes' | 'maxInodes'>,
  records: readonly { readonly type: string; readonly content: Buffer; readonly linkname: string }[],
): boolean {
  const held = tmpfsUsage(mounted.files);
  const added = tmpfsUsage(records.map((record) => ({ type: record.type, size: record.content.length, linkname: record.linkname })));
  const pages = held.pages + added.pages;
  const inodes = held.inodes + added.inodes;
  return (mounted.maxBytes !== undefined && pages * TMPFS_PAGE >= mounted.maxBytes) || (mounted.maxInodes !== undefined && inodes >= mounted.maxInodes);
}

/** The error a MountPoint's Setup gives for a volume its driver could not mount. */
export const mountingError = (x: Exchange, name: string, driverError: string): string =>
  `error while mounting volume '${volumeDataPath(x, name)}': ${driverError}`;
