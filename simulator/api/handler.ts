import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOlder } from '../../common/dotted-version.js';
import type { SimConfig } from '../config.js';
import { buildResponseKit, type ResponseKit } from './responses.js';
import { LEGACY_ERROR_API, judgeVersion, tooNewMessage, tooOldMessage } from './version-gate.js';

/** The configuration a handler answers with; swapped as a whole on reload. */
export interface HandlerState {
  config: SimConfig;
  kit: ResponseKit;
}

export const handlerState = (config: SimConfig): HandlerState => ({ config, kit: buildResponseKit(config) });

const VERSIONED = /^\/v([0-9.]+)(\/.*)$/;
const NOT_FOUND = Buffer.from('{"message":"page not found"}\n');
const NOT_FOUND_HEADERS = ['Content-Type', 'application/json', 'Content-Length', String(NOT_FOUND.length)];

function sendJsonError(res: ServerResponse, kit: ResponseKit, status: number, message: string): void {
  const body = JSON.stringify({ message }) + '\n';
  res.writeHead(status, [...kit.common.flat(), 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}

function sendTextError(res: ServerResponse, kit: ResponseKit, status: number, message: string): void {
  const body = message + '\n';
  res.writeHead(status, [
    ...kit.common.flat(),
    'Content-Type', 'text/plain; charset=utf-8',
    'X-Content-Type-Options', 'nosniff',
    'Content-Length', String(Buffer.byteLength(body)),
  ]);
  res.end(body);
}

/** Routes one request. Kept flat and allocation-light: /_ping is the benchmark's hot path. */
export function createHandler(state: HandlerState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const { kit, config } = state;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    let path = query < 0 ? url : url.slice(0, query);
    if (path.charCodeAt(1) === 118 /* v */) {
      const match = VERSIONED.exec(path);
      if (match !== null) {
        const requested = match[1]!;
        path = match[2]!;
        if (!isRoute(req.method, path)) return notFound(res);
        const verdict = judgeVersion(requested, config.minApi, config.maxApi);
        if (verdict === 'too-old') {
          const message = tooOldMessage(requested, config.minApi);
          if (config.release.legacyPlainTextErrors === true && isOlder(requested, LEGACY_ERROR_API)) return sendTextError(res, kit, 400, message);
          return sendJsonError(res, kit, 400, message);
        }
        if (verdict === 'too-new') return sendJsonError(res, kit, 400, tooNewMessage(requested, config.maxApi));
      }
    }
    const method = req.method;
    if (path === '/_ping') {
      if (method === 'GET') {
        res.writeHead(200, kit.pingGet);
        res.end('OK');
        return;
      }
      if (method === 'HEAD') {
        res.writeHead(200, kit.pingHead);
        res.end();
        return;
      }
    } else if (path === '/version' && method === 'GET') {
      res.writeHead(200, kit.versionGet);
      res.end(kit.versionBody);
      return;
    }
    notFound(res);
  };
}

function isRoute(method: string | undefined, path: string): boolean {
  return (path === '/_ping' && (method === 'GET' || method === 'HEAD')) || (path === '/version' && method === 'GET');
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, NOT_FOUND_HEADERS);
  res.end(NOT_FOUND);
}
