import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type FsEntry, newInode, type Volume } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import type { MountPoint } from './mount-points.js';
import { walkIn } from './path-walk.js';
import { goMapOrder } from './container-networks.js';
import { releaseBelow } from '../replies.js';
import { volumeTarget } from './archive-mounts.js';
import { driverMountOf, mountedOver, mountingError, mountsFileSystem, mountVolume, tmpfsOverflow, unmountVolume, volumeFiles } from './volume-mounts.js';
import { volumeDataPath } from '../volumes/local-driver.js';

/**
 * A create's volumes filled from what the container sees (moby populateVolumes and
 * CopyImagePathContent, at create; observed on 20.10.24 and 29.7.2, 2026-12-07): each volume
 * mounted at a directory of the image (or of the init layer over it; links on the way followed)
 * gets a copy of what is below it, the directory's own mode, owner and time for its root, unless it
 * holds something already (a volume with mount options: what its driver mounted there). Anonymous
 * volumes, Binds' and Mounts' named volumes alike. The copy is
 * what the volume's size in `system df` and a prune's reclaimed space count. A destination that
 * leads to no directory (a file, a loop) is not modelled (501 before the create makes anything).
 */

/** Where a destination leads in `view`: the directory it reaches, null where nothing is there, or what is not modelled. */
function sourceOf(view: LayerFilesystem, destination: string): string | null | { readonly unmodelled: string } {
  const walk = walkIn((at) => view.at(at), '/', destination);
  if (walk.kind === 'dir') return walk.missing.length === 0 ? walk.path : null;
  return { unmodelled: `a volume over what is no directory (${destination})` };
}

/** The first volume destination of `points` that leads to what is no directory, or null. */
export function populationProblem(view: LayerFilesystem, points: readonly Pick<MountPoint, 'type' | 'destination'>[]): string | null {
  for (const point of points) {
    if (point.type !== 'volume') continue;
    const source = sourceOf(view, point.destination);
    if (source !== null && typeof source === 'object') return source.unmodelled;
  }
  return null;
}

/** What is at and below `dir` in `view`, rooted at `/`: new files, hard links kept among themselves (new inodes). */
function copyOf(view: LayerFilesystem, dir: string): FsEntry[] {
  const inodes = new Map<number, number>();
  const copied = (inode: number): number => inodes.get(inode) ?? inodes.set(inode, newInode()).get(inode)!;
  return view
    .entries()
    .filter((entry) => entry.path === dir || entry.path.startsWith(dir === '/' ? '/' : `${dir}/`))
    .map(({ opaque: _opaque, copiedUp: _copiedUp, impure: _impure, ...entry }) => ({
      ...entry,
      path: posix.join('/', posix.relative(dir, entry.path)),
      ...(entry.inode === undefined ? {} : { inode: copied(entry.inode) }),
    }));
}

/** From it a population whose volume fails to mount names the step and the volume (moby v26.0.0 populateVolume); before, the driver's words alone. */
const POPULATE_WORDS_FROM = '26.0';

/**
 * Fills the container's empty volumes from `view` (what the container sees before anything is
 * written), in Go's map order: a volume with mount options is mounted for it (no event) and
 * unmounted after (volume-mounts.ts), so a tmpfs keeps nothing unless it stays mounted, and a
 * volume bound to a host directory fills that directory. The first volume whose driver cannot
 * mount it stops the create, 500 in the release's words, and so does an empty one mounted
 * read-only (the copy's chmod of its root fails; observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
export function populateVolumes(
  x: Exchange,
  view: LayerFilesystem,
  points: readonly MountPoint[],
): { readonly status: number; readonly message: string } | null {
  const store = x.state.objects.volumes;
  for (const point of goMapOrder(points)) {
    if (point.type !== 'volume' || point.noCopy === true) continue;
    const volume = store.find(point.name);
    const source = sourceOf(view, point.destination);
    if (volume === undefined || typeof source !== 'string') continue;
    if (!mountsFileSystem(x, volume.name)) {
      // moby copies only into a volume whose directory is empty (ReadDir).
      if (!(volume.content ?? []).some((entry) => entry.path !== '/')) store.fill(volume.name, copyOf(view, source));
      continue;
    }
    const failed = mountVolume(x, volume.name);
    if (failed !== null)
      return { status: 500, message: releaseBelow(x, POPULATE_WORDS_FROM) ? failed : `failed to populate volume: ${mountingError(x, volume.name, failed)}` };
    const files = volumeFiles(x, volume.name);
    const empty = !('unmodelled' in files) && !files.some((entry) => entry.path !== '/');
    // continuity's CopyDir gives the volume's root the source's mode first: a read-only mount refuses it.
    if (empty && mountedOver(x, volume.name)?.readOnly === true) {
      unmountVolume(x, volume.name);
      const path = volumeDataPath(x, volume.name);
      return { status: 500, message: `failed to chmod on ${path}: chmod ${path}: read-only file system` };
    }
    if (empty) {
      const target = volumeTarget(x, volume.name);
      if (!('unmodelled' in target)) {
        for (const entry of copyOf(view, source)) target.into.own.put(entry);
        target.save();
      }
    }
    unmountVolume(x, volume.name);
  }
  return null;
}

/**
 * What of a create's population ctrd-sim does not model (501 before anything is made): a volume
 * to fill whose driver's mount is not modelled, or a tmpfs the copy could fill.
 */
export function populationUnmodelled(
  x: Exchange,
  view: LayerFilesystem,
  points: readonly (Pick<MountPoint, 'type' | 'destination' | 'name' | 'noCopy'> & { readonly driverOptions?: Readonly<Record<string, string>> })[],
): string | null {
  for (const point of points) {
    if (point.type !== 'volume') continue;
    const source = point.noCopy === true ? null : sourceOf(view, point.destination);
    if (typeof source !== 'string') continue;
    const options = x.state.objects.volumes.find(point.name)?.options ?? point.driverOptions ?? null;
    const mount = driverMountOf(x, point.name, options);
    if (mount.kind === 'unmodelled') return `${mount.what} (${point.destination})`;
    if (mount.kind === 'tmpfs' && tmpfsOverflow({ files: [], ...mount.root }, copyOf(view, source)))
      return `a tmpfs volume the create's copy may fill (${point.destination})`;
  }
  return null;
}

/**
 * A volume's size as moby's directory.Size counts it: the sizes of what is no directory (a link's,
 * its target's length), each inode once.
 */
export function volumeSize(volume: Volume): number {
  const seen = new Set<number>();
  let size = 0;
  for (const entry of volume.content ?? []) {
    if (entry.type === 'directory') continue;
    const bytes = entry.type === 'symlink' ? Buffer.byteLength(entry.linkname) : entry.size;
    if (bytes === 0) continue;
    if (entry.inode !== undefined) {
      if (seen.has(entry.inode)) continue;
      seen.add(entry.inode);
    }
    size += bytes;
  }
  return size;
}
