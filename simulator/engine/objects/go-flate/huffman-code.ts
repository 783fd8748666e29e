import { GoGzipError } from './errors.js';

/**
 * Go's length-limited Huffman code builder (Go 1.26, src/compress/flate/huffman_code.go): the same
 * package-merge bit counts and the same tie-breaks, so that every block gets Go's code lengths.
 */

/** The deepest code bitCounts can build (huffman_code.go maxBitsLimit). */
const MAX_BITS_LIMIT = 16;
const MAX_INT32 = 0x7fffffff;
/**
 * A literal and its frequency packed as freq·2^16 + literal: a numeric sort is byFreq's order. A
 * block's frequencies stay below 2^15 (at most 16385 tokens), so the packed value fits an int32.
 */
const LITERAL_BITS = 16;
const LITERAL_MASK = (1 << LITERAL_BITS) - 1;

/** The bits of `number`'s low `bitLength` bits in reverse order (huffman_code.go reverseBits). */
export function reverseBits(number: number, bitLength: number): number {
  let reversed = 0;
  for (let i = 0; i < bitLength; i++) reversed |= ((number >> i) & 1) << (bitLength - 1 - i);
  return reversed;
}

/** A code: for each symbol its bits (already reversed, as written) and its length (huffman_code.go huffmanEncoder). */
export class HuffmanEncoder {
  readonly code: Uint16Array;
  readonly len: Uint8Array;
  private readonly bitCount = new Int32Array(17);
  /** The non-zero symbols, packed (see LITERAL_BITS), sorted by frequency: huffman_code.go freqcache. */
  private readonly list: Int32Array;
  /** Scratch space: bitCounts' frequencies, assignEncodingAndSize's symbols of one length. */
  private readonly freqs: Float64Array;
  private readonly chunk: Int32Array;

  constructor(size: number) {
    this.code = new Uint16Array(size);
    this.len = new Uint8Array(size);
    this.list = new Int32Array(size);
    this.freqs = new Float64Array(size + 1);
    this.chunk = new Int32Array(size);
  }

  /** Sets symbol `symbol`'s code. */
  set(symbol: number, code: number, length: number): void {
    this.code[symbol] = code;
    this.len[symbol] = length;
  }

  /** The bits `freq` takes in this code (huffman_code.go bitLength). */
  bitLength(freq: Int32Array): number {
    let total = 0;
    for (let i = 0; i < freq.length; i++) {
      const f = freq[i]!;
      if (f !== 0) total += f * this.len[i]!;
    }
    return total;
  }

  /** Makes this the minimum code of at most `maxBits` bits for `freq` (huffman_code.go generate). */
  generate(freq: Int32Array, maxBits: number): void {
    let count = 0;
    for (let i = 0; i < freq.length; i++) {
      const f = freq[i]!;
      if (f !== 0) this.list[count++] = f * (1 << LITERAL_BITS) + i;
      else this.len[i] = 0;
    }
    if (count <= 2) {
      // With two or fewer symbols each gets one bit, in increasing symbol order (the list's order here).
      for (let i = 0; i < count; i++) this.set(this.list[i]! & LITERAL_MASK, i, 1);
      return;
    }
    const list = this.list.subarray(0, count).sort();
    this.assignEncodingAndSize(this.bitCounts(list, maxBits), list);
  }

  /**
   * How many symbols get each length, 1 to maxBits (huffman_code.go bitCounts): the package-merge
   * levels of Go's code, step for step, so its ties fall the same way. `list` is sorted by frequency.
   */
  private bitCounts(list: Int32Array, maxBitsAsked: number): Int32Array {
    const n = list.length;
    // The frequencies in list order, then bitCounts' sentinel.
    const freqs = this.freqs;
    for (let i = 0; i < n; i++) freqs[i] = list[i]! >>> LITERAL_BITS;
    freqs[n] = MAX_INT32;
    // The tree can't be deeper than n − 1.
    const maxBits = Math.min(maxBitsAsked, n - 1);
    const levels = new Levels();
    for (let level = 1; level <= maxBits; level++) {
      levels.lastFreq[level] = freqs[1]!;
      levels.nextCharFreq[level] = freqs[2]!;
      levels.nextPairFreq[level] = level === 1 ? MAX_INT32 : freqs[0]! + freqs[1]!;
      levels.leafCounts[level * MAX_BITS_LIMIT + level] = 2;
    }
    // 2n − 2 items at the top level, two of them already there.
    levels.needed[maxBits] = 2 * n - 4;
    levels.merge(maxBits, freqs);
    const counts = levels.leafCounts.subarray(maxBits * MAX_BITS_LIMIT, (maxBits + 1) * MAX_BITS_LIMIT);
    if (counts[maxBits] !== n) throw new GoGzipError('GO_FLATE_INTERNAL', 'go-flate: leafCounts[maxBits][maxBits] != n');
    const bitCount = this.bitCount.subarray(0, maxBits + 1);
    for (let level = maxBits, bits = 1; level > 0; level--, bits++) bitCount[bits] = counts[level]! - counts[level - 1]!;
    return bitCount;
  }

