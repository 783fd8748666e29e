import { existsSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Container, TarRecord } from '../objects/index.js';
import { containerFilesystem, INIT_MOUNT_POINT } from './container-fs.js';
import { goMapOrder } from './container-networks.js';
import { extractUpload } from './extract-upload.js';
import { atOrBelow, type MountPoint } from './mount-points.js';
import { walkIn } from './path-walk.js';
import { bindsNonDirectory, makeBindSource } from './host-tree.js';
import { volumeTarget } from './archive-mounts.js';
import { mountPointRecord } from './mount-point-record.js';
import { volumeMountEvent, volumeUnmountEvent } from './volume-events.js';
import { mountingError, mountsFileSystem, mountVolume, unmodelledVolumeMounts, unmountVolume } from './volume-mounts.js';
import { imageMountAtStartUnmodelled, imageMountProblem } from './image-mounts.js';
import { forcedRecursionUnavailable, recursionConflict } from './read-only-recursion.js';
import { propagationProblem } from './bind-propagation.js';

/**
 * A container's mounts as a start and its cleanup see them (moby setupMounts, UnmountVolumes;
 * runc's mount points), observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07):
 * - each volume (not a bind, not a tmpfs) is mounted with a volume "mount" event (container,
 *   destination, driver, propagation, read/write), the volumes in Go's map order, and a bind's
 *   source missing from the host is made there (0755); a volume whose driver cannot mount it
 *   (volume-mounts.ts) fails the start, 500 "error while mounting volume '<its directory>': …", as
 *   does a bind whose read-only recursion contradicts itself (read-only-recursion.ts), once its
 *   source is made, and then a bind whose propagation its host mount lacks (bind-propagation.ts);
 * - the cleanup of a container that ends, or of a start that fails after its network checks, gives
 *   each volume an "unmount" event (container, driver), mounted or not, after the network's
 *   disconnects;
 * - as runc creates the task it makes each mount point missing from the container's files, as
 *   MkdirAll does (missing parents 0755, the parent copied up and touched; a bind of what is no
 *   directory gets an empty file), so `changes` lists them. A mount point inside another mount is
 *   made in that mount: a volume's in the volume, a bind's in its source on the host.
 * Not modelled (501 before the start does anything): a mount point runc cannot make (below what is
 * no directory, through a dangling link, inside a read-only volume or bind, inside a volume its
 * driver mounts a file system for).
 */

/** Where moby's setupMounts stopped, and in what words: a volume's mount, an image mount's Subpath (a NotFound), a bind's source or its options. */
export type SetupFailure = { readonly at: 'volume' | 'image' | 'bind source' | 'bind options'; readonly message: string };

/**
 * moby's setupMounts, at a start and at a copy: the mount points in Go's map order, each volume
 * mounted with its mount event, an image mount's Subpath looked up, a bind's source made on the
 * host where it is missing (MkdirAll, 0755; a create refused a Mounts bind's missing source unless
 * CreateMountpoint, a Binds one it leaves to the start), then the bind's read-only recursion
 * checked. The first failure stops it; what was mounted before stays so.
 */
export function setupMounts(x: Exchange, container: Container, points: readonly MountPoint[]): SetupFailure | null {
  for (const point of goMapOrder(points)) {
    if (point.type === 'volume') {
      const failed = mountVolume(x, point.name);
      if (failed !== null) return { at: 'volume', message: mountingError(x, point.name, failed) };
      volumeMountEvent(x, container, point);
    }
    const problem = point.type === 'image' ? imageMountProblem(x, point) : null;
    if (problem !== null && 'failed' in problem) return { at: 'image', message: problem.failed };
    if (point.type !== 'bind') continue;
    const unmade = makeBindSource(point);
    if (unmade !== null) return { at: 'bind source', message: unmade };
    const conflict = recursionConflict(point);
    if (conflict !== null) return { at: 'bind options', message: conflict };
  }
  return null;
}

/**
 * setupMounts at a start (an image mount's missing Subpath is a NotFound, 404; the rest 500), then,
 * as the OCI spec's mounts are made, a bind that propagates needs its host mount to.
 */
export function setupMountsAtStart(x: Exchange, container: Container): { readonly status: number; readonly message: string } | null {
  const failed = setupMounts(x, container, container.mounts ?? []);
  if (failed !== null) return { status: failed.at === 'image' ? 404 : 500, message: failed.message };
  const unpropagated = propagationProblem(container.mounts ?? [], x.state.config.dataRoot);
  return unpropagated === null ? null : { status: 500, message: unpropagated };
}

/** UnmountVolumes in moby's Cleanup: each volume unmounted (volume-mounts.ts), with its event, in map order. */
export function unmountVolumes(x: Exchange, container: Container): void {
  for (const point of goMapOrder(container.mounts ?? []).filter((each) => each.type === 'volume')) {
    unmountVolume(x, point.name);
    volumeUnmountEvent(x, container, point);
  }
}

/** What runc will make: records for the container's own layer, for volumes by name (paths within the volume), and paths on the host. */
export interface MountPointPlan {
  readonly layer: readonly TarRecord[];
  readonly volumes: ReadonlyMap<string, readonly TarRecord[]>;
  /** Made on the host, inside a bind's source (a directory, or an empty file for a bind of a file). */
  readonly host: readonly { readonly path: string; readonly directory: boolean }[];
}

/**
 * The mount points runc will make, in the order it mounts (fewest path components first), or what
 * is not modelled. Nothing is changed. `withInit`: the init's mount point too.
 */
