import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type Container, ContainerLayer, type FsEntry, type TarRecord } from '../objects/index.js';
import { containerFilesystem } from './container-fs.js';
import { LayerFilesystem } from '../objects/filesystem.js';
import { type ExtractionTarget, extractUpload } from './extract-upload.js';
import { atOrBelow, type MountPoint } from './mount-points.js';
import { walkIn } from './path-walk.js';
import { bindsNonDirectory, hostTree, makeBindSource, writeHostChanges } from './host-tree.js';
import { mountPointRecord } from './mount-point-record.js';
import { networkFiles } from './network-files.js';
import { imageMountFiles, imageMountProblem } from './image-mounts.js';
import { volumeMountEvent, volumeUnmountEvent } from './volume-events.js';
import { driverBoundPath, mountedOver, mountingError, mountVolume, unmodelledVolumeMounts, unmountVolume, volumeFiles } from './volume-mounts.js';
import { releaseBelow } from '../replies.js';
import { setupMounts } from './start-mounts.js';
import { recursionConflict } from './read-only-recursion.js';

/**
 * A container's volumes and binds mounted for a copy (moby openContainerFS; before 24.0 Mount and
 * mountVolumes), observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07) with containers
 * never started: before the path is looked at (a copy of a missing path too), each volume is
 * mounted, with a volume "mount" event (container, destination, driver, propagation, read/write),
 * and each bind, without one, its source made on the host where it is missing (MkdirAll, as a
 * start does), over its mount point, which MkdirAll makes in the container's own layer where it is
 * missing (0755, the parent copied up and touched, as `changes` then lists; an empty file for a
 * bind of a file); after the copy each volume is unmounted, with an "unmount" event (container,
 * driver). The releases walk a Go map: the events come in no fixed order. A tmpfs is not mounted
 * for a copy. A volume with mount options is mounted by its driver (volume-mounts.ts): one that
 * fails fails the copy, 500 "error while mounting volume '<its directory>': …", before any mount
 * point is made; before 24.0 every volume is then unmounted, with its event. A copy reads a volume
 * as a create filled it (volume-population.ts; an empty one is the local driver's directory) or as
 * its driver mounted it, and a bind as its source is on the host (host-tree.ts), and an upload
 * whose point lies in a volume writes there as into a plain directory, one in a bind into the
 * host's files there (hostTarget), a read-only volume or bind refusing it ("mounted volume is
 * marked read-only"). Not modelled: an upload into the container's layer whose entries reach a
 * mount below its point, a mount inside another (its mount point is made in the outer one), a
 * volume whose driver's mount is not modelled, a bind larger than host-tree.ts reads, and a mount
 * point the walk cannot make.
 */

/** Before it a copy whose volume fails to mount unmounts every volume (moby DetachAndUnmount; from v24.0.0 openContainerFS returns). */
const FAILED_COPY_UNMOUNTS_BELOW = '24.0';

/** The volumes and binds a copy mounts, or what of the container's mounts is not modelled. */
function copyMounts(x: Exchange, container: Container): readonly MountPoint[] | { readonly unmodelled: string } {
  const points = container.mounts ?? [];
  const mounted = points.filter((point) => point.type !== 'tmpfs');
  for (const point of mounted.filter((each) => each.type === 'image')) {
    const problem = imageMountProblem(x, point);
    if (problem !== null && 'unmodelled' in problem) return problem;
  }
  const unmodelled = unmodelledVolumeMounts(
    x,
    mounted.filter((point) => point.type === 'volume').map((point) => point.name),
  );
  if (unmodelled !== null) return { unmodelled };
  const files = networkFiles(x, container);
  if ('unmodelled' in files) return files;
  // A mount point inside another mount is made in that one (read-only or not), which is not followed here.
  const nested = mounted.find((inner) => mounted.some((outer) => outer !== inner && atOrBelow(inner.destination, outer.destination)));
  if (nested !== undefined) return { unmodelled: `a mount inside another (${nested.destination})` };
  return mounted;
}

/** What a copy sees of a mount: a volume's contents, a bind's source on the host (or what keeps ctrd-sim from reading it). */
function mountContent(x: Exchange, point: MountPoint): readonly FsEntry[] | { readonly unmodelled: string } {
  if (point.type === 'image') return imageMountFiles(x, point);
  return point.type === 'bind' ? hostTree(point.hostPath) : volumeFiles(x, point.name);
}

