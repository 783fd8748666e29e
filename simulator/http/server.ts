import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type * as Https from 'node:https';
import type { Socket } from 'node:net';
import type { ServerFactory } from '../listeners/listen.js';
import { answerClientError } from './client-errors.js';
import { answerConnect } from './connect.js';
import { owe } from './in-flight.js';
import type { StateHolder } from './pipeline.js';

/**
 * How long a connection may take to send a whole request head: moby's http.Server sets
 * ReadHeaderTimeout to 5 minutes, and Go then closes the connection silently (observed on 20.10
 * and 28.5: a half-sent head gets no answer and EOF at exactly 300 s).
 */
export const READ_HEADER_TIMEOUT_MS = 300_000;

export interface HttpServerOptions {
  /** READ_HEADER_TIMEOUT_MS unless a test needs a shorter one. */
  readonly readHeaderTimeoutMs?: number;
}

/** node:https, loaded only for a TLS listener: with TLS and crypto it costs ~14 ms of every start. */
const loadHttps = (): typeof Https => process.getBuiltinModule('node:https');

/** Builds the HTTP (or HTTPS) servers of every listener: limits, timeouts, parser refusals. */
export function httpServerFactory(
  holder: StateHolder,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: HttpServerOptions = {},
): ServerFactory {
  const headersTimeout = options.readHeaderTimeoutMs ?? READ_HEADER_TIMEOUT_MS;
  const serverOptions: ServerOptions = {
    // Go's limit on a request head (connection-variant.ts: headLimitBytes).
    maxHeaderSize: holder.current.variants.connection.headLimitBytes,
    keepAlive: true,
    // The Host check is the chain's (http/middleware/host-header.ts), with Go's answer.
    requireHostHeader: false,
    headersTimeout,
    // Go has no limit on a whole request (dockerd streams uploads for minutes).
    requestTimeout: 0,
    // How often node looks for heads that are late: the timeout is kept to within a second.
    connectionsCheckingInterval: Math.min(1000, headersTimeout),
  };
  return (tls, basePath) => {
    const routed = basePath === '' ? handler : underBasePath(basePath, handler);
    // Each answer is counted as owed on its connection, so that a refusal of bytes after it waits for it (client-errors.ts).
    const serve = (req: IncomingMessage, res: ServerResponse): void => {
      owe(req.socket, res);
      routed(req, res);
    };
    const server = tls === undefined ? createServer(serverOptions, serve) : loadHttps().createServer({ ...tls, ...serverOptions }, serve);
    // Go's server has no idle timeout (moby sets neither IdleTimeout nor ReadTimeout): an idle
    // keep-alive connection stays open, and no Keep-Alive header is sent (observed on 28.5: a
    // connection idle for 8 s still answers). node's 5 s default closed pooled connections under
    // clients that had just picked them, an ECONNRESET once in a few thousand requests.
    server.keepAliveTimeout = 0;
    // Go counts no headers (the head's byte limit bounds them); the releases that do are emulated
    // by the chain (http/middleware/header-lines.ts). node would silently keep only the first 2000.
    server.maxHeadersCount = 0;
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, holder.current));
    server.on('connect', (req: IncomingMessage, socket: Socket) => answerConnect(req, socket, serve));
    return server;
  };
}

/**
 * A TCP listener with a path (`tcp://host:port/base`, daemon.md › Daemon listening sockets: "A path
 * is prepended to all requests"): requests under it are served without it; others are not found.
 */
export function underBasePath(
  basePath: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const base = basePath.replace(/\/+$/, '');
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(base) && (url.length === base.length || url[base.length] === '/' || url[base.length] === '?')) {
      req.url = url.slice(base.length) || '/';
      if (req.url.startsWith('?')) req.url = `/${req.url}`;
      handler(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"page not found"}\n');
  };
}
