import { fillMessage } from '../../../common/messages.js';
import { familiarRepo, splitReference } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { releaseBelow } from '../replies.js';
import { referenceError } from './reference-checks.js';

const FULL_ID = /^[a-f0-9]{64}$/;
const DIGEST = /^sha256:[a-f0-9]{64}$/;

/**
 * How moby names an image it does not have (reference.ParseAnyReference, TagNameOnly,
 * FamiliarString): a full ID as a digest, a name with its default tag `latest`, the default
 * registry dropped; or, for a name that is no reference, the 400 it answers (observed on
 * 20.10.24, 26.1.5, 28.5.2).
 */
export function missingImageName(x: Exchange, name: string): { readonly name: string } | { readonly problem: string } {
  if (FULL_ID.test(name)) return { name: `sha256:${name}` };
  if (DIGEST.test(name)) return { name };
  const at = name.indexOf('@');
  const digest = at < 0 ? '' : name.slice(at);
  const { repo, tag } = splitReference(at < 0 ? name : name.slice(0, at));
  const problem = referenceError(x, repo, tag);
  if (problem !== null) return { problem };
  const named = name.slice(0, at < 0 ? name.length : at);
  const tagged = named === repo ? '' : `:${tag}`;
  return { name: digest === '' ? `${familiarRepo(repo)}:${tag}` : `${familiarRepo(repo)}${tagged}${digest}` };
}

/**
 * Answers the 404 of an image the daemon does not have; `wrapped`: 20.10's inspect wraps it in the
 * reference error. A name that is no reference is a 400, or `badNameStatus` (23.0's tag answers 404).
 */
export function answerMissingImage(x: Exchange, name: string, wrapped: boolean, badNameStatus = 400): void {
  const missing = missingImageName(x, name);
  const wrap = wrapped && releaseBelow(x, '23.0');
  if ('problem' in missing)
    return handlerError(x, badNameStatus, wrap ? fillMessage(ENGINE_MESSAGES.badImageNameOld, { given: name, problem: missing.problem }) : missing.problem);
  const template = wrap ? ENGINE_MESSAGES.noSuchImageOld : ENGINE_MESSAGES.noSuchImage;
  handlerError(x, 404, fillMessage(template, { given: name, name: missing.name }));
}
