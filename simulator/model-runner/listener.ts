import { createServer, type Server } from 'node:http';
import type { TestableRuleId } from '../../specs/catalogue.js';
import type { RunnerHandler } from './handler.js';
import { plainError, RUNNER_MESSAGES } from './replies.js';
import { EMBEDDINGS_NOT_FORWARDED, refusedByForwarder } from '../quirks/model-runner/embeddings-not-forwarded.js';

/** The enable command's default TCP port (model-runner-api.md, Base addresses). */
export const DEFAULT_TCP_PORT = 12434;

/** The real service's only server time-out (pkg/server/server.go: ReadHeaderTimeout 10 s). */
const READ_HEADER_TIMEOUT_MS = 10_000;

/** Serves the runner alone on 127.0.0.1:<port> (0: a free port); resolves with the server and its port. */
export async function listenTcp(
  handler: RunnerHandler,
  port: number,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): Promise<{ server: Server; port: number }> {
  const server = createServer({ keepAlive: true, headersTimeout: READ_HEADER_TIMEOUT_MS, requestTimeout: 0 }, (req, res) => {
    // Fault (mr.tcp.serves): the document's own base address, localhost:<port>, is refused.
    if (/^localhost(:|$)/i.test(req.headers.host ?? '') && faults.has('mr.tcp.serves')) {
      req.resume();
      return plainError(res, 404, RUNNER_MESSAGES.pageNotFound);
    }
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    // Quirk hypothetical.mr.tcp.serves.embeddings-not-forwarded: the forwarder's allow-list lacks embeddings.
    if (quirks.has(EMBEDDINGS_NOT_FORWARDED) && refusedByForwarder(req, res, path)) return;
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
