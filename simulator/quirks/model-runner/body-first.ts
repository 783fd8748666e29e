import { BodyTooLarge, readBody } from '../../http/body.js';
import { plainError, RUNNER_MESSAGES } from '../../model-runner/replies.js';
import type { RunnerRequest } from '../../model-runner/routes/context.js';

// Quirk hypothetical.mr.engines.unknown.body-first (specs/quirks/model-runner.ts): the body is read and decoded before
// the engine is looked up: under an unknown engine a body that is not JSON or names no model answers 400, not 404.

/**
 * The runner's body checks, done before the engine is looked up: answers their 400 and returns
 * true when the body fails them; false (the body read) when it passes, for the engine's 404 to follow.
 */
export async function refusedBeforeEngine(x: RunnerRequest, limit: number): Promise<boolean> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(x.req, limit)).toString('utf8'));
  } catch (error) {
    if (!(error instanceof BodyTooLarge || error instanceof SyntaxError)) throw error;
    plainError(x.res, 400, error instanceof BodyTooLarge ? RUNNER_MESSAGES.tooLarge : RUNNER_MESSAGES.invalidRequest);
    return true;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    plainError(x.res, 400, RUNNER_MESSAGES.invalidRequest);
    return true;
  }
  const model = (body as Record<string, unknown>)['model'];
  if (typeof model === 'string' && model !== '') return false;
  plainError(x.res, 400, RUNNER_MESSAGES.modelRequired);
  return true;
}
