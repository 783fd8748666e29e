import { ModelStoreError, type ModelReference } from './types.js';

/** docker's path component: lower-case letters and digits, joined by ".", "_", "__" or dashes. */
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
/** docker's limit on a reference; applied to the canonical form, so that it parses again. */
export const MAX_REFERENCE_LENGTH = 255;
/** The namespace of a reference that names none, as the real service fills it in. */
export const DEFAULT_NAMESPACE = 'ai';
/** The tag of a reference that names none. */
export const DEFAULT_TAG = 'latest';

const SHAPE = '<namespace>/<name>[:<tag>]';

const refuse = (text: string, why: string): ModelStoreError =>
  new ModelStoreError('MR_BAD_REFERENCE', `invalid model reference ${JSON.stringify(text)}: ${why}`);

/**
 * ASCII only: `String#toLowerCase` would also fold characters such as the Kelvin sign into `k`,
 * accepting references that only look like valid ones.
 */
const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());

/** Checks one part (namespace or name) and returns it lower-cased. */
function component(text: string, what: 'namespace' | 'name', part: string): string {
  if (part === '') throw refuse(text, `the ${what} is empty; a reference is ${SHAPE}`);
  if (part === '.' || part === '..') throw refuse(text, `the ${what} ${JSON.stringify(part)} is not a path segment`);
  const lowered = asciiLower(part);
  if (!COMPONENT.test(lowered)) {
    throw refuse(text, `the ${what} ${JSON.stringify(part)} is not a path component (letters and digits, joined by ".", "_", "__" or dashes)`);
  }
  return lowered;
}

/**
 * Parses `<namespace>/<name>[:<tag>]` as the real service normalises it (`normalizeModelName`):
 * namespace `ai` when none is given, namespace and name lower-cased, the tag kept as written and
 * `latest` when absent. Nothing is trimmed, and each part must be one path segment: extra
 * segments, `.`/`..`, empty parts, digests and characters outside docker's grammar are refused.
 *
 * @throws {@link ModelStoreError} `MR_BAD_REFERENCE`, its message saying what is wrong.
 */
export function parseModelReference(text: string): ModelReference {
  if (text.length === 0) throw refuse(text, `it is empty; a reference is ${SHAPE}`);
  // Checked first so that no regular expression runs over an arbitrarily long input.
  if (text.length > MAX_REFERENCE_LENGTH) throw refuse(text, `it is longer than ${MAX_REFERENCE_LENGTH} characters`);
  if (text.includes('@')) throw refuse(text, `digests are not supported; a reference is ${SHAPE}`);
  const segments = text.split('/');
  if (segments.length > 2) throw refuse(text, `a reference is ${SHAPE}, each part one path segment`);
  const [namespaceText, rest] = segments.length === 2 ? [segments[0]!, segments[1]!] : [DEFAULT_NAMESPACE, segments[0]!];
  const colon = rest.indexOf(':');
  const nameText = colon < 0 ? rest : rest.slice(0, colon);
  const tag = colon < 0 ? DEFAULT_TAG : rest.slice(colon + 1);
  const namespace = component(text, 'namespace', namespaceText);
  const name = component(text, 'name', nameText);
  if (tag === '') throw refuse(text, 'the tag after ":" is empty');
  if (!TAG.test(tag)) {
    throw refuse(text, `the tag ${JSON.stringify(tag)} is not a tag (a letter, digit or "_", then up to 127 of those, "." or "-")`);
  }
  const canonical = `${namespace}/${name}:${tag}`;
  // The defaults lengthen a reference: a canonical form over the limit would not parse again.
  if (canonical.length > MAX_REFERENCE_LENGTH) throw refuse(text, `its canonical form is longer than ${MAX_REFERENCE_LENGTH} characters`);
  return { namespace, name, tag, canonical };
}

/**
 * The reference of the route `/models/{namespace}/{name}` (`name` may carry `:tag`), with the
 * same rules as {@link parseModelReference}; a namespace is required here.
 *
 * @throws {@link ModelStoreError} `MR_BAD_REFERENCE`.
 */
export function referenceFromPath(namespace: string, name: string): ModelReference {
  // Joined, an empty namespace stays an empty first part and a slash in either is an extra segment.
  return parseModelReference(`${namespace}/${name}`);
}
