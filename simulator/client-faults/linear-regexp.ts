import { setFlagsFromString } from 'node:v8';

/** The longest `pathRegex` a client-faults file may give, and its deepest nesting of groups and classes. */
export const PATH_REGEX_LIMITS = Object.freeze({ length: 512, depth: 16 });

/** How deep `source` nests groups (and character classes), escapes skipped. */
function nesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')') depth--;
  }
  return deepest;
}

/**
 * `source` as a regular expression V8 runs in linear time (its non-backtracking engine, the `l`
 * flag): a backtracking pattern such as `^(a+)+$` can no longer freeze the daemon on one short
 * request. What that engine cannot run (back-references, lookarounds) is refused here, at load, as
 * is a pattern over PATH_REGEX_LIMITS (a deeply nested one made V8 run out of memory on its first
 * use). Throws an Error whose message says why.
 */
export function linearRegExp(source: string): RegExp {
  if (source.length > PATH_REGEX_LIMITS.length) throw new Error(`${source.length} characters, more than ${PATH_REGEX_LIMITS.length}`);
  const depth = nesting(source);
  if (depth > PATH_REGEX_LIMITS.depth) throw new Error(`groups nested ${depth} deep, more than ${PATH_REGEX_LIMITS.depth}`);
  // The engine is behind a V8 flag in node 20 and 22; setting it again is harmless, and it changes nothing else.
  setFlagsFromString('--enable-experimental-regexp-engine');
  try {
    return new RegExp(source, 'l');
  } catch (error) {
    throw new Error(
      /linear time/.test((error as Error).message)
        ? 'cannot be run in linear time (no back-references or lookarounds): a pattern that backtracks could freeze the daemon'
        : (error as Error).message,
    );
  }
}
