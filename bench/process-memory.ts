import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process in MiB (VmRSS of /proc/PID/status). */
export const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

/** How many file descriptors a process holds open (/proc/PID/fd). */
export const openFds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** Whether the process still runs (not gone, not a zombie). */
export function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
