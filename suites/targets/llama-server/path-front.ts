import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';

/** Where the front sends a request: a llama-server's port on 127.0.0.1. */
export interface Upstreams {
  readonly chat: number;
  readonly embeddings: number;
}

export interface PathFront {
  readonly port: number;
  /** Stops listening and ends every connection, upstream ones included. */
  close(): Promise<void>;
}

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy does not pass
 * them on. Node frames each side's body itself (chunked or with the Content-Length it was given).
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** rawHeaders ([name, value, name, value…]) without the hop-by-hop ones, names and order as received. */
function endToEnd(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

/**
 * DMR's scheduler runs one llama-server per model and mode; an embeddings request goes to the one
 * started with --embeddings, everything else to the completion one (docker/model-runner
 * pkg/inference/scheduling/http_handler.go: the mode follows the route).
 */
export const upstreamFor = (method: string | undefined, path: string | undefined, upstreams: Upstreams): number =>
  method === 'POST' && /\/embeddings\/?(\?|$)/.test(path ?? '') ? upstreams.embeddings : upstreams.chat;

/** 502 with an empty body when the engine cannot be reached, as DMR's proxy answers. */
function badGateway(res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(502, { 'Content-Length': '0' });
    res.end();
  } else res.destroy();
}

/**
 * A minimal reverse proxy on 127.0.0.1 in front of the two llama-server processes: method, path,
 * headers and body go through unchanged, and the answer's status, reason, headers and body (SSE
 * streamed as it comes) come back unchanged, hop-by-hop headers aside.
 * One upstream connection per request: with a keep-alive pool, a full run saw 502s (llama-server
 * closes idle connections after 5 s, and a pooled socket it has just closed fails the request),
 * and an idle kept-alive connection holds one of its few HTTP threads. On loopback a connection
 * costs next to nothing.
 */
export async function startPathFront(upstreams: Upstreams): Promise<PathFront> {
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const port = upstreamFor(req.method, req.url, upstreams);
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: endToEnd(req.rawHeaders), agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      // A client that goes away ends the upstream request too (pipeline destroys both).
      pipeline(answer, res, () => {});
    });
    outgoing.on('error', () => badGateway(res));
    pipeline(req, outgoing, (error) => {
      if (error !== undefined && error !== null) outgoing.destroy();
    });
  };
  const server = createServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
