import { redirectedToSubtree } from '../quirks/model-runner/models-subtree-redirect.js';
import { refusedByGuard } from '../quirks/model-runner/csrf-guard.js';
import { tokenRefused } from '../quirks/model-runner/token-as-jwt.js';
import { carriesBasic } from '../quirks/model-runner/basic-verified.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainError, RUNNER_MESSAGES } from './replies.js';
import { enginePath, pathSegments } from './paths.js';
import type { RunnerRequest } from './routes/context.js';
import { answerRoute, type RunnerTarget } from './route-table.js';
import type { ModelRunner } from './runner.js';

/** What `handle` needs beyond the request: the runner, and the path below the mount point. */
export type RunnerHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

/**
 * The runner's handler: the checks of credentials (faults and quirks), the path cleaned and
 * decoded, then its route (route-table.ts: /models… management, /engines… OpenAI-style with or
 * without the engine, /v1/… as /engines/v1/…, GET / alive). Under /models and /engines an unknown path or method is 404
 * "not found" (each sub-router's catch-all); elsewhere Go's "404 page not found". Where a fault
 * or a quirk makes it differ, it reads the field of the runner's handler variant (handler-variant.ts).
 */
export function runnerHandler(runner: ModelRunner): RunnerHandler {
  const variant = runner.variants.handler;
  const versionSegment = (segment: string): boolean => variant.versionSegment(segment);
  return (req, res, given) => {
    if (variant.aliasRedirected && /^\/+v1\//.test(given)) {
      req.resume();
      res.writeHead(301, ['Location', `/engines${given}`, 'Content-Length', '0']);
      res.end();
      return;
    }
    const path = aliasedPath(runner, req.method, given);
    if (variant.credentialsRefused && req.headers.authorization !== undefined) return plainError(res, 401, 'unauthorized');
    if (variant.inferenceNeedsCredentials && req.method === 'POST' && path.includes('/engines') && req.headers.authorization === undefined)
      return plainError(res, 401, 'unauthorized');
    if ((variant.csrfGuard && refusedByGuard(req, path)) || (variant.tokenAsJwt && tokenRefused(req))) return plainError(res, 401, 'unauthorized');
    if (variant.basicVerified && carriesBasic(req)) return plainError(res, 401, 'unauthorized');
    if (variant.modelsSubtreeRedirect && redirectedToSubtree(req, res, path)) return;
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
  if (method !== 'POST' && runner.variants.handler.aliasPostOnly) return path;
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
  if (engine !== null && !x.runner.variants.handler.fullFormEmbeddings && rest.join('/') === 'embeddings') return null;
  return { segments: ['engines', 'v1', ...rest], engine };
}
