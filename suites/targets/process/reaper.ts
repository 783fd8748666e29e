import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Finding and ending the processes a daemon left: always by PID, found by what ties them to the
 * daemon (its private directory in their command line, or being its descendant), never by name.
 */

/** A process as found at one moment: its PID and start time, so a reused PID is never signalled. */
export interface ProcessRef {
  readonly pid: number;
  readonly startTime: string;
}

const numericEntries = (): number[] => {
  try {
    return readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
};

/** `/proc/PID/stat` split after the command name: [state, ppid, …]; undefined when gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process's start time (field 22 of /proc/PID/stat), or undefined when it is gone. */
function startTimeOf(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

export function refOf(pid: number): ProcessRef | undefined {
  const startTime = startTimeOf(pid);
  return startTime === undefined ? undefined : { pid, startTime };
}

/** PIDs whose command line mentions `marker` (the daemon's private run directory): its containerd and shims. */
export function pidsMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const pid of numericEntries()) {
    if (pid === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      if (cmdline.includes(marker)) pids.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** The mount namespace `pid` is in (`mnt:[inode]`), or undefined when it is gone. */
export function mountNamespaceOf(pid: number | 'self'): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/mnt`);
  } catch {
    return undefined;
  }
}

/** The processes in mount namespace `namespace` (never this process's own), as found now. */
export function refsInMountNamespace(namespace: string): ProcessRef[] {
  if (namespace === mountNamespaceOf('self')) return [];
  return numericEntries()
    .filter((pid) => pid !== process.pid && mountNamespaceOf(pid) === namespace)
    .map(refOf)
    .filter((ref): ref is ProcessRef => ref !== undefined);
}

/** Every living descendant of `root` (children, their children, …), as found now. */
export function descendantsOf(root: number): ProcessRef[] {
  const children = new Map<number, number[]>();
  for (const pid of numericEntries()) {
    const ppid = Number(statFields(pid)?.[1]);
    if (!Number.isInteger(ppid)) continue;
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const found: ProcessRef[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (pid === process.pid) continue;
    const ref = refOf(pid);
    if (ref !== undefined) found.push(ref);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Refs for the PIDs that mention `marker`, plus `also`, without duplicates. */
export function refsMentioning(marker: string, also: readonly ProcessRef[] = []): ProcessRef[] {
  const refs = new Map(also.map((r) => [r.pid, r]));
  for (const pid of pidsMentioning(marker)) {
    const ref = refOf(pid);
    if (ref !== undefined && !refs.has(pid)) refs.set(pid, ref);
  }
  return [...refs.values()];
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Whether the process `ref` names is still that process and alive. */
const stillThere = (ref: ProcessRef): boolean => isRunning(ref.pid) && startTimeOf(ref.pid) === ref.startTime;

export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Signals the process only if it is still the one that was found. */
export function signalRef(ref: ProcessRef, name: NodeJS.Signals): void {
  if (stillThere(ref)) signal(ref.pid, name);
}

// Ref'd on purpose: a stop in progress must finish before the runner may exit.
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process `ref` names still has an entry in /proc (alive, or dead and not yet reaped). */
const notReaped = (ref: ProcessRef): boolean => startTimeOf(ref.pid) === ref.startTime;

/**
 * Sends SIGTERM to each process, waits up to `graceMs`, then SIGKILLs what is left. By PID only.
 * Then waits up to `reapMs` for the dead to be reaped: an orphan's zombie is its parent's (init's)
 * to reap, and a daemon restarted meanwhile would take its PID for a live containerd.
 */
export async function terminate(targets: readonly (number | ProcessRef)[], graceMs: number, reapMs = 0): Promise<void> {
  const refs = targets.map((t) => (typeof t === 'number' ? refOf(t) : t)).filter((r): r is ProcessRef => r !== undefined);
  if (refs.length === 0) return;
  for (const ref of refs) signalRef(ref, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (refs.some(stillThere) && Date.now() < deadline) await pause(20);
  for (const ref of refs) signalRef(ref, 'SIGKILL');
  const reaped = Date.now() + reapMs;
  while (refs.some(notReaped) && Date.now() < reaped) await pause(20);
}
