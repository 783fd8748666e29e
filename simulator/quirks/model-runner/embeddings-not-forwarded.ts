import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainError, RUNNER_MESSAGES } from '../../model-runner/replies.js';

// Quirk hypothetical.mr.tcp.serves.embeddings-not-forwarded (specs/quirks/model-runner.ts): the TCP listener forwards
// an allow-list of routes written before embeddings existed: POST /engines/<engine>/v1/embeddings over TCP answers Go's
// 404 page not found, while the socket serves it.

/** The TCP forwarder's allow-list: the management paths, the model lists, chat and text completions (no embeddings). */
const FORWARDED = /^\/(?:models(?:\/.*)?|engines(?:\/[^/]+)?\/v1\/(?:models(?:\/.*)?|chat\/completions|completions)|)$/;

/** Answers Go's 404 for a path the forwarder does not know (true), or leaves the request to the runner (false). */
export function refusedByForwarder(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (FORWARDED.test(path)) return false;
  req.resume();
  plainError(res, 404, RUNNER_MESSAGES.pageNotFound);
  return true;
}
