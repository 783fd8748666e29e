import { isChunked } from '../authz/request-message.js';
import type { Exchange } from '../http/exchange.js';
import { AUTHZ_UNTYPED_CHUNKED, hiddenUntyped } from '../quirks/listeners/authz-untyped-chunked.js';
import { ENGINE_MESSAGES } from './messages.js';
import { releaseBelow } from './replies.js';

/**
 * moby's httputils.CheckForJSON, which the routes that take a JSON body run before anything else:
 * no Content-Type is fine when the request declares no body (Content-Length 0 or none, not
 * chunked), otherwise the type must be application/json (parameters such as charset allowed). The
 * words are 20.10's, then those from 23.0 on (observed on 20.10.24, 26.1.5 and 28.5.2). Null when
 * the request passes. The fault authz.body.untyped drops the check (the route acts on untyped
 * bodies), and the quirk hypothetical.authz.body.untyped.chunked-untyped lets a chunked body
 * without a type through.
 */
export function contentTypeProblem(x: Exchange): string | null {
  const { req } = x;
  const { faults, quirks } = x.state.config;
  const type = req.headers['content-type'] ?? '';
  if (faults.has('authz.body.untyped')) return null;
  if (type === '' && !isChunked(req) && Number(req.headers['content-length'] ?? 0) === 0) return null;
  if (quirks.has(AUTHZ_UNTYPED_CHUNKED) && hiddenUntyped(req)) return null;
  if (type.split(';')[0]!.trim().toLowerCase() === 'application/json') return null;
  if (releaseBelow(x, '23.0')) return ENGINE_MESSAGES.contentTypeOld.replace('{type}', type);
  return type.trim() === '' ? ENGINE_MESSAGES.contentTypeMissing : ENGINE_MESSAGES.contentTypeUnsupported.replace('{type}', type);
}

/** A body's JSON, or the status and words moby answers for it. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * Parses a request body as moby's decoders do: 20.10 answers a syntax error with a 500 and Go's
 * words, 23.0 and later with a 400 "invalid JSON: …". A body cut short is Go's "unexpected EOF"
 * (observed); other syntax errors keep JavaScript's description, which is not Go's.
 */
export function parseJsonBody(x: Exchange, text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const described = error instanceof Error ? error.message : String(error);
    const at = /at position (\d+)/.exec(described);
    const cutShort = /end of JSON input/.test(described) || (at !== null && Number(at[1]) >= text.trimEnd().length);
    const words = cutShort ? 'unexpected EOF' : described;
    return releaseBelow(x, '23.0') ? { ok: false, status: 500, message: words } : { ok: false, status: 400, message: `invalid JSON: ${words}` };
  }
}
