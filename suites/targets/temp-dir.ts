import { mkdtempSync, rmSync } from 'node:fs';

/**
 * A short private directory under /tmp: the daemon's containerd socket lives below its exec root,
 * and a unix socket path must stay under 108 bytes.
 */
export function makeRunDir(): string {
  return mkdtempSync('/tmp/ctc-');
}

export function removeRunDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
