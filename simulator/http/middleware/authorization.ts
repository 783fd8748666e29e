import { versionGate } from './version-gate.js';
import type { AuthzChain, AuthzOutcome } from '../../authz/chain.js';
import type { AuthzMessage } from '../../../specs/authz-protocol.js';
import type { ServerResponse } from 'node:http';
import { holdResponse, type HeldResponse } from '../../authz/held-response.js';
import { takeBody } from '../../authz/request-body.js';
import { requestMessage } from '../../authz/request-message.js';
import type { RunnerHandler } from '../../model-runner/handler.js';
import { AUTHZ_MESSAGES } from '../../../specs/messages.js';
import type { Exchange } from '../exchange.js';
import { handlerError, plainTextFor, sendError } from '../replies.js';
import type { Middleware, SyncMiddleware } from '../route.js';
import { runRoute } from '../run-route.js';

/**
 * The authorization plugins (`--authorization-plugin`): with none installed a request passes on
 * at once. With plugins, the step waits for every plugin in order to allow the request (AuthZReq)
 * and then passes it on: the version check and the route run as for any request, and the next
 * step, heldForPlugins, keeps the answer back until every plugin allowed it too (AuthZRes; the
 * version check's refusals come before it and skip AuthZRes, observed). A denial or a plugin that
 * cannot be asked ends the request with the plugin's words; it is never let through by default.
 * Where a fault or a quirk makes it differ, it reads the field of its variant (authorization-variant.ts).
 */
export const authorization: Middleware = {
  where: 'simulator/http/middleware/authorization.ts: authorization',
  rules: ['authz.allow', 'authz.deny', 'authz.chain', 'authz.response-deny', 'authz.unreachable', 'authz.order'],
  handle(x) {
    const chain = x.state.authz;
    if (chain === null) return false;
    if (x.state.variants.authorization.versionCheckFirst) {
      if (versionGate.handle(x)) return true;
      authorize(x, chain, () => runRoute(x)).catch(failed(x));
      return true;
    }
    return askInChain(x, chain);
  },
};

/** After the version check, before the route: the answer of a request the plugins allowed is held back for them. */
export const heldForPlugins: SyncMiddleware = {
  where: 'simulator/http/middleware/authorization.ts: heldForPlugins',
  rules: [],
  handle(x) {
    if (x.holdAnswer !== null) x.holdAnswer();
    return false;
  },
};

const failed =
  (x: Exchange) =>
  (error: unknown): void => {
    if (!x.res.headersSent) handlerError(x, 500, error instanceof Error ? error.message : String(error));
    else x.res.destroy();
  };

/** Quirk hypothetical.authz.model-runner.engines-unauthorized: whether a path under the runner's prefix is one of its inference (OpenAI-compatible) paths, which it leaves unauthorized. */
const isEnginesPath = (path: string): boolean => path === '/engines' || path.startsWith('/engines/');

/**
 * The model runner on a daemon socket (under its prefix) is served through the same plugins as
 * the daemon's own routes: every request that enters through a daemon listener is put to them.
 * Ends the chain (the runner answers, once the plugins allowed it).
 */
export function runnerThroughPlugins(x: Exchange, runner: RunnerHandler, path: string): true {
  const { authz } = x.state;
  const variant = x.state.variants.authorization;
  if (authz === null || variant.runnerSkipsPlugins || (variant.enginesSkipPlugins && isEnginesPath(path))) runner(x.req, x.res, path);
  else authorize(x, authz, () => runner(x.req, x.res, path)).catch(failed(x));
  return true;
}

function refuse(x: Exchange, outcome: Extract<AuthzOutcome, { allowed: false }>): void {
  // dockerd's authorization middleware is outside the version middleware: its refusals carry none of that one's headers.
  const plain = plainTextFor(x.state, x.version, 'legacyPlainTextErrors');
  const message = plain && x.state.variants.authorization.plainRefusalTrimmed ? outcome.message.trim() : outcome.message;
  sendError(x.res, outcome.status, message, [], plain);
}

