import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { rmSync } from 'node:fs';

export interface ProxiedReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Rewrites one answer of the daemon behind the proxy: a deliberately broken daemon. */
export type Fault = (method: string, path: string, reply: ProxiedReply) => ProxiedReply;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** An HTTP proxy on a unix socket in front of `upstream` (a unix socket) that applies `fault`. */
export async function startFaultyProxy(socketPath: string, upstream: string, fault: Fault): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const forward = request({ socketPath: upstream, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const reply = fault(req.method ?? 'GET', req.url ?? '/', { status: answer.statusCode ?? 502, headers: { ...answer.headers }, body: Buffer.concat(chunks).toString('utf8') });
        const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(reply.status, { ...headers, ...(req.method === 'HEAD' ? {} : { 'content-length': Buffer.byteLength(reply.body) }) });
        res.end(req.method === 'HEAD' ? undefined : reply.body);
      });
    });
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
