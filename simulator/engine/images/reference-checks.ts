import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { remoteName, splitReference } from '../objects/index.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { releaseBelow } from '../replies.js';

/** A repository name as the reference grammar allows it (domain[:port]/ then lower-case path components). */
const REPOSITORY =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?(?::\d+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;

/** The reason `repo:tag` is not a valid reference, or null. */
export function referenceProblem(repo: string, tag: string): string | null {
  if (repo === '') return ENGINE_MESSAGES.missingRepo;
  // ParseNormalizedNamed refuses upper case in the remote name before it reads the grammar (a path such as /tmp/A/b too).
  const remote = remoteName(repo);
  if (remote.toLowerCase() !== remote) return ENGINE_MESSAGES.uppercaseRepository;
  if (!REPOSITORY.test(repo)) return 'invalid reference format';
  return TAG.test(tag) ? null : 'invalid reference format';
}

/** The repository and tag an import or a tag request names: `repo` may carry the tag itself. */
export function targetOf(query: URLSearchParams): { repo: string; tag: string } | null {
  const repo = query.get('repo') ?? '';
  if (repo === '') return null;
  const tag = query.get('tag') ?? '';
  return tag === '' ? splitReference(repo) : { repo, tag };
}

/** Why `repo:tag` is no reference, in the emulated release's words (from 23.0 the lowercase error names the remote repository), or null. */
export function referenceError(x: Exchange, repo: string, tag: string): string | null {
  const problem = referenceProblem(repo, tag);
  if (problem === ENGINE_MESSAGES.uppercaseRepository && !releaseBelow(x, '23.0'))
    return fillMessage(ENGINE_MESSAGES.uppercaseRepositoryNamed, { remote: remoteName(repo) });
  return problem;
}
