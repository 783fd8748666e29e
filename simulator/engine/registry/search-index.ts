import type { Exchange } from '../../http/exchange.js';
import type { Refusal } from '../json-request.js';
import { parseNormalizedNamed } from '../plugins/reference.js';
import { releaseBelow } from '../replies.js';
import { type GoUrlDialect, indexUrlProblem } from './index-url.js';

/**
 * A search term that names an index of its own (moby's splitReposSearchTerm: a first part with
 * "." or ":", or `localhost`): what the release checks of that index's name before it pings it
 * (newIndexInfo, then newV1Endpoint's url.Parse). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * in a private network namespace (2026-12-07, about 90 names); past these checks every release
 * dials, whatever the limit (the range is checked after the ping).
 */
const SEARCH_INDEX = {
  /** Before this release the checks' errors are plain (500); from it invalid parameters (400). */
  invalidParameterFrom: '23.0',
  /** Before this release ValidateIndexName refuses a name that begins or ends with "-" (dropped in 28.0.2; 28.0 emulates 28.0.4). */
  hyphenRefusedBefore: '28.0',
} as const;

/** The Go each release is built with, as its url.Parse words a host (index-url.ts). */
const URL_DIALECT_FROM: readonly (readonly [release: string, dialect: GoUrlDialect])[] = [
  ['29.0', 'first-colon'],
  ['28.0', 'ip-literal'],
];

const urlDialect = (x: Exchange): GoUrlDialect => URL_DIALECT_FROM.find(([from]) => !releaseBelow(x, from))?.[1] ?? 'plain';

/** The index a term names, or null for a term of the default index. */
export function namedIndex(term: string): string | null {
  const slash = term.indexOf('/');
  if (slash < 0) return null;
  const first = term.slice(0, slash);
  return first.includes('.') || first.includes(':') || first === 'localhost' ? first : null;
}

/** Whether the name is the default index's (its own name or the legacy one, which newIndexInfo normalizes): the official index, searched without a ping. */
function isDefaultIndex(x: Exchange, index: string): boolean {
  const release = x.state.config.release.release;
  const named = parseNormalizedNamed(`${index}/x`, release);
  const plain = parseNormalizedNamed('x', release);
  return !('error' in named) && !('error' in plain) && named.domain === plain.domain;
}

/**
 * The answer to a search of another index before the registry: its refusal, 'default' where the
 * name is the default index's (the term is then checked as one of it), or 'dial'.
 */
export function otherIndexCheck(x: Exchange, index: string): Refusal | 'default' | 'dial' {
  const status = releaseBelow(x, SEARCH_INDEX.invalidParameterFrom) ? 500 : 400;
  if (releaseBelow(x, SEARCH_INDEX.hyphenRefusedBefore) && (index.startsWith('-') || index.endsWith('-')))
    return { status, message: `invalid index name (${index}). Cannot begin or end with a hyphen` };
  if (isDefaultIndex(x, index)) return 'default';
  const problem = indexUrlProblem(index, urlDialect(x));
  return problem === null ? 'dial' : { status, message: problem };
}