/** Whether `path` (as written and as its links lead in `view`) is at or below a destination. */
function reaches(view: LayerFilesystem, volumes: readonly MountPoint[], path: string): boolean {
  const lexical = posix.normalize(posix.join('/', path));
  const walk = walkIn((at) => view.at(at), '/', lexical);
  const resolved = walk.kind === 'dir' ? posix.join(walk.path, ...walk.missing) : lexical;
  return volumes.some((point) => [lexical, resolved].some((at) => atOrBelow(at, point.destination)));
}

/**
 * What a copy sees once the mounts are mounted: the container's file system with each volume over
 * its destination (its root, the copy a create made into it or, for one nothing was copied into, its
 * directory as the local driver made it: 0755, root's, of its creation) and each bind's source as
 * the host has it.
 */
export function mountedFilesystem(x: Exchange, container: Container): LayerFilesystem {
  const view = containerFilesystem(x, container);
  const volumes = copyMounts(x, container);
  if ('unmodelled' in volumes) return view;
  // The network files a start wrote are mounted over their paths, unless a mount of the user's is there.
  const files = networkFiles(x, container);
  const networkMounts = 'unmodelled' in files ? [] : files.filter((file) => !volumes.some((point) => point.destination === file.path));
  if (volumes.length === 0 && networkMounts.length === 0) return view;
  const over = volumes.flatMap((point) => {
    const content = mountContent(x, point);
    if ('unmodelled' in content) return [];
    const tmpfs = point.type === 'volume' && mountedOver(x, point.name)?.kind === 'tmpfs';
    return content.map((entry) => ({
      ...entry,
      path: entry.path === '/' ? point.destination : posix.join(point.destination, entry.path),
      ...(tmpfs && entry.type === 'directory' ? { onTmpfs: true as const } : {}),
    }));
  });
  const covered = (path: string): boolean => volumes.some((point) => atOrBelow(path, point.destination)) || networkMounts.some((file) => file.path === path);
  return new LayerFilesystem(
    [
      ...view.entries().filter((entry) => !covered(entry.path)),
      ...over.filter((entry) => !networkMounts.some((file) => file.path === entry.path)),
      ...networkMounts,
    ],
    new Date(Number(container.created / 1_000_000n)),
  );
}

/**
 * Mounts the container's volumes for a copy: their mount events, their mount points made where
 * missing. Returns the unmount (its events), or what is not modelled (then nothing was done).
 */
export function mountForCopy(
  x: Exchange,
  container: Container,
  now: Date,
): { readonly unmount: () => void } | { readonly unmodelled: string } | { readonly failed: string } {
  const volumes = copyMounts(x, container);
  if ('unmodelled' in volumes) return volumes;
  if (volumes.length === 0) return { unmount: () => {} };
  const view = containerFilesystem(x, container);
  const missing: TarRecord[] = [];
  for (const point of volumes) {
    const content = point.type === 'bind' && existsSync(point.hostPath) ? mountContent(x, point) : [];
    if ('unmodelled' in content) return content;
    // A volume its driver binds to a host directory is read as a bind is (one too large is not modelled).
    const bound = point.type === 'volume' ? driverBoundPath(x, point.name) : null;
    const boundTree = bound === null ? [] : hostTree(bound);
    if ('unmodelled' in boundTree) return boundTree;
    const file = bindsNonDirectory(point);
    const walk = walkIn((at) => view.at(at), '/', point.destination);
    if (walk.kind === 'notDir' && walk.final && file) continue;
    if (walk.kind !== 'dir' || walk.throughLink) return { unmodelled: `a mount point at ${point.destination} ctrd-sim cannot make` };
    if (walk.missing.length > 0) missing.push(mountPointRecord(posix.join(walk.path, ...walk.missing), !file, now));
  }
  // A bind whose read-only recursion contradicts itself fails setupMounts where Go's map order reaches it (what came before mounted).
  if (volumes.some((point) => recursionConflict(point) !== null)) {
    return { failed: setupMounts(x, container, volumes)!.message };
  }
  // A missing source is made as a start makes it (one that cannot be is not modelled here).
  const unmade = volumes.find((point) => point.type === 'bind' && makeBindSource(point) !== null);
  if (unmade !== undefined) return { unmodelled: `a bind whose source ${unmade.hostPath} cannot be made` };
  const volumePoints = volumes.filter((point) => point.type === 'volume');
  const unmount = (): void => {
    for (const point of volumePoints) {
      unmountVolume(x, point.name);
      volumeUnmountEvent(x, container, point);
    }
  };
  // An image mount's Subpath the image lacks fails the copy as its Setup fails.
  for (const point of volumes.filter((each) => each.type === 'image')) {
    const problem = imageMountProblem(x, point);
    if (problem !== null && 'failed' in problem) return problem;
  }
  for (const point of volumePoints) {
    const failed = mountVolume(x, point.name);
    if (failed !== null) {
      if (releaseBelow(x, FAILED_COPY_UNMOUNTS_BELOW)) unmount();
      return { failed: mountingError(x, point.name, failed) };
    }
    volumeMountEvent(x, container, point);
  }
  // MkdirAll's directories stand as an upload of them would make them: missing parents 0755, the parent touched and copied up.
  if (missing.length > 0) extractUpload(x, container, '/', missing, now);
  return { unmount };
}

