import { createServer, type Server } from 'node:http';
import type { TestableRuleId } from '../../specs/catalogue.js';
import type { RunnerHandler } from './handler.js';
import { listenerVariant } from './listener-variant.js';
import { plainError, RUNNER_MESSAGES } from './replies.js';

/** The enable command's default TCP port (model-runner-api.md, Base addresses). */
export const DEFAULT_TCP_PORT = 12434;

/** The real service's only server time-out (pkg/server/server.go: ReadHeaderTimeout 10 s). */
const READ_HEADER_TIMEOUT_MS = 10_000;

/**
 * Serves the runner alone on 127.0.0.1:<port> (0: a free port); resolves with the server and its
 * port. Where a fault or a quirk makes it differ, it reads the field of its variant (listener-variant.ts).
 */
export async function listenTcp(
  handler: RunnerHandler,
  port: number,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): Promise<{ server: Server; port: number }> {
  const variant = listenerVariant({ faults, quirks });
  const server = createServer({ keepAlive: true, headersTimeout: READ_HEADER_TIMEOUT_MS, requestTimeout: 0 }, (req, res) => {
    if (/^localhost(:|$)/i.test(req.headers.host ?? '') && !variant.localhostServed) {
      req.resume();
      return plainError(res, 404, RUNNER_MESSAGES.pageNotFound);
    }
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    if (variant.refuses(req, res, path)) return;
    handler(req, res, path);
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : port };
}
