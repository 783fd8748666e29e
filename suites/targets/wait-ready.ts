import { HttpClient } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';

/**
 * Polls GET `path` until it answers 200, `gone()` turns true, or the deadline passes.
 * `pollMs` is the pause between attempts (the benchmark polls every millisecond or so).
 */
export async function waitForOk(endpoint: Endpoint, path: string, gone: () => boolean, timeoutMs: number, pollMs = 10): Promise<'ready' | 'gone' | 'timeout'> {
  const client = new HttpClient(endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (gone()) return 'gone';
      try {
        const reply = await client.request('GET', path, { timeoutMs: 1_000 });
        if (reply.status === 200) return 'ready';
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return 'timeout';
  } finally {
    client.close();
  }
}

/** waitForOk on a daemon's GET /_ping. */
export const waitForPing = (endpoint: Endpoint, gone: () => boolean, timeoutMs: number, pollMs = 10): Promise<'ready' | 'gone' | 'timeout'> =>
  waitForOk(endpoint, '/_ping', gone, timeoutMs, pollMs);