/**
 * What of an upload's entries at `point` reaches into a volume or bind, or null: an entry at or
 * below a destination, a hard link to one, or, while the container has mounts, a symbolic link of
 * the upload that another entry (or a hard link's target) lies below (where that one goes is not
 * followed here).
 */
export function entryInVolume(x: Exchange, container: Container, point: string, records: readonly TarRecord[]): string | null {
  const volumes = copyMounts(x, container);
  if ('unmodelled' in volumes || volumes.length === 0) return null;
  const view = containerFilesystem(x, container);
  const paths = records.flatMap((record) => [posix.join(point, record.name), ...(record.type === 'link' ? [posix.join('/', record.linkname)] : [])]);
  for (const record of records) {
    const at = posix.join(point, record.name);
    if (record.type === 'symlink' && paths.some((path) => path.startsWith(`${at}/`)))
      return `an entry below a symbolic link of the upload in a container with volumes or binds (${at})`;
    const named = [posix.join(point, record.name), ...(record.type === 'link' ? [posix.join('/', record.linkname)] : [])];
    const reached = named.find((path) => reaches(view, volumes, path));
    if (reached !== undefined) return `an entry in a volume or bind (${reached})`;
  }
  return null;
}

/** The volume or bind a path of the mounted view lies in (the innermost), or undefined. */
export function volumeAt(x: Exchange, container: Container, path: string): MountPoint | undefined {
  const volumes = copyMounts(x, container);
  if ('unmodelled' in volumes) return undefined;
  return volumes.filter((point) => atOrBelow(path, point.destination)).sort((a, b) => b.destination.length - a.destination.length)[0];
}

/**
 * A volume's contents as an extraction's target (extract-upload.ts): a plain directory with nothing
 * below it, or what its driver mounted there (a tmpfs' files, a host directory: hostTarget); `save`
 * keeps what the extraction wrote (null, or the host's error).
 */
export function volumeTarget(
  x: Exchange,
  name: string,
): { readonly into: ExtractionTarget; readonly save: () => string | null } | { readonly unmodelled: string } {
  const mounted = mountedOver(x, name);
  if (mounted?.kind === 'bind') return hostTarget(mounted.hostPath);
  const store = x.state.objects.volumes;
  const files = volumeFiles(x, name);
  if ('unmodelled' in files) return files;
  const layer = new ContainerLayer();
  for (const entry of files) layer.put(entry);
  const created = files[0]?.mtime ?? new Date(0);
  return {
    into: { merged: new LayerFilesystem(layer.entries(), created), lower: new LayerFilesystem([], created), own: layer, overlay: false },
    save: () => {
      if (mounted?.kind === 'tmpfs') mounted.files = layer.entries();
      else store.fill(name, layer.entries());
      return null;
    },
  };
}

/**
 * A host directory (a bind's source, a volume bound to one) as an extraction's target: the host's
 * files there (host-tree.ts) as a plain directory; `save` writes what the extraction changed back
 * to the host (null, or the host's error).
 */
export function hostTarget(hostPath: string): { readonly into: ExtractionTarget; readonly save: () => string | null } | { readonly unmodelled: string } {
  const before = hostTree(hostPath);
  if ('unmodelled' in before) return before;
  const layer = new ContainerLayer();
  for (const entry of before) layer.put(entry);
  const created = before[0]?.mtime ?? new Date(0);
  return {
    into: { merged: new LayerFilesystem(layer.entries(), created), lower: new LayerFilesystem([], created), own: layer, overlay: false },
    save: () => writeHostChanges(hostPath, before, layer.entries()),
  };
}
