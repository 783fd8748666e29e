import type { HttpReply } from '../http/client.js';

/**
 * What the explorer compares of an answer. Headers are those a client reads (negotiation, body
 * type, platform, caching, redirects); the brand's experimental header is read under one name,
 * so that a `ctr` target and a `docker` one compare on its value.
 */
export interface Observation {
  /** The status, or `no answer: <code>` when the request ended without one (reset, time-out). */
  readonly status: number | string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly kind: 'none' } | { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'text'; readonly text: string };
}

export const HEADERS_COMPARED = ['api-version', 'content-type', 'ostype', 'experimental', 'server', 'cache-control', 'pragma', 'location'] as const;

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The observation of a reply. A body is JSON when it parses as JSON, whatever its content type says (that is compared apart). */
export function observe(reply: HttpReply): Observation {
  const headers: Record<string, string> = {};
  for (const name of HEADERS_COMPARED) {
    const value = name === 'experimental' ? (reply.headers['docker-experimental'] ?? reply.headers['ctr-experimental']) : reply.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  if (reply.body === '') return { status: reply.status, headers, body: { kind: 'none' } };
  const json = parsedJson(reply.body);
  return { status: reply.status, headers, body: json.ok ? { kind: 'json', value: json.value } : { kind: 'text', text: reply.body } };
}

/** A request that got no answer: the client's error code stands for the status. */
export const noAnswer = (code: string): Observation => ({ status: `no answer: ${code}`, headers: {}, body: { kind: 'none' } });
