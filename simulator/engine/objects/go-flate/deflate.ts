import { HuffmanBitWriter } from './huffman-bit-writer.js';
import { matchToken } from './token.js';

/**
 * The compressor of Go's compress/flate at DefaultCompression (level 6), Go 1.26,
 * src/compress/flate/deflate.go: its window, hash chains and lazy matching step for step, so that
 * the same tokens fall into the same blocks. Only level 6's path is here (fastSkipHashing is
 * skipNever at levels 4 to 9, so the branches for levels 2 and 3 are left out).
 */

const WINDOW_SIZE = 1 << 15;
const WINDOW_MASK = WINDOW_SIZE - 1;
/** The smallest match the compressor emits (RFC 1951's is 3). */
const MIN_MATCH_LENGTH = 4;
const MAX_MATCH_LENGTH = 258;
const BASE_MATCH_LENGTH = 3;
const BASE_MATCH_OFFSET = 1;
/** The tokens of one block at most (deflate.go maxFlateBlockTokens). */
const MAX_FLATE_BLOCK_TOKENS = 1 << 14;
const HASH_BITS = 17;
const HASH_SIZE = 1 << HASH_BITS;
/** When the chains' stored positions are rebased (deflate.go maxHashOffset). */
const MAX_HASH_OFFSET = 1 << 24;
const HASH_MUL = 0x1e35a7bd;
const MAX_INT32 = 0x7fffffff;
/**
 * deflate.go levels[6] (compressionLevel): a chain is searched a quarter as far past a `good`
 * match, a match is not bettered past `lazy`, a search stops at `nice`, and tries `chain` entries.
 */
const LEVEL_6 = { good: 8, lazy: 16, nice: 128, chain: 128 } as const;
/** The window is processed only while this much is ahead of the index, until a flush or close. */
const LOOKAHEAD_NEEDED = MIN_MATCH_LENGTH + MAX_MATCH_LENGTH;

/** The number of equal bytes at `a` and `b` in `w`, at most `max` (deflate.go matchLen). */
function matchLen(w: Uint8Array, a: number, b: number, max: number): number {
  for (let i = 0; i < max; i++) if (w[a + i] !== w[b + i]) return i;
  return max;
}

/** deflate.go compressor, at level 6: write feeds it, close ends the stream and returns it. */
export class Deflater {
  private readonly w = new HuffmanBitWriter();
  /** Two windows: unprocessed input is window[index, windowEnd). */
  private readonly window = new Uint8Array(2 * WINDOW_SIZE);
  private index = 0;
  private windowEnd = 0;
  /** Where the current block's tokens start; MAX_INT32 once that is shifted out (no stored block then). */
  private blockStart = 0;
  /** window[index − 1] is still to be emitted, as a literal or as the start of a match. */
  private byteAvailable = false;
  private sync = false;
  /** Room for a block's tokens, one more literal, and writeBlock's end marker. */
  private readonly tokens = new Int32Array(MAX_FLATE_BLOCK_TOKENS + 2);
  private tokenCount = 0;
  /** The match found at the previous position (lazy matching looks one further before taking it). */
  private length = MIN_MATCH_LENGTH - 1;
  private offset = 0;
  private maxInsertIndex = 0;
  private chainHead = -1;
  /** hashHead[h]: the newest position + hashOffset with hash h; hashPrev[p & WINDOW_MASK]: the one before p's. */
  private readonly hashHead = new Int32Array(HASH_SIZE);
  private readonly hashPrev = new Int32Array(WINDOW_SIZE);
  private hashOffset = 1;
  /** findMatch's result. */
  private matchLength = 0;
  private matchOffset = 0;

  /** Compresses `b` as far as the window allows (deflate.go write: step, then fill, until all is in). */
  write(b: Uint8Array): void {
    for (let at = 0; at < b.length; ) {
      this.deflate();
      at += this.fillDeflate(b.subarray(at));
    }
  }

  /** Compresses the rest and ends the stream with an empty final stored block (deflate.go close). */
  close(): Uint8Array {
    this.sync = true;
    this.deflate();
    this.w.writeStoredHeader(0, true);
    this.w.flush();
    return this.w.output();
  }

  /** Copies input into the window, first sliding it down by a window when the index nears its end (deflate.go fillDeflate). */
  private fillDeflate(b: Uint8Array): number {
    if (this.index >= 2 * WINDOW_SIZE - LOOKAHEAD_NEEDED) {
      this.window.copyWithin(0, WINDOW_SIZE, 2 * WINDOW_SIZE);
      this.index -= WINDOW_SIZE;
      this.windowEnd -= WINDOW_SIZE;
      this.blockStart = this.blockStart >= WINDOW_SIZE ? this.blockStart - WINDOW_SIZE : MAX_INT32;
      this.hashOffset += WINDOW_SIZE;
      if (this.hashOffset > MAX_HASH_OFFSET) this.rebaseHashes();
    }
    const n = Math.min(b.length, this.window.length - this.windowEnd);
    this.window.set(b.subarray(0, n), this.windowEnd);
    this.windowEnd += n;
    return n;
  }

  /** Brings hashOffset back to 1, dropping the positions that fall below it (fillDeflate's maxHashOffset branch). */
  private rebaseHashes(): void {
    const delta = this.hashOffset - 1;
    this.hashOffset -= delta;
    this.chainHead -= delta;
    for (const table of [this.hashPrev, this.hashHead]) {
      for (let i = 0; i < table.length; i++) {
        const v = table[i]!;
        table[i] = v > delta ? v - delta : 0;
      }
    }
  }

