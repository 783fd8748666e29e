import type { Generation } from './engine.js';
import { Mulberry32 } from './prng.js';
import { COMMA, FIRST_WORDS, FULL_STOP, INNER_WORDS, OPENING_WORDS } from './vocabulary.js';

/** The bounds of a choice's intrinsic length, in pieces (= tokens). */
export const MIN_PIECES = 8;
export const MAX_PIECES = 48;

/** One in this many pieces after a word is punctuation (when the grammar allows it). */
const PUNCTUATION_ONE_IN = 8;

/**
 * The piece at `index` of a text `length` pieces long, after `previous` (undefined at the start).
 * The grammar keeps the text readable: it opens with a capitalised word, never puts two marks in a
 * row, capitalises after a full stop, and ends with one.
 */
function pieceAt(random: Mulberry32, index: number, length: number, previous: string | undefined): string {
  if (index === length - 1) return FULL_STOP;
  if (previous === undefined) return FIRST_WORDS[random.below(FIRST_WORDS.length)]!;
  if (previous === FULL_STOP) return OPENING_WORDS[random.below(OPENING_WORDS.length)]!;
  // No mark right before the closing full stop, nor after another mark.
  if (previous !== COMMA && index < length - 2 && random.below(PUNCTUATION_ONE_IN) === 0) return random.below(4) === 0 ? FULL_STOP : COMMA;
  return INNER_WORDS[random.below(INNER_WORDS.length)]!;
}

/** Where the earliest of the stop strings begins in `text`, or -1. Empty stop strings never match. */
function firstStop(text: string, stop: readonly string[]): number {
  let first = -1;
  for (const word of stop) {
    if (word === '') continue;
    const at = text.indexOf(word);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/** The pieces that make up exactly `text.slice(0, end)`: the piece `end` falls in is shortened. */
function piecesBefore(pieces: readonly string[], end: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    if (used + piece.length <= end) {
      kept.push(piece);
      used += piece.length;
      continue;
    }
    if (end > used) kept.push(piece.slice(0, end - used));
    break;
  }
  return kept;
}

/**
 * One choice, all from `seed`: its intrinsic length (MIN_PIECES–MAX_PIECES), then its pieces in
 * order. A piece never depends on `cap`, so a smaller cap gives a prefix of the same text: that is
 * what lets a client tell the cap's cut ("length") from the end the text reached by itself ("stop").
 * The stop strings are looked for in the text as the cap left it; a stop string found ends the text
 * just before it, with "stop", whether or not the cap also cut.
 *
 * @param cap - the most pieces to return: a whole number ≥ 1, or Infinity for no cap.
 */
export function generate(seed: number, cap: number, stop: readonly string[] | undefined): Generation {
  const random = new Mulberry32(seed);
  const length = MIN_PIECES + random.below(MAX_PIECES - MIN_PIECES + 1);
  const limit = Math.min(length, cap);
  const pieces: string[] = [];
  let previous: string | undefined;
  for (let i = 0; i < limit; i++) {
    previous = pieceAt(random, i, length, previous);
    pieces.push(previous);
  }
  const text = pieces.join('');
  const at = stop === undefined ? -1 : firstStop(text, stop);
  if (at < 0) return { pieces, text, finishReason: limit < length ? 'length' : 'stop', completionTokens: pieces.length };
  const kept = piecesBefore(pieces, at);
  return { pieces: kept, text: text.slice(0, at), finishReason: 'stop', completionTokens: kept.length };
}
