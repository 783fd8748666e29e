import fc from 'fast-check';

export const DIGITS = '0123456789';
export const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Strings over `alphabet` (much faster than fc.stringMatching, which re-reads its regex per value). */
export const word = (alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
