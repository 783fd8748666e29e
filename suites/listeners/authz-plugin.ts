import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PLUGIN_MEDIA_TYPE, type AuthzMessage, type AuthzVerdict } from '../../specs/authz-protocol.js';

export interface AuthzPolicy {
  request(message: AuthzMessage): AuthzVerdict;
  /** Default: allow every response. */
  response?(message: AuthzMessage): AuthzVerdict;
}

export interface AuthzCall {
  readonly kind: 'activate' | 'request' | 'response';
  readonly message?: AuthzMessage;
}

/** A running test plugin: a small HTTP server on `<dir>/<name>.sock`. */
export interface AuthzPlugin {
  readonly name: string;
  readonly socket: string;
  /** Every call in the order it came. */
  readonly calls: AuthzCall[];
  /** Replaces the policy (e.g. between generated cases). */
  setPolicy(policy: AuthzPolicy): void;
  /** Stops listening and removes the socket: the plugin "goes down". */
  close(): Promise<void>;
}

export const ALLOW_ALL: AuthzPolicy = { request: () => ({ Allow: true }) };

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': PLUGIN_MEDIA_TYPE, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function readJson(req: IncomingMessage): Promise<AuthzMessage | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => resolve(null));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AuthzMessage);
      } catch {
        resolve(null);
      }
    });
  });
}

/**
 * An authorization plugin for tests, real dockerd and ctrd-sim alike: it implements the plugin
 * protocol (`Plugin.Activate`, `AuthZPlugin.AuthZReq`, `AuthZPlugin.AuthZRes`), answers by
 * `policy` and records every call. The daemon finds it by name in the directory it looks in
 * (the target binds `dir` there, or passes it as ctrd-sim's --plugin-dir).
 */
export function startAuthzPlugin(dir: string, name: string, policy: AuthzPolicy = ALLOW_ALL): Promise<AuthzPlugin> {
  const socket = join(dir, `${name}.sock`);
  const calls: AuthzCall[] = [];
  let current = policy;
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') return reply(res, 405, { Err: 'POST only' });
      const message = await readJson(req);
      if (req.url === '/Plugin.Activate') {
        calls.push({ kind: 'activate' });
        return reply(res, 200, { Implements: ['authz'] });
      }
      if (message === null) return reply(res, 400, { Err: 'the body is not JSON' });
      if (req.url === '/AuthZPlugin.AuthZReq') {
        calls.push({ kind: 'request', message });
        return reply(res, 200, current.request(message));
      }
      if (req.url === '/AuthZPlugin.AuthZRes') {
        calls.push({ kind: 'response', message });
        return reply(res, 200, current.response?.(message) ?? { Allow: true });
      }
      reply(res, 404, { Err: `${req.url ?? ''} is not a method of this plugin` });
    })();
  });
  rmSync(socket, { force: true });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve({
        name,
        socket,
        calls,
        setPolicy: (next) => (current = next),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => {
              rmSync(socket, { force: true });
              done();
            });
          }),
      });
    });
  });
}
