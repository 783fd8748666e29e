import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks per second. */
export const CLOCK_TICKS = 100;

/** utime + stime of a process (all threads), in clock ticks; undefined when it cannot be read. */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.split(' ');
    return fields === undefined ? undefined : Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}
