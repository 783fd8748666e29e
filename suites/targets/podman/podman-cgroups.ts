import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TargetError } from '../target.js';
import { cgroupHierarchies } from './podman-leftovers.js';

/** Podman 6 refuses cgroups v1 at start ("Cgroups v1 not supported"); up to 5.x it takes v1 or v2. */
export const needsUnifiedCgroups = (release: string): boolean => Number(release.split('.')[0]) >= 6;

export const MACHINE_CGROUPS = '/sys/fs/cgroup';

/**
 * Where the cgroup v2 hierarchy is mounted, for a podman that needs /sys/fs/cgroup to be one: null
 * where it already is (a unified machine); on a hybrid machine (v1 controllers, and a v2 hierarchy
 * beside them, /sys/fs/cgroup/unified) that mount point, which the target binds at /sys/fs/cgroup in
 * the podman's namespace. There the v2 hierarchy holds only the controllers v1 has not taken (here
 * hugetlb): containers run, without cpu, memory or pids accounting.
 */
export function unifiedHierarchy(table?: string): string | null {
  const cgroup2 = cgroupHierarchies(table)
    .filter((h) => h.type === 'cgroup2')
    .map((h) => h.point);
  if (cgroup2.includes(MACHINE_CGROUPS)) return null;
  const first = cgroup2[0];
  if (first === undefined)
    throw new TargetError('TARGET_START', 'this podman needs a cgroup v2 hierarchy (Podman 6 refuses cgroups v1), and this machine mounts none');
  return first;
}

/** Whether a cgroup v2 hierarchy offers the pids controller (`cgroup.controllers` at its top). */
export function hasPidsController(hierarchy: string): boolean {
  try {
    return readFileSync(join(hierarchy, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('pids');
  } catch {
    return false;
  }
}
