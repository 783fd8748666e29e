import { readdirSync, readFileSync } from 'node:fs';

/** PIDs whose command line mentions `marker` (the daemon's private run directory): its containerd and shims. */
export function pidsMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      if (cmdline.includes(marker)) pids.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Sends SIGTERM to each PID, waits up to `graceMs`, then SIGKILLs what is left. By PID only. */
export async function terminate(pids: readonly number[], graceMs: number): Promise<void> {
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const pid of pids) if (isRunning(pid)) signal(pid, 'SIGKILL');
}
