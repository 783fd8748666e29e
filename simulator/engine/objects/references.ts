/** Image references as the daemon reads them: `repo[:tag]`, a full ID or an ID prefix. */

/** `repo:tag` of a reference; the tag is `latest` when none is given (a ":" after the last "/"). */
export function splitReference(reference: string): { repo: string; tag: string } {
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  if (colon > slash) return { repo: reference.slice(0, colon), tag: reference.slice(colon + 1) };
  return { repo: reference, tag: 'latest' };
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
