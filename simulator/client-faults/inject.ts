import type { IncomingMessage, ServerResponse } from 'node:http';
import { cutConnection, paceBody, type PacePolicy } from './body-pacer.js';
import { malformed, replaceContentType, rewriteBody, truncated } from './answer-rewrite.js';
import type { ClientFaultEntry } from './schema.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const DEFAULT_CONTENT_TYPE = 'text/html; charset=utf-8';
const DEFAULT_MESSAGE = 'client fault injected by ctrd-sim';

/** `afterBytes` of the body, then a reset. */
const resetAfter =
  (afterBytes: number): PacePolicy =>
  (sent) =>
    sent < afterBytes ? { send: afterBytes - sent, waitMs: 0 } : { cut: 'reset' };

/** `chunkBytes` every `intervalMs`; from `maxMs` on, the rest at once. */
function slowly(chunkBytes: number, intervalMs: number, maxMs: number): PacePolicy {
  const until = Date.now() + maxMs;
  return () => (Date.now() >= until ? { send: Number.POSITIVE_INFINITY, waitMs: 0 } : { send: chunkBytes, waitMs: intervalMs });
}

/** `afterBytes` of the body, one wait of `ms`, then the rest (or a close). */
function stallAt(afterBytes: number, ms: number, afterwards: 'resume' | 'close'): PacePolicy {
  let stalled = false;
  return (sent) => {
    if (sent < afterBytes) return { send: afterBytes - sent, waitMs: 0 };
    if (!stalled) {
      stalled = true;
      return { send: 0, waitMs: ms };
    }
    return afterwards === 'close' ? { cut: 'close' } : { send: Number.POSITIVE_INFINITY, waitMs: 0 };
  };
}

/**
 * Serves one request with `entry`'s fault: `next` is the simulator's own handler, which the
 * faults that shape an answer still run (their answer is then delayed, cut, rewritten or paced).
 */
export function injectFault(entry: ClientFaultEntry, req: IncomingMessage, res: ServerResponse, next: RequestHandler): void {
  switch (entry.kind) {
    case 'delay': {
      const timer = setTimeout(() => next(req, res), entry.ms);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    case 'drop':
      cutConnection(req.socket, 'close');
      return;
    case 'http-error': {
      const body = `${JSON.stringify({ message: entry.message ?? DEFAULT_MESSAGE })}\n`;
      res.writeHead(entry.status ?? 500, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    case 'content-type':
      replaceContentType(res, entry.contentType ?? DEFAULT_CONTENT_TYPE);
      break;
    case 'truncate':
      rewriteBody(res, truncated(entry.keepBytes));
      break;
    case 'malformed-json':
      rewriteBody(res, malformed);
      break;
    case 'reset':
      paceBody(res, resetAfter(entry.afterBytes ?? 0));
      break;
    case 'slow':
      paceBody(res, slowly(entry.chunkBytes ?? 16, entry.intervalMs ?? 100, entry.maxMs ?? 30_000));
      break;
    case 'stall':
      paceBody(res, stallAt(entry.afterBytes ?? 0, entry.ms, entry.afterwards ?? 'resume'));
      break;
  }
  next(req, res);
}
