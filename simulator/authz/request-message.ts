import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AuthzMessage } from '../../specs/authz-protocol.js';

/** The largest body the plugins are shown: 4 MiB (moby pkg/authorization maxBodySize from 29.4; observed on 26.1.5+dfsg1 and 28.5.2+dfsg4). */
export const MAX_SHOWN_BODY = 4 * 1024 * 1024;

/** Whether the request is sent chunked (its length is known only at its end). */
export const isChunked = (req: IncomingMessage): boolean => /(^|,)\s*chunked\s*$/i.test(req.headers['transfer-encoding'] ?? '');

/** Whether the request carries a body: a Content-Length above 0, or chunked. */
export const hasBody = (req: IncomingMessage): boolean => isChunked(req) || Number(req.headers['content-length'] ?? 0) > 0;

/** Whether its Content-Type is JSON (the media type, whatever its case and parameters). */
export const isJsonBody = (req: IncomingMessage): boolean => (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** Go's canonical header key: "content-type" → "Content-Type". */
const canonicalKey = (key: string): string => key.toLowerCase().replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());

/** The request's headers as dockerd sends them: canonical keys, the first value of each, no Host (Go keeps it apart). */
export function headerMap(rawHeaders: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = canonicalKey(rawHeaders[i]!);
    if (key === 'Host' || key in map) continue;
    map[key] = rawHeaders[i + 1]!;
  }
  return map;
}

/** The user of a verified TLS connection: its client certificate's common name. */
function tlsUser(req: IncomingMessage): string | undefined {
  const socket = req.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function' || socket.authorized !== true) return undefined;
  const subject = socket.getPeerCertificate().subject as Record<string, string | string[]> | undefined;
  const cn = subject?.['CN'];
  return Array.isArray(cn) ? cn[0] : cn;
}

/** What the plugins are told about a request (AuthZPlugin.AuthZReq). */
export function requestMessage(req: IncomingMessage, body: Buffer | undefined, dropQuery = false): AuthzMessage {
  const user = tlsUser(req);
  return {
    ...(user === undefined ? {} : { User: user, UserAuthNMethod: 'TLS' }),
    RequestMethod: req.method ?? 'GET',
    // Fault (authz.allow): the query is left out.
    RequestUri: dropQuery ? (req.url ?? '/').split('?')[0]! : (req.url ?? '/'),
    ...(body === undefined || body.length === 0 ? {} : { RequestBody: body.toString('base64') }),
    RequestHeaders: headerMap(req.rawHeaders),
  };
}
