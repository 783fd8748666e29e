import { versionGate } from '../api-versioning/version-gate.js';
import type { AuthzChain, AuthzOutcome } from '../authz/chain.js';
import { holdResponse } from '../authz/held-response.js';
import { bodyIsSent, requestMessage } from '../authz/request-message.js';
import { keepBody, readBody } from './body.js';
import type { Exchange } from './exchange.js';
import { handlerError, plainTextFor, sendError } from './replies.js';
import type { Middleware } from './route.js';
import { runRoute } from './run-route.js';
import { AUTHZ_PLAIN_TRIMMED } from '../quirks/listeners/authz-plain-trimmed.js';
import { AUTHZ_URI_UNVERSIONED, withoutVersion } from '../quirks/listeners/authz-uri-unversioned.js';
import { RESPONSE_DENY_BODY_KEPT, deniedWithBody } from '../quirks/listeners/response-deny-body-kept.js';

/** A body the plugins see is read whole first; beyond this it is not sent (bodyIsSent), so never more. */
const SENT_BODY_LIMIT = 1024 * 1024;

/**
 * The authorization plugins (`--authorization-plugin`): with none installed a request passes on
 * at once. With plugins, this step takes the request over: every plugin in order must allow it
 * (AuthZReq), then the version check and the route run with the answer held back until every
 * plugin allowed it too (AuthZRes). A denial or a plugin that cannot be asked ends the request
 * with the plugin's words; it is never let through by default.
 */
export const authorization: Middleware = {
  where: 'http/authorization.ts: authorization',
  rules: ['authz.allow', 'authz.deny', 'authz.chain', 'authz.response-deny', 'authz.unreachable', 'authz.order'],
  handle(x) {
    const chain = x.state.authz;
    if (chain === null) return false;
    // Fault (authz.order): the version check comes before the plugins.
    if (x.state.config.faults.has('authz.order') && versionGate.handle(x)) return true;
    authorize(x, chain).catch((error: unknown) => {
      if (!x.res.headersSent) handlerError(x, 500, error instanceof Error ? error.message : String(error));
      else x.res.destroy();
    });
    return true;
  },
};

function refuse(x: Exchange, outcome: Extract<AuthzOutcome, { allowed: false }>): void {
  // dockerd's authorization middleware is outside the version middleware: its refusals carry none of that one's headers.
  const plain = plainTextFor(x.state, x.version, 'legacyPlainTextErrors');
  // Quirk hypothetical.authz.deny.plain-text-trimmed: the plain-text form loses the message's edge spaces.
  const message = plain && x.state.config.quirks.has(AUTHZ_PLAIN_TRIMMED) ? outcome.message.trim() : outcome.message;
  sendError(x.res, outcome.status, message, [], plain);
}

async function authorize(x: Exchange, chain: AuthzChain): Promise<void> {
  let body: Buffer | undefined;
  if (bodyIsSent(x.req)) {
    body = await readBody(x.req, SENT_BODY_LIMIT);
    keepBody(x.req, body);
  }
  const told = requestMessage(x.req, body, x.state.config.faults.has('authz.allow'));
  // Quirk hypothetical.authz.allow.uri-unversioned: the plugins see the URI without its version prefix.
  const message = x.state.config.quirks.has(AUTHZ_URI_UNVERSIONED) ? { ...told, RequestUri: withoutVersion(told.RequestUri) } : told;
  const verdict = await chain.authorizeRequest(message);
  if (!verdict.allowed && !x.state.config.faults.has('authz.deny')) return refuse(x, verdict);
  // The version check's refusals are errors returned to the middleware: they skip AuthZRes (observed).
  if (verdict.allowed && !x.state.config.faults.has('authz.order') && versionGate.handle(x)) return;
  holdResponse(x.res, (held) => {
    const answer = { ...message, ResponseStatusCode: held.status, ResponseHeaders: held.headers, ...(held.body.length === 0 ? {} : { ResponseBody: held.body.toString('base64') }) };
    chain.authorizeResponse(answer).then(
      // Fault (authz.deny): a denied request is served all the same (its effects happen, the plugins see its answer); only the 403 is sent.
      // Quirk hypothetical.authz.response-deny.body-kept: a denied answer keeps the route's body under the 403.
      (outcome) => (!verdict.allowed ? refuse(x, verdict) : outcome.allowed ? held.release() : x.state.config.quirks.has(RESPONSE_DENY_BODY_KEPT) ? deniedWithBody(x.res, held) : refuse(x, outcome)),
      (error: unknown) => handlerError(x, 500, error instanceof Error ? error.message : String(error)),
    );
  });
  runRoute(x);
}
