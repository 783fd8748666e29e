import { release as kernelRelease } from 'node:os';
import { compareVersions } from '../../../common/dotted-version.js';
import { madeOnce } from '../../../common/made-once.js';
import type { MountPoint } from './mount-points.js';

/**
 * A bind's read-only recursion (BindOptions.ReadOnlyNonRecursive and ReadOnlyForceRecursive, API
 * 1.44, moby v25.0.0): the create keeps them as given; setupMounts, at a start and at each copy,
 * refuses a combination that contradicts itself or the bind's ReadOnly before it mounts the bind
 * (moby daemon/volumes_unix.go, the same in v25.0.0, v26.1.5, v28.5.2 and docker-v29.7.2). A
 * read-only bind is made recursively read-only (runc's `rro`) where the kernel has mount_setattr
 * (5.12) and the runtime knows `rro`, which only ReadOnlyForceRecursive requires.
 */

/** From it the Mount type has the two fields; before, the decoder drops them. */
export const READ_ONLY_RECURSION_FROM = '25.0';

/** What setupMounts refuses of a bind's options, in its words, or null. */
export function recursionConflict(point: MountPoint): string | null {
  const recursion = point.readOnlyRecursion;
  if (point.type !== 'bind' || recursion === undefined) return null;
  if (point.rw && recursion.nonRecursive) return 'mount options conflict: !ReadOnly && BindOptions.ReadOnlyNonRecursive';
  if (point.rw && recursion.forceRecursive) return 'mount options conflict: !ReadOnly && BindOptions.ReadOnlyForceRecursive';
  if (recursion.nonRecursive && recursion.forceRecursive) return 'mount options conflict: ReadOnlyNonRecursive && BindOptions.ReadOnlyForceRecursive';
  return null;
}

/** The first kernel with mount_setattr, which `rro` needs. */
const MOUNT_SETATTR_KERNEL = '5.12';

/** Whether this host's kernel can make a mount recursively read-only (its release, as moby's kernel probe would find it). */
export const kernelMakesReadOnlyRecursive = madeOnce((): boolean => compareVersions(kernelRelease().replace(/[^0-9.].*$/, ''), MOUNT_SETATTR_KERNEL) >= 0);

/** A start that needs `rro` where this kernel cannot give it: its mount point, named for a 501 (moby's probe's words are not kept), or null. */
export function forcedRecursionUnavailable(points: readonly MountPoint[]): string | null {
  if (kernelMakesReadOnlyRecursive()) return null;
  const forced = points.find((point) => point.type === 'bind' && !point.rw && point.readOnlyRecursion?.forceRecursive === true);
  return forced === undefined ? null : `a recursively read-only bind on a kernel without mount_setattr (${forced.destination})`;
}