  /** Gives each length's symbols consecutive codes in symbol order, RFC 1951 3.2.2 (huffman_code.go assignEncodingAndSize). */
  private assignEncodingAndSize(bitCount: Int32Array, list: Int32Array): void {
    let code = 0;
    let end = list.length;
    for (let n = 0; n < bitCount.length; n++) {
      const bits = bitCount[n]!;
      code = (code << 1) & 0xffff;
      if (n === 0 || bits === 0) continue;
      // The most frequent `bits` symbols left (the list's end) take length n, in symbol order.
      const chunk = this.chunk.subarray(0, bits);
      for (let i = 0; i < bits; i++) chunk[i] = list[end - bits + i]! & LITERAL_MASK;
      chunk.sort();
      for (let i = 0; i < bits; i++) this.set(chunk[i]!, reverseBits(code++, n), n);
      end -= bits;
    }
  }
}

/**
 * The levels of bitCounts' construction (huffman_code.go levelInfo, one array a field, indexed by
 * level; level 0 is a bogus level whose needed stays 0, so that level 1's nextPairFreq is never
 * chosen) and leafCounts[i][j] (at i·16 + j): the literals left of the level-j ancestor of level i's
 * rightmost node. Frequencies are doubles: a sum with the MaxInt32 sentinel does not wrap.
 */
class Levels {
  readonly lastFreq = new Float64Array(MAX_BITS_LIMIT + 1);
  readonly nextCharFreq = new Float64Array(MAX_BITS_LIMIT + 1);
  readonly nextPairFreq = new Float64Array(MAX_BITS_LIMIT + 1);
  readonly needed = new Int32Array(MAX_BITS_LIMIT + 1);
  readonly leafCounts = new Int32Array(MAX_BITS_LIMIT * MAX_BITS_LIMIT);

  /** bitCounts' main loop: fills each level with leaves and pairs of the level below until the top is done. */
  merge(maxBits: number, freqs: Float64Array): void {
    const { lastFreq, nextCharFreq, nextPairFreq, needed, leafCounts } = this;
    let level = maxBits;
    for (;;) {
      if (nextPairFreq[level] === MAX_INT32 && nextCharFreq[level] === MAX_INT32) {
        // Out of leaves and pairs: this level is done, and no lower level is to be visited again.
        needed[level] = 0;
        nextPairFreq[level + 1] = MAX_INT32;
        level++;
        continue;
      }
      const prevFreq = lastFreq[level]!;
      const row = level * MAX_BITS_LIMIT;
      if (nextCharFreq[level]! < nextPairFreq[level]!) {
        // The next item on this row is a leaf.
        const leaves = leafCounts[row + level]! + 1;
        lastFreq[level] = nextCharFreq[level]!;
        leafCounts[row + level] = leaves;
        nextCharFreq[level] = freqs[leaves]!;
      } else {
        // The next item is a pair from the row below, whose leaf counts it takes; that row then needs two more.
        lastFreq[level] = nextPairFreq[level]!;
        for (let j = 0; j < level; j++) leafCounts[row + j] = leafCounts[row - MAX_BITS_LIMIT + j]!;
        needed[level - 1] = 2;
      }
      needed[level]!--;
      if (needed[level] === 0) {
        if (level === maxBits) return;
        nextPairFreq[level + 1] = prevFreq + lastFreq[level]!;
        level++;
      } else {
        while (needed[level - 1]! > 0) level--;
      }
    }
  }
}

/** The fixed literal/length code of RFC 1951 3.2.6 (huffman_code.go generateFixedLiteralEncoding). */
function fixedLiteralEncoding(): HuffmanEncoder {
  const h = new HuffmanEncoder(286);
  for (let ch = 0; ch < 286; ch++) {
    if (ch < 144) h.set(ch, reverseBits(ch + 48, 8), 8);
    else if (ch < 256) h.set(ch, reverseBits(ch + 400 - 144, 9), 9);
    else if (ch < 280) h.set(ch, reverseBits(ch - 256, 7), 7);
    else h.set(ch, reverseBits(ch + 192 - 280, 8), 8);
  }
  return h;
}

/** The fixed offset code: five bits each (huffman_code.go generateFixedOffsetEncoding). */
function fixedOffsetEncoding(): HuffmanEncoder {
  const h = new HuffmanEncoder(30);
  for (let ch = 0; ch < 30; ch++) h.set(ch, reverseBits(ch, 5), 5);
  return h;
}

export const FIXED_LITERAL_ENCODING = fixedLiteralEncoding();
export const FIXED_OFFSET_ENCODING = fixedOffsetEncoding();
