import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, readSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { descendantsOf, pidsMentioning, refOf, type ProcessRef } from '../process/reaper.js';

/**
 * What a Podman service leaves when it is stopped: Podman's containers outlive the service (each
 * under a conmon of its own, reparented to init), and their cgroups outlive them.
 */

/** Every process whose command line names the run directory (the conmons), and their descendants (the containers' processes). */
export function containerProcesses(dir: string): ProcessRef[] {
  const found = new Map<number, ProcessRef>();
  for (const pid of pidsMentioning(dir)) {
    const ref = refOf(pid);
    if (ref !== undefined) found.set(pid, ref);
    for (const child of descendantsOf(pid)) found.set(child.pid, child);
  }
  return [...found.values()];
}

/** The ids of the containers the service's storage holds (vfs keeps one directory per container). */
export function containerIds(root: string): string[] {
  try {
    return readdirSync(join(root, 'vfs-containers')).filter((name) => /^[0-9a-f]{64}$/.test(name));
  } catch {
    return [];
  }
}

/** How much of the events log is read for the ids of the containers the service made: its first 16 MiB. */
const EVENTS_READ_LIMIT = 16 * 1024 * 1024;

/**
 * The ids of every container the service made, from its file events log (one JSON object a line:
 * `{"ID":…,"Status":"create","Type":"container",…}`): those removed through the API are no longer
 * in the storage, and their cgroups may outlive them (seen once in the v2 hierarchy Podman 6 is
 * shown on a hybrid machine). Only the first EVENTS_READ_LIMIT bytes are read.
 */
export function eventContainerIds(eventsLog: string): string[] {
  let text = '';
  let fd: number | undefined;
  try {
    fd = openSync(eventsLog, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const buffer = Buffer.alloc(Math.min(fstatSync(fd).size, EVENTS_READ_LIMIT));
    text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    const id = /^\{"ID":"([0-9a-f]{64})".*"Type":"container"/.exec(line)?.[1];
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** A cgroup hierarchy mounted on the machine: where, and which version (`cgroup` is v1). */
export interface CgroupMount {
  readonly point: string;
  readonly type: 'cgroup' | 'cgroup2';
}

/** The machine's cgroup hierarchies (v1 controllers and the unified one) with their versions, from this process's mount table. */
export function cgroupHierarchies(table = readFileSync('/proc/self/mountinfo', 'utf8')): CgroupMount[] {
  const found: CgroupMount[] = [];
  for (const line of table.split('\n')) {
    const [before, after] = line.split(' - ');
    const type = after?.split(' ')[0];
    const point = before?.split(' ')[4];
    if (point !== undefined && (type === 'cgroup' || type === 'cgroup2')) found.push({ point: point.replace(/\\040/g, ' '), type });
  }
  return found;
}

/** The machine's cgroup hierarchies' mount points. */
export const cgroupMounts = (table?: string): string[] => cgroupHierarchies(table).map((h) => h.point);

/** Removes an empty cgroup and the empty groups below it, deepest first; one still in use stays. */
export function removeGroup(path: string): void {
  let entries: string[];
  try {
    entries = readdirSync(path, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return;
  }
  for (const entry of entries) removeGroup(join(path, entry));
  try {
    rmdirSync(path);
  } catch {
    // Busy (a process still in it) or gone: nothing of another's is touched.
  }
}

/** The cgroups Podman's cgroupfs manager made for these containers (`libpod_parent/libpod-<id>` in each hierarchy). */
export function containerCgroups(ids: readonly string[], mounts = cgroupMounts()): string[] {
  return mounts.flatMap((mount) => ids.map((id) => join(mount, 'libpod_parent', `libpod-${id}`)));
}

/** Removes the cgroups of these containers, after their processes have ended. */
export function removeContainerCgroups(ids: readonly string[], mounts = cgroupMounts()): void {
  for (const group of containerCgroups(ids, mounts)) removeGroup(group);
  // Their parent, where no other service's container is in it (rmdir removes only an empty group).
  for (const mount of mounts) {
    try {
      rmdirSync(join(mount, 'libpod_parent'));
    } catch {
      // In use, or never made.
    }
  }
}
