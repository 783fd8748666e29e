import { isJsonObject } from '../go-fields.js';
import { jsonTypeWord } from '../../config/file/go-values.js';
import { goJsonSyntaxError } from '../go-json.js';

/**
 * A `filters` query parameter as moby's filters.FromJSON reads it: each key's values, a set
 * whose members carry a bool (the current form `{"k":{"v":true}}`; the legacy form
 * `{"k":["v"]}` gives every value true). A key may be present with no values (`{"k":null}`).
 */
export type FilterArgs = ReadonlyMap<string, ReadonlyMap<string, boolean>>;

/** How a release refuses a `filters` text: 20.10 passes Go's decoding error on untyped (500); from 23.0 it is 400 "invalid filter". */
export type FilterRefusal = { readonly status: 400 | 500; readonly message: string };

const INVALID_FILTER = 'invalid filter';

const typeError = (value: unknown, goType: string): string => `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${goType}`;

type Decoded = { readonly args: FilterArgs } | { readonly error: string };

/**
 * The current form, map[string]map[string]bool: the first type error in the document's order
 * (Go decodes on past one and reports the first). A null value is a key without values; a null
 * member is false. Keys are taken in JavaScript's order (integer-like keys first), which is the
 * document's for every other key.
 */
function decodeCurrent(doc: unknown): Decoded {
  if (doc === null) return { args: new Map() };
  if (!isJsonObject(doc)) return { error: typeError(doc, 'map[string]map[string]bool') };
  const args = new Map<string, Map<string, boolean>>();
  let first: string | null = null;
  for (const [key, value] of Object.entries(doc)) {
    if (value === null) {
      args.set(key, new Map());
      continue;
    }
    if (!isJsonObject(value)) {
      first ??= typeError(value, 'map[string]bool');
      continue;
    }
    const members = new Map<string, boolean>();
    for (const [member, flag] of Object.entries(value)) {
      if (flag === null || typeof flag === 'boolean') members.set(member, flag === true);
      else first ??= typeError(flag, 'bool');
    }
    args.set(key, members);
  }
  return first === null ? { args } : { error: first };
}

/** The legacy form, map[string][]string (a null member is the empty string). */
function decodeLegacy(doc: unknown): FilterArgs | null {
  if (doc === null) return new Map();
  if (!isJsonObject(doc)) return null;
  const args = new Map<string, Map<string, boolean>>();
  for (const [key, value] of Object.entries(doc)) {
    if (value !== null && !Array.isArray(value)) return null;
    const members = new Map<string, boolean>();
    for (const member of value ?? []) {
      if (member !== null && typeof member !== 'string') return null;
      members.set(member ?? '', true);
    }
    args.set(key, members);
  }
  return args;
}

/** `filters` as the release reads it: its arguments, or how it refuses the text. `old`: a release before 23.0. */
export function parseFilterArgs(text: string, old: boolean): { readonly args: FilterArgs } | { readonly refusal: FilterRefusal } {
  if (text === '') return { args: new Map() };
  const refuse = (goError: string) => ({ refusal: old ? { status: 500 as const, message: goError } : { status: 400 as const, message: INVALID_FILTER } });
  const syntax = goJsonSyntaxError(Buffer.from(text, 'utf8'));
  if (syntax !== null) return refuse(syntax);
  const doc: unknown = JSON.parse(text);
  const current = decodeCurrent(doc);
  if ('args' in current) return current;
  const legacy = decodeLegacy(doc);
  return legacy === null ? refuse(current.error) : { args: legacy };
}

/** A key's values, whatever their bool (moby's Args.Get; Go's map order is random, these are sorted). */
export const filterValues = (args: FilterArgs, key: string): string[] => [...(args.get(key)?.keys() ?? [])].sort();

/** An object's labels as a map (none when it has none). */
export const labelMap = (labels: unknown): Readonly<Record<string, unknown>> =>
  labels !== null && typeof labels === 'object' ? (labels as Readonly<Record<string, unknown>>) : {};

/** moby Args.MatchKVList: every `key` or `key=value` of the filter's `key` values holds in the labels (no values: any labels). */
export function labelsMatch(filters: FilterArgs, labels: unknown, key = 'label'): boolean {
  const set = labelMap(labels);
  return filterValues(filters, key).every((item) => {
    const at = item.indexOf('=');
    const name = at < 0 ? item : item.slice(0, at);
    return Object.hasOwn(set, name) && (at < 0 || set[name] === item.slice(at + 1));
  });
}

/** moby daemon matchLabels (prunes): the `label` values hold, and when `label!` is given, not all of its values do. */
export const pruneLabelsMatch = (filters: FilterArgs, labels: unknown): boolean =>
  labelsMatch(filters, labels) && (!filters.has('label!') || !labelsMatch(filters, labels, 'label!'));

/** moby Args.ExactMatch: true when the key has no values, else whether `value` is one of them set to true. */
export const exactMatch = (args: FilterArgs, key: string, value: string): boolean => (args.get(key)?.size ?? 0) === 0 || args.get(key)?.get(value) === true;

/** The message of an invalid filter: `invalid filter 'k'`, `invalid filter 'k=[a b]'` (20.10: `Invalid …`). */
export function invalidFilterMessage(key: string, values: readonly string[] | null, old: boolean): string {
  const named = values === null ? key : `${key}=[${values.join(' ')}]`;
  return `${old ? 'Invalid' : 'invalid'} filter '${named}'`;
}

/** The first key not in `accepted` (Args.Validate), or null. */
export const unacceptedKey = (args: FilterArgs, accepted: readonly string[]): string | null => [...args.keys()].find((key) => !accepted.includes(key)) ?? null;

/**
 * A boolean filter (`dangling`) as the release reads it: undefined when absent, or the message
 * that refuses it. 20.10: true when "true" is set (or the key has no values), false when "false"
 * is, else refused; from 23.0 (Args.GetBoolOrDefault): "1"/"true" against "0"/"false", refused
 * when the key has no values, neither or both.
 */
export function booleanFilter(args: FilterArgs, key: string, old: boolean): boolean | undefined | { readonly refused: string } {
  const members = args.get(key);
  if (members === undefined) return undefined;
  const set = (value: string): boolean => members.get(value) === true;
  if (old) {
    if (members.size === 0 || set('true')) return true;
    return set('false') ? false : { refused: invalidFilterMessage(key, filterValues(args, key), true) };
  }
  if (members.size === 0) return { refused: invalidFilterMessage(key, null, false) };
  const isTrue = set('1') || set('true');
  const isFalse = set('0') || set('false');
  return isTrue === isFalse ? { refused: invalidFilterMessage(key, filterValues(args, key), false) } : isTrue;
}
