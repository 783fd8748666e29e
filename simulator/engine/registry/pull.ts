import { ENGINE_MESSAGES } from '../messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { digestProblem, isTag, familiarName, parseNormalizedNamed } from '../plugins/reference.js';
import { notImplementedHere, queryOf } from '../replies.js';

/**
 * POST /images/create?fromImage up to the registry (moby's postImagesCreate, its pull branch):
 * the name (a trailing ":" dropped, as `pull -a` sends it), the tag (a digest when it parses as
 * one), then `scratch` refused (403); past those the registry. Observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 in a private network namespace. Its `platform` was parsed before
 * (images/import.ts): past the checks, whatever the platform, the registry.
 */

/** The name no image may have (moby api.NoBaseImageSpecifier). */
const SCRATCH = 'scratch';

export function answerPull(x: Exchange, fromImage: string): void {
  const reference = parseNormalizedNamed(fromImage.replace(/:$/, ''), x.state.config.release.release);
  if ('error' in reference) return handlerError(x, 400, reference.error);
  const tag = queryOf(x).get('tag') ?? '';
  if (tag !== '' && digestProblem(tag) !== null && !isTag(tag)) return handlerError(x, 400, ENGINE_MESSAGES.invalidTag);
  if (familiarName(reference) === SCRATCH) return handlerError(x, 403, `'${SCRATCH}' is a reserved name`);
  notImplementedHere(x, '/images/create?fromImage (it reaches a registry)');
}
