/**
 * The pieces the simulator's engine writes with: a small English-ish vocabulary, each piece one
 * token by the simulator's tokenizer (a word with its leading space, or one punctuation mark), so
 * that a generated text counts exactly as many tokens as it has pieces. Built once, at load: a
 * generation only picks strings from these tables, it never builds one.
 */

const WORDS = [
  'the',
  'model',
  'runs',
  'a',
  'quick',
  'answer',
  'for',
  'every',
  'request',
  'it',
  'reads',
  'and',
  'writes',
  'small',
  'words',
  'in',
  'order',
  'with',
  'care',
  'so',
  'tests',
  'can',
  'check',
  'them',
  'again',
  'today',
  'simple',
  'text',
  'flows',
  'from',
  'one',
  'seed',
  'time',
  'after',
  'stays',
  'same',
] as const;

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Words inside a sentence: " the". */
export const INNER_WORDS: readonly string[] = WORDS.map((word) => ` ${word}`);

/** Words opening a later sentence: " The". */
export const OPENING_WORDS: readonly string[] = WORDS.map((word) => ` ${capitalise(word)}`);

/** Words opening the text, with no space before: "The". */
export const FIRST_WORDS: readonly string[] = WORDS.map(capitalise);

export const COMMA = ',';
export const FULL_STOP = '.';
