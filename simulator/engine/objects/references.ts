/** Image references as the daemon reads them: `repo[:tag]`, a full ID or an ID prefix. */

/** `repo:tag` of a reference; the tag is `latest` when none is given (a ":" after the last "/"). */
export function splitReference(reference: string): { repo: string; tag: string } {
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  if (colon > slash) return { repo: reference.slice(0, colon), tag: reference.slice(colon + 1) };
  return { repo: reference, tag: 'latest' };
}

/** The registry a name without a domain names: its two spellings, dropped from a familiar name. */
const DEFAULT_DOMAINS = ['docker.io', 'index.docker.io'];
const OFFICIAL = 'library/';

/** Whether the first component of a name is a registry (distribution/reference's splitDockerDomain). */
export const hasDomain = (repo: string): boolean => {
  const slash = repo.indexOf('/');
  if (slash < 0) return false;
  const first = repo.slice(0, slash);
  return first.includes('.') || first.includes(':') || first === 'localhost' || first.toLowerCase() !== first;
};

/** The repository's path on its registry (distribution/reference's remote name): `library/x` for an official image. */
export function remoteName(repo: string): string {
  const path = hasDomain(repo) ? repo.slice(repo.indexOf('/') + 1) : repo;
  return path.includes('/') ? path : `${OFFICIAL}${path}`;
}

/**
 * A repository in its familiar spelling (distribution/reference's ParseNormalizedNamed then
 * FamiliarName): the default registry and the official namespace of a one-component path dropped,
 * so `docker.io/other/name`, `index.docker.io/library/x` and `library/x` are `other/name` and `x`.
 */
export function familiarRepo(repo: string): string {
  const domain = hasDomain(repo) ? repo.slice(0, repo.indexOf('/')) : null;
  if (domain !== null && !DEFAULT_DOMAINS.includes(domain)) return repo;
  const path = domain === null ? repo : repo.slice(domain.length + 1);
  return path.startsWith(OFFICIAL) && !path.slice(OFFICIAL.length).includes('/') ? path.slice(OFFICIAL.length) : path;
}

/** `repo:tag` in its familiar spelling, the tag `latest` when none is given: how the daemon keeps and shows a tag. */
export function familiarRepoTag(reference: string): string {
  const { repo, tag } = splitReference(reference);
  return `${familiarRepo(repo)}:${tag}`;
}

/** A familiar `repo:tag` fully spelled (distribution/reference's ParseNormalizedNamed): the name containerd's store keeps and sorts by. */
export function normalizedName(repoTag: string): string {
  const { repo, tag } = splitReference(repoTag);
  return `${hasDomain(repo) ? repo : `${DEFAULT_DOMAINS[0]}/${remoteName(repo)}`}:${tag}`;
}

/** Go's path.Match for the `reference` filter: `*` and `?` stop at "/", `[...]` classes. */
export function globMatches(pattern: string, text: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) return false;
      source += `[${pattern
        .slice(i + 1, end)
        .replace(/^\^/, '^')
        .replace(/\\/g, '\\\\')}]`;
      i = end;
    } else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(text);
}

/** moby reference.FamiliarMatch: the pattern against `repo:tag`, then against `repo` alone. */
export const referenceMatches = (pattern: string, repoTag: string): boolean =>
  globMatches(pattern, repoTag) || globMatches(pattern, splitReference(repoTag).repo);
