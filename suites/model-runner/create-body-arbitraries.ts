import fc from 'fast-check';
import { component } from './reference-arbitraries.js';
import { isJson } from '../arbitraries/json-text.js';

/**
 * Bodies of POST /models/create that are not a JSON object with a non-empty string "from", each
 * labelled with what is wrong. Templates as in reference-arbitraries.ts: `{ns}` is the case's
 * namespace, so that a runner that creates a model anyway is seen in the list. The real service
 * decodes with Go's encoding/json, which matches keys case-insensitively and stops after the first
 * value: no key here is "from" in any case, and no body is a valid one with text after it.
 */
export interface BadCreateBody {
  /** The body as sent (template). */
  readonly text: string;
  readonly why: string;
}

const bad =
  (why: string) =>
  (text: string): BadCreateBody => ({ text, why });

const notJson = (text: string): boolean => !isJson(text);

/** A valid reference in the case's namespace, as the bodies carry it. */
const reference = component.map((name) => `{ns}/${name}`);
const otherKey = fc.constantFrom('model', 'name', 'ref', 'reference', 'source', 'image', 'fromm', 'frm');

export const badCreateBody: fc.Arbitrary<BadCreateBody> = fc.oneof(
  // Not JSON.
  fc.constant(bad('an empty body')('')),
  reference.map(bad('the bare reference, not JSON')),
  reference.map((ref) => bad('JSON cut short')(`{"from": "${ref}"`)),
  reference.map((ref) => bad('single quotes')(`{'from': '${ref}'}`)),
  reference.map((ref) => bad('a trailing comma')(`{"from": "${ref}",}`)),
  reference.map((ref) => bad('a form, not JSON')(`from=${encodeURIComponent(ref)}`)),
  fc
    .string({ maxLength: 30 })
    .filter((text) => notJson(text) && !text.includes('{ns}') && !text.includes('{NS}'))
    .map(bad('text that is not JSON')),
  // JSON, but not an object.
  reference.map((ref) => bad('a JSON string')(JSON.stringify(ref))),
  reference.map((ref) => bad('a JSON array')(JSON.stringify([ref]))),
  reference.map((ref) => bad('an array of objects')(JSON.stringify([{ from: ref }]))),
  fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)).map((value) => bad('a JSON scalar')(JSON.stringify(value))),
  // An object without "from".
  fc.constant(bad('an empty object')('{}')),
  fc.tuple(otherKey, reference).map(([key, ref]) => bad(`"${key}" in place of "from"`)(JSON.stringify({ [key]: ref }))),
  // "from" not a string, or empty.
  fc
    .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
    .map((value) => bad('"from" not a string')(JSON.stringify({ from: value }))),
  reference.map((ref) => bad('"from" an array')(JSON.stringify({ from: [ref] }))),
  reference.map((ref) => bad('"from" an object')(JSON.stringify({ from: { reference: ref } }))),
  reference.map((ref) => bad('"from" empty')(JSON.stringify({ from: '', model: ref }))),
);
