import { readFileSync } from 'node:fs';

/**
 * The accept backlog dockerd's listeners get: Go's net.Listen uses the kernel's
 * net.core.somaxconn (observed: Send-Q 4096 = somaxconn on every dockerd socket), and falls back
 * to 128 when it cannot read it. Node's own default is 511.
 */
export function listenBacklog(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): number {
  try {
    const value = Number(read('/proc/sys/net/core/somaxconn').trim());
    if (Number.isInteger(value) && value > 0) return Math.min(value, 65535);
  } catch {
    // Not Linux, or no /proc: Go's fallback.
  }
  return 128;
}
