import { exactMatch, type FilterArgs, filterValues } from './filter-args.js';

/**
 * Go's regexp.MatchString, as far as JavaScript's expressions can stand for RE2's: a pattern with
 * look-around or back-references (which RE2 does not compile) matches nothing, `(?i)` at the start
 * makes the rest case-insensitive, and a pattern that does not compile matches nothing.
 */
export function goRegexpMatches(pattern: string, text: string): boolean {
  if (/\(\?<?[=!]|\\[1-9]/.test(pattern)) return false;
  const insensitive = pattern.startsWith('(?i)');
  try {
    return new RegExp(insensitive ? pattern.slice(4) : pattern, insensitive ? 'iu' : 'u').test(text);
  } catch {
    return false;
  }
}

/**
 * moby Args.Match: ExactMatch (the key has no values, or `field` is one set to true), else any of
 * the key's values, as a regular expression, found in `field`.
 */
export function argsMatch(args: FilterArgs, key: string, field: string): boolean {
  if (!args.has(key) || exactMatch(args, key, field)) return true;
  return filterValues(args, key).some((pattern) => goRegexpMatches(pattern, field));
}
