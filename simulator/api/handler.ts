import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
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
  res.writeHead(status, [...kit.versionHeaders, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}

function sendTextError(res: ServerResponse, kit: ResponseKit, status: number, message: string): void {
  const body = message + '\n';
  res.writeHead(status, [
    ...kit.versionHeaders,
    'Content-Type', 'text/plain; charset=utf-8',
    'X-Content-Type-Options', 'nosniff',
    'Content-Length', String(Buffer.byteLength(body)),
  ]);
  res.end(body);
}

type Responder = (res: ServerResponse, kit: ResponseKit) => void;

/** The daemon's routes, path → method → answer: the one place that says what is served. */
const ROUTES = new Map<string, ReadonlyMap<string, Responder>>([
  [
    '/_ping',
    new Map<string, Responder>([
      ['GET', (res, kit) => (res.writeHead(200, kit.pingGet), res.end('OK'))],
      ['HEAD', (res, kit) => (res.writeHead(200, kit.pingHead), res.end())],
    ]),
  ],
  ['/version', new Map<string, Responder>([['GET', (res, kit) => (res.writeHead(200, kit.versionGet), res.end(kit.versionBody))]])],
]);

/** OPTIONS matches every path (the preflight route). */
const answerOptions: Responder = (res, kit) => (res.writeHead(200, kit.options), res.end());

function route(method: string | undefined, path: string): Responder | undefined {
  return method === 'OPTIONS' ? answerOptions : ROUTES.get(path)?.get(method ?? '');
}

/** Routes one request. Kept flat and allocation-light: /_ping is the benchmark's hot path. */
export function createHandler(state: HandlerState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const { kit, config } = state;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    let path = query < 0 ? url : url.slice(0, query);
    if (path.includes('//') || path.includes('/.')) {
      const clean = cleanPath(path);
      if (clean !== path) return redirect(res, query < 0 ? clean : clean + url.slice(query));
    }
    const match = path.charCodeAt(1) === 118 /* v */ ? VERSIONED.exec(path) : null;
    if (match !== null) path = match[2]!;
    // The router matches before the version middleware runs: an unknown route is 404 at any version.
    const respond = route(req.method, path);
    if (respond === undefined) return notFound(res);
    if (match !== null) {
      const requested = match[1]!;
      const verdict = judgeVersion(requested, config.minApi, config.maxApi);
      if (verdict === 'too-old') {
        const message = tooOldMessage(requested, config.minApi);
        if (config.release.legacyPlainTextErrors === true && isOlder(requested, LEGACY_ERROR_API)) return sendTextError(res, kit, 400, message);
        return sendJsonError(res, kit, 400, message);
      }
      if (verdict === 'too-new') return sendJsonError(res, kit, 400, tooNewMessage(requested, config.maxApi));
    }
    respond(res, kit);
  };
}

/** The daemon router's path cleaning: dot segments and empty segments go, a final slash stays. */
export function cleanPath(path: string): string {
  if (path === '') return '/';
  let clean = posix.normalize(path.startsWith('/') ? path : `/${path}`);
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (path.endsWith('/') && clean !== '/') clean += '/';
  return clean;
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(301, ['Location', location, 'Content-Length', '0']);
  res.end();
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, NOT_FOUND_HEADERS);
  res.end(NOT_FOUND);
}