export function planMountPoints(x: Exchange, container: Container, now: Date, withInit: boolean): MountPointPlan | { readonly unmodelled: string } {
  const points = [...(container.mounts ?? [])].sort((a, b) => a.destination.split('/').length - b.destination.split('/').length);
  const unmodelledMount = unmodelledVolumeMounts(
    x,
    points.filter((point) => point.type === 'volume').map((point) => point.name),
  );
  if (unmodelledMount !== null) return { unmodelled: unmodelledMount };
  const unmodelledPoint = imageMountAtStartUnmodelled(points) ?? forcedRecursionUnavailable(points);
  if (unmodelledPoint !== null) return { unmodelled: unmodelledPoint };
  for (const point of points.filter((each) => each.type === 'image')) {
    const problem = imageMountProblem(x, point);
    if (problem !== null && 'unmodelled' in problem) return problem;
  }
  const view = containerFilesystem(x, container);
  const layer: TarRecord[] = [];
  const volumes = new Map<string, TarRecord[]>();
  const host: { readonly path: string; readonly directory: boolean }[] = [];
  for (const [at, point] of points.entries()) {
    const outer = points
      .slice(0, at)
      .filter((other) => other.destination !== point.destination && atOrBelow(point.destination, other.destination))
      .sort((a, b) => b.destination.length - a.destination.length)[0];
    const file = bindsNonDirectory(point);
    if (outer?.type === 'tmpfs') continue;
    if (outer?.type === 'image') return { unmodelled: `a mount point inside the image mount at ${outer.destination} (${point.destination})` };
    if (outer?.type === 'bind') {
      const made = hostMountPoint(outer, point.destination);
      if (typeof made !== 'string' && 'unmodelled' in made) return { unmodelled: `${made.unmodelled} (${point.destination})` };
      if (typeof made === 'string') host.push({ path: made, directory: !file });
      continue;
    }
    if (outer !== undefined && mountsFileSystem(x, outer.name))
      return { unmodelled: `a mount point inside the volume ${outer.name}, which its driver mounts (${point.destination})` };
    if (outer !== undefined) {
      const inVolume = posix.relative(outer.destination, point.destination);
      const content = x.state.objects.volumes.find(outer.name)?.content ?? [];
      const made = missingPath((path) => content.find((entry) => entry.path === path), `/${inVolume}`, file);
      if (typeof made !== 'string' && 'unmodelled' in made) return { unmodelled: `${made.unmodelled} (${point.destination})` };
      if (typeof made === 'string' && !outer.rw) return { unmodelled: `a mount point made inside the read-only volume ${outer.name} (${point.destination})` };
      if (typeof made === 'string') volumes.set(outer.name, [...(volumes.get(outer.name) ?? []), mountPointRecord(made, !file, now)]);
      continue;
    }
    const made = missingPath((path) => view.at(path), point.destination, file);
    if (typeof made !== 'string' && 'unmodelled' in made) return { unmodelled: `${made.unmodelled} (${point.destination})` };
    if (typeof made === 'string') layer.push(mountPointRecord(made, !file, now));
  }
  // The init's mount point, where runc makes it before the start (ranUnderInit stands for it after one).
  const init = INIT_MOUNT_POINT.find((entry) => entry.type === 'file')!.path;
  const initPath = withInit ? missingPath((path) => view.at(path), init, true) : { exists: true };
  if (typeof initPath === 'string') layer.push(mountPointRecord(initPath, false, now));
  return { layer, volumes, host };
}

/**
 * A mount point inside a bind, which runc makes in the bind's source on the host: its path there
 * where it is missing, nothing where it is there, or what is not modelled (a read-only bind, a
 * link or what is no directory on the way).
 */
function hostMountPoint(outer: MountPoint, destination: string): string | { readonly exists: true } | { readonly unmodelled: string } {
  const path = posix.join(outer.hostPath, posix.relative(outer.destination, destination));
  if (existsSync(path)) return { exists: true };
  if (!outer.rw) return { unmodelled: `a mount point made inside the read-only bind of ${outer.hostPath}` };
  for (let dir = posix.dirname(path); atOrBelow(dir, outer.hostPath); dir = posix.dirname(dir)) {
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (stat !== undefined && !stat.isDirectory()) return { unmodelled: `a mount point made through what is no directory in the bind of ${outer.hostPath}` };
    if (dir === outer.hostPath) break;
  }
  return path;
}

/** The path runc makes for a mount point (its links followed), nothing where it exists, or what is not modelled. */
function missingPath(
  at: Parameters<typeof walkIn>[0],
  destination: string,
  file = false,
): string | { readonly exists: true } | { readonly unmodelled: string } {
  const walk = walkIn(at, '/', destination);
  if (walk.kind === 'notDir' && walk.final && file) return { exists: true };
  if (walk.kind !== 'dir' || walk.throughLink) return { unmodelled: 'a mount point runc cannot make as ctrd-sim knows it' };
  return walk.missing.length === 0 ? { exists: true } : posix.join(walk.path, ...walk.missing);
}

/** Makes what the plan says (runc creating the task). */
export function makeMountPoints(x: Exchange, container: Container, plan: MountPointPlan, now: Date): void {
  if (plan.layer.length > 0) extractUpload(x, container, '/', plan.layer, now);
  for (const [name, records] of plan.volumes) {
    const target = volumeTarget(x, name);
    if ('unmodelled' in target) continue;
    extractUpload(x, container, '/', records, now, { into: target.into });
    target.save();
  }
  for (const made of plan.host) {
    mkdirSync(made.directory ? made.path : posix.dirname(made.path), { recursive: true, mode: 0o755 });
    if (!made.directory) writeFileSync(made.path, '', { mode: 0o755 });
  }
}