/** Quirk hypothetical.authz.allow.uri-unversioned: the URI without its /v<api> prefix (the path as routed). */
const withoutVersion = (uri: string): string => uri.replace(/^\/v[0-9.]+(?=\/)/, '');

/** Puts the request to the plugins: its message and their verdict, or null when it was answered already (a body too large). */
async function ask(x: Exchange, chain: AuthzChain): Promise<{ message: AuthzMessage; verdict: AuthzOutcome } | null> {
  const body = await takeBody(x.req, x.state.variants.requestBody);
  if ('tooLarge' in body) {
    x.state.logger.log('error', `AuthZRequest for ${x.req.method ?? 'GET'} ${x.req.url ?? '/'} returned error: ${AUTHZ_MESSAGES.bodyTooLarge}`);
    refuse(x, { allowed: false, status: 500, message: AUTHZ_MESSAGES.bodyTooLarge });
    return null;
  }
  const variant = x.state.variants.authorization;
  const told = requestMessage(x.req, body.shown, variant.queryHiddenFromPlugins);
  const message = variant.versionHiddenFromPlugins ? { ...told, RequestUri: withoutVersion(told.RequestUri) } : told;
  return { message, verdict: await chain.authorizeRequest(message) };
}

/** The chain's step with plugins: true when the request was answered, false to pass it on (allowed). */
async function askInChain(x: Exchange, chain: AuthzChain): Promise<boolean> {
  const asked = await ask(x, chain);
  if (asked === null) return true;
  const { message, verdict } = asked;
  if (verdict.allowed) {
    x.holdAnswer = () => holdForPlugins(x, chain, message, verdict);
    return false;
  }
  if (!x.state.variants.authorization.deniedServedAnyway) {
    refuse(x, verdict);
    return true;
  }
  // Served all the same, without the version check; only the 403 is sent.
  holdForPlugins(x, chain, message, verdict);
  runRoute(x);
  return true;
}

/** The plugins, then `serve` with the answer held back until they allowed it too: the model runner's requests, and the authz.order fault's. */
async function authorize(x: Exchange, chain: AuthzChain, serve: () => void): Promise<void> {
  const asked = await ask(x, chain);
  if (asked === null) return;
  const { message, verdict } = asked;
  if (!verdict.allowed && !x.state.variants.authorization.deniedServedAnyway) return refuse(x, verdict);
  holdForPlugins(x, chain, message, verdict);
  serve();
}

/** Quirk hypothetical.authz.response-deny.body-kept: the denied answer as it is sent, 403 with the route's own headers and body. */
function deniedWithBody(res: ServerResponse, held: HeldResponse): void {
  res.writeHead(403, held.headers).end(held.body);
}

/** Holds the answer back until every plugin has seen it (AuthZRes): released, or replaced by a refusal. */
function holdForPlugins(x: Exchange, chain: AuthzChain, message: AuthzMessage, verdict: AuthzOutcome): void {
  holdResponse(x.res, (held) => {
    const answer = {
      ...message,
      ResponseStatusCode: held.status,
      ResponseHeaders: held.headers,
      ...(held.body.length === 0 ? {} : { ResponseBody: held.body.toString('base64') }),
    };
    chain.authorizeResponse(answer).then(
      // A request served although denied (deniedServedAnyway): its effects happen, the plugins see its answer; only the 403 is sent.
      (outcome) =>
        !verdict.allowed
          ? refuse(x, verdict)
          : outcome.allowed
            ? held.release()
            : x.state.variants.authorization.deniedAnswerKeepsBody
              ? deniedWithBody(x.res, held)
              : refuse(x, outcome),
      (error: unknown) => handlerError(x, 500, error instanceof Error ? error.message : String(error)),
    );
  });
}
