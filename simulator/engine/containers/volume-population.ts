import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type FsEntry, newInode, type Volume } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import type { MountPoint } from './mount-points.js';
import { walkIn } from './path-walk.js';

/**
 * A create's volumes filled from what the container sees (moby populateVolumes and
 * CopyImagePathContent, at create; observed on 20.10.24 and 29.7.2, 2026-12-07): each volume
 * mounted at a directory of the image (or of the init layer over it; links on the way followed)
 * gets a copy of what is below it, the directory's own mode, owner and time for its root, unless it
 * holds something already. Anonymous volumes, Binds' and Mounts' named volumes alike. The copy is
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

/** Fills the container's empty volumes from `view` (what the container sees before anything is written). */
export function populateVolumes(x: Exchange, view: LayerFilesystem, points: readonly MountPoint[]): void {
  const store = x.state.objects.volumes;
  for (const point of points) {
    if (point.type !== 'volume' || point.noCopy === true) continue;
    const volume = store.find(point.name);
    const source = sourceOf(view, point.destination);
    // moby copies only into a volume whose directory is empty (ReadDir).
    const holdsSomething = (volume?.content ?? []).some((entry) => entry.path !== '/');
    // A volume with driver options is mounted anew each time (a tmpfs, a device): what a create copies there is not kept here.
    const ownMount = Object.keys(volume?.options ?? {}).length > 0;
    if (volume === undefined || holdsSomething || ownMount || typeof source !== 'string') continue;
    store.fill(volume.name, copyOf(view, source));
  }
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
