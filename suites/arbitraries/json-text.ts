import fc from 'fast-check';

/**
 * What an edit puts in: JSON's own punctuation, the starts of its literals and numbers, an escape,
 * white space a string may not hold raw, a control character and a character beyond ASCII (Go's
 * newer decoder words strings, numbers and such characters apart from the older one).
 */
const EDIT_CHARS = [...'{}[],:"\\ \ttfn0-1.eE+xu\u0001é'];

/**
 * A JSON text with one character put in, replaced or taken out, at any place of one of `bases`:
 * inside a string, an escape, a number or a literal, between tokens, at either end. Most results
 * are no longer JSON; the rest are JSON close to their base.
 */
export function oneEdit(bases: readonly string[]): fc.Arbitrary<string> {
  return fc
    .record({ base: fc.constantFrom(...bases), at: fc.nat(), edit: fc.constantFrom('insert', 'replace', 'delete'), char: fc.constantFrom(...EDIT_CHARS) })
    .map(({ base, at, edit, char }) => {
      const i = at % (base.length + 1);
      return edit === 'insert' ? base.slice(0, i) + char + base.slice(i) : base.slice(0, i) + (edit === 'replace' ? char : '') + base.slice(i + 1);
    });
}

/** Whether `text` parses as JSON. */
export const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** oneEdit's results that are no longer JSON. */
export const brokenJson = (bases: readonly string[]): fc.Arbitrary<string> => oneEdit(bases).filter((text) => !isJson(text));
