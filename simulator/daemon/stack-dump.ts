import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** dockerd's file name: goroutine-stacks-2026-11-23T150720Z.log (UTC, no colons), in the exec root. */
export function stackDumpName(now: Date): string {
  return `goroutine-stacks-${now
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z')}.log`;
}

/**
 * What dockerd does on SIGUSR1 (observed on every release): writes its goroutine stacks into a file
 * of the exec root, logs `goroutine stacks written to <path>` and keeps serving. The node
 * equivalent is the diagnostic report (JavaScript and native stacks, handles), under the same name.
 */
export function dumpStacks(execRoot: string, now: Date = new Date()): string {
  const path = join(execRoot, stackDumpName(now));
  const report = process.report.getReport();
  writeFileSync(path, `${typeof report === 'string' ? report : JSON.stringify(report, null, 2)}\n`);
  return path;
}
