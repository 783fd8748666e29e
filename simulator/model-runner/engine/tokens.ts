/**
 * The simulator's tokenizer, documented so that a test can predict every count (it is no real
 * model's): a token is a run of letters and digits (Unicode \p{L}, \p{N}), or one other non-space
 * code point (punctuation, symbols, emoji, a lone surrogate), each with the whitespace (JS `\s`)
 * before it; whitespace at the very end of a text is one token of its own. "" has no tokens.
 *
 * So " the", "," and "." are one token each, and a text only grows in tokens as it grows by whole
 * code points: countTokens(a + b) ≥ countTokens(a), unless a ends in a lone high surrogate that b's
 * first code unit completes (then the pair is one code point, perhaps a letter joining a word:
 * "a\ud800" is two tokens, "a\ud800\udc00" one).
 */

const SPACE = 0;
const WORD = 1;
const OTHER = 2;
type Kind = typeof SPACE | typeof WORD | typeof OTHER;

/** The kind of every ASCII code unit, built once: most text is ASCII and needs no regex. */
const ASCII_KINDS: Uint8Array = (() => {
  const kinds = new Uint8Array(128).fill(OTHER);
  for (const code of [9, 10, 11, 12, 13, 32]) kinds[code] = SPACE;
  for (let code = 48; code <= 57; code++) kinds[code] = WORD;
  for (let code = 65; code <= 90; code++) kinds[code] = WORD;
  for (let code = 97; code <= 122; code++) kinds[code] = WORD;
  return kinds;
})();

// Sticky, so that they test one position of the text itself without slicing it. Their lastIndex is
// set before every use and nothing awaits in between, so sharing them is safe. Made on the first
// text beyond ASCII: a Unicode property class costs a start some 0.1 ms to make.
let wordAt: RegExp | undefined;
let spaceAt: RegExp | undefined;

function kindAt(text: string, at: number, code: number): Kind {
  if (code < 128) return ASCII_KINDS[code] as Kind;
  wordAt ??= /[\p{L}\p{N}]/uy;
  wordAt.lastIndex = at;
  if (wordAt.test(text)) return WORD;
  spaceAt ??= /\s/uy;
  spaceAt.lastIndex = at;
  return spaceAt.test(text) ? SPACE : OTHER;
}

const isSurrogatePair = (high: number, low: number): boolean => high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;

/**
 * The number of tokens of `text` by the rule above, in one pass and without allocating: a token
 * starts at every non-space code point that is not a letter or digit following another.
 */
export function countTokens(text: string): number {
  let count = 0;
  let previous: Kind = SPACE;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const kind = kindAt(text, i, code);
    if (kind === OTHER || (kind === WORD && previous !== WORD)) count++;
    previous = kind;
    i += code >= 0xd800 && isSurrogatePair(code, text.charCodeAt(i + 1)) ? 2 : 1;
  }
  return text.length > 0 && previous === SPACE ? count + 1 : count;
}