  /** Writes the queued tokens as a block ending at window position `index` (deflate.go writeBlock). */
  private writeBlock(index: number): void {
    if (index > 0) {
      const input = this.blockStart <= index ? this.window.subarray(this.blockStart, index) : null;
      this.blockStart = index;
      this.w.writeBlock(this.tokens, this.tokenCount, false, input);
    }
    // The callers drop the tokens either way.
    this.tokenCount = 0;
  }

  /** Enters position `index` in its hash chain; returns the chain's previous head (deflate.go hash4 and the chain update). */
  private insertHash(index: number): number {
    const w = this.window;
    const hash = Math.imul(w[index + 3]! | (w[index + 2]! << 8) | (w[index + 1]! << 16) | (w[index]! << 24), HASH_MUL) >>> (32 - HASH_BITS);
    const head = this.hashHead[hash]!;
    this.hashPrev[index & WINDOW_MASK] = head;
    this.hashHead[hash] = index + this.hashOffset;
    return head;
  }

  /**
   * The longest match for `pos` along the chain from `prevHead`, longer than 3, within `lookahead`:
   * sets matchLength and matchOffset and says whether one was found (deflate.go findMatch, whose
   * prevLength is always minMatchLength − 1 here, so the chain is never cut to a quarter).
   */
  private findMatch(pos: number, prevHead: number, lookahead: number): boolean {
    const w = this.window;
    const hashPrev = this.hashPrev;
    const hashOffset = this.hashOffset;
    const minMatchLook = Math.min(lookahead, MAX_MATCH_LENGTH);
    // Stop at a match this long.
    const nice = Math.min(minMatchLook, LEVEL_6.nice);
    let length = MIN_MATCH_LENGTH - 1;
    let tries = length >= LEVEL_6.good ? LEVEL_6.chain >> 2 : LEVEL_6.chain;
    let wEnd = w[pos + length];
    const minIndex = pos - WINDOW_SIZE;
    let found = false;
    for (let i = prevHead; tries > 0; tries--) {
      if (wEnd === w[i + length]) {
        const n = matchLen(w, i, pos, minMatchLook);
        if (n > length && (n > MIN_MATCH_LENGTH || pos - i <= 4096)) {
          length = n;
          this.matchOffset = pos - i;
          found = true;
          if (n >= nice) break;
          wEnd = w[pos + n];
        }
      }
      // hashPrev[minIndex & WINDOW_MASK] is already overwritten by pos's own entry.
      if (i === minIndex) break;
      i = hashPrev[i & WINDOW_MASK]! - hashOffset;
      if (i < minIndex || i < 0) break;
    }
    this.matchLength = length;
    return found;
  }

  /** Processes the window while enough is ahead, or all of it when syncing (deflate.go deflate, lazy matching). */
  private deflate(): void {
    if (this.windowEnd - this.index < LOOKAHEAD_NEEDED && !this.sync) return;
    this.maxInsertIndex = this.windowEnd - (MIN_MATCH_LENGTH - 1);
    for (;;) {
      const lookahead = this.windowEnd - this.index;
      if (lookahead < LOOKAHEAD_NEEDED) {
        if (!this.sync) return;
        if (lookahead === 0) {
          this.flushTokens();
          return;
        }
      }
      if (this.index < this.maxInsertIndex) this.chainHead = this.insertHash(this.index);
      const prevLength = this.length;
      const prevOffset = this.offset;
      this.length = MIN_MATCH_LENGTH - 1;
      this.offset = 0;
      const minIndex = Math.max(this.index - WINDOW_SIZE, 0);
      const head = this.chainHead - this.hashOffset;
      if (head >= minIndex && lookahead > prevLength && prevLength < LEVEL_6.lazy && this.findMatch(this.index, head, lookahead)) {
        this.length = this.matchLength;
        this.offset = this.matchOffset;
      }
      if (prevLength >= MIN_MATCH_LENGTH && this.length <= prevLength) this.emitMatch(prevLength, prevOffset);
      else this.emitLiteral();
    }
  }

  /** The previous position's match is not bettered here: emit it and hash the positions it covers. */
  private emitMatch(prevLength: number, prevOffset: number): void {
    this.tokens[this.tokenCount++] = matchToken(prevLength - BASE_MATCH_LENGTH, prevOffset - BASE_MATCH_OFFSET);
    // index and index − 1 are in the chains already; without lookahead, the last two are left out.
    const newIndex = this.index + prevLength - 1;
    let index = this.index + 1;
    for (; index < newIndex; index++) if (index < this.maxInsertIndex) this.insertHash(index);
    this.index = index;
    this.byteAvailable = false;
    this.length = MIN_MATCH_LENGTH - 1;
    if (this.tokenCount === MAX_FLATE_BLOCK_TOKENS) this.writeBlock(this.index);
  }

  /** No match to take: the byte before the index (if still pending) goes out as a literal. */
  private emitLiteral(): void {
    if (this.byteAvailable) {
      this.tokens[this.tokenCount++] = this.window[this.index - 1]!;
      if (this.tokenCount === MAX_FLATE_BLOCK_TOKENS) this.writeBlock(this.index);
    }
    this.index++;
    this.byteAvailable = true;
  }

  /** At the end of a sync: the pending byte, then the queued tokens as a block. */
  private flushTokens(): void {
    if (this.byteAvailable) {
      this.tokens[this.tokenCount++] = this.window[this.index - 1]!;
      this.byteAvailable = false;
    }
    if (this.tokenCount > 0) this.writeBlock(this.index);
  }
}
