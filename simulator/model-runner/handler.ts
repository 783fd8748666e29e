import { V2_SERVED } from '../quirks/model-runner/v2-served.js';
import { ALIAS_REDIRECT } from '../quirks/model-runner/alias-redirect.js';
import { MODELS_SUBTREE_REDIRECT, redirectedToSubtree } from '../quirks/model-runner/models-subtree-redirect.js';
import { CSRF_GUARD, refusedByGuard } from '../quirks/model-runner/csrf-guard.js';
import { TOKEN_AS_JWT, tokenRefused } from '../quirks/model-runner/token-as-jwt.js';
import { BASIC_VERIFIED, carriesBasic } from '../quirks/model-runner/basic-verified.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainError, RUNNER_MESSAGES } from './replies.js';
import { enginePath, pathSegments } from './paths.js';
import type { RunnerRequest } from './routes/context.js';
import { answerRoute, type RunnerTarget } from './route-table.js';
import type { ModelRunner } from './runner.js';

/** What `handle` needs beyond the request: the runner, and the path below the mount point. */
export type RunnerHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

const isV1 = (segment: string): boolean => segment === 'v1';
/** Fault (mr.versioning.other-segments): any v<digits> is taken for v1. */
const anyVersion = (segment: string): boolean => /^v[0-9]+$/.test(segment);

/**
 * The runner's handler: the checks of credentials (faults and quirks), the path cleaned and
 * decoded, then its route (route-table.ts: /models… management, /engines… OpenAI-style with or
 * without the engine, /v1/… as /engines/v1/…, GET / alive). Under /models and /engines an unknown path or method is 404
 * "not found" (each sub-router's catch-all); elsewhere Go's "404 page not found".
 */
export function runnerHandler(runner: ModelRunner): RunnerHandler {
  // Fault (mr.versioning.other-segments) and quirk (hypothetical): the version segment is not checked.
  const versionSegment = (segment: string): boolean =>
    runner.faults.has('mr.versioning.other-segments') ? anyVersion(segment) : runner.quirks.has(V2_SERVED) ? /^[vV][0-9]+$/.test(segment) : isV1(segment);
  return (req, res, given) => {
    // Quirk (hypothetical): /v1/… is redirected to /engines/v1/…, not served.
    if (runner.quirks.has(ALIAS_REDIRECT) && /^\/+v1\//.test(given)) {
      req.resume();
      res.writeHead(301, ['Location', `/engines${given}`, 'Content-Length', '0']);
      res.end();
      return;
    }
    const path = aliasedPath(runner, req.method, given);
    // Fault (mr.auth.ignored): credentials are refused. Fault (mr.auth.none): an inference POST without them is.
    if (runner.faults.has('mr.auth.ignored') && req.headers.authorization !== undefined) return plainError(res, 401, 'unauthorized');
    if (runner.faults.has('mr.auth.none') && req.method === 'POST' && path.includes('/engines') && req.headers.authorization === undefined)
      return plainError(res, 401, 'unauthorized');
    // Quirks hypothetical.mr.auth.none.csrf-guard (no Authorization refused) and hypothetical.mr.auth.ignored.token-as-jwt (a token not a JWT refused).
    if ((runner.quirks.has(CSRF_GUARD) && refusedByGuard(req, path)) || (runner.quirks.has(TOKEN_AS_JWT) && tokenRefused(req)))
      return plainError(res, 401, 'unauthorized');
    // Quirk hypothetical.mr.auth.ignored.basic-verified: Basic credentials are verified (and the runner holds none).
    if (runner.quirks.has(BASIC_VERIFIED) && carriesBasic(req)) return plainError(res, 401, 'unauthorized');
    // Quirk hypothetical.mr.versioning.v1.models-subtree-redirect: the list is a subtree pattern.
    if (runner.quirks.has(MODELS_SUBTREE_REDIRECT) && redirectedToSubtree(req, res, path)) return;
    const segments = pathSegments(path);
    if (segments === null) return plainError(res, 400, 'invalid URL escape');
    const x: RunnerRequest = { req, res, segments, runner };
    const method = req.method ?? 'GET';
    const failed = (error: unknown): void => {
      if (res.headersSent) res.destroy();
      else plainError(res, 500, error instanceof Error ? error.message : String(error));
    };
    try {
      const target = targetOf(x, segments, versionSegment);
      const answer = target === null ? false : answerRoute(x, method, target);
      if (answer === false) {
        req.resume();
        plainError(res, 404, segments[0] === 'models' || segments[0] === 'engines' ? RUNNER_MESSAGES.notFound : RUNNER_MESSAGES.pageNotFound);
      } else if (answer !== true) answer.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

/**
 * /v1/… is /engines/v1/…: the real service's AliasHandler puts /engines before every path under
 * /v1/ (once `//` is cleaned), whatever follows, before anything else reads the path.
 */
function aliasedPath(runner: ModelRunner, method: string | undefined, path: string): string {
  if (!/^\/+v1\//.test(path)) return path;
  // Fault (mr.engines.v1-alias): only the POST endpoints are aliased.
  if (method !== 'POST' && runner.faults.has('mr.engines.v1-alias')) return path;
  return `/engines${path}`;
}

/**
 * What the cleaned path names, /engines paths in the shortcut form (their engine aside); null when
 * an /engines path has no version segment where one must be.
 */
function targetOf(x: RunnerRequest, segments: readonly string[], versionSegment: (s: string) => boolean): RunnerTarget | null {
  if (segments[0] !== 'engines') return { segments, engine: null };
  const at = enginePath(segments, versionSegment);
  if (at === null) return null;
  const { engine, rest } = at;
  // Fault (mr.versioning.v1): the full form of embeddings is not served under v1.
  if (engine !== null && x.runner.faults.has('mr.versioning.v1') && rest.join('/') === 'embeddings') return null;
  return { segments: ['engines', 'v1', ...rest], engine };
}
