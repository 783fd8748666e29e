import { GoGzipError } from './errors.js';
import { FIXED_LITERAL_ENCODING, FIXED_OFFSET_ENCODING, HuffmanEncoder } from './huffman-code.js';
import {
  END_BLOCK_MARKER,
  LENGTH_BASE,
  LENGTH_CODES,
  LENGTH_EXTRA_BITS,
  LENGTH_SHIFT,
  MATCH_TYPE,
  OFFSET_BASE,
  OFFSET_EXTRA_BITS,
  OFFSET_MASK,
  offsetCode,
} from './token.js';

/**
 * The block writer of Go's compress/flate (Go 1.26, src/compress/flate/huffman_bit_writer.go), as
 * far as levels 2 to 9 use it: writeBlock (fixed, dynamic or stored, whichever is smallest) and the
 * stored headers of a flush or close. Bits go out least significant first, as there; Go buffers them
 * 48 at a time, this 16: the bytes written are the same.
 */

/** Literal/length codes: 256 literals, the end of block, 29 lengths (huffman_code.go maxNumLit). */
export const MAX_NUM_LIT = 286;
const OFFSET_CODE_COUNT = 30;
const LENGTH_CODES_START = 257;
const CODEGEN_CODE_COUNT = 19;
/** The end marker of a codegen sequence. */
const BAD_CODE = 255;
/** The largest stored block (deflate.go maxStoreBlockSize). */
export const MAX_STORE_BLOCK_SIZE = 65535;
/** The most bytes one token takes: a 15-bit length code, 5 extra bits, a 15-bit offset code, 13 extra bits. */
const MAX_TOKEN_BYTES = 6;
/** More than a dynamic header takes: 17 + 19·3 bits, then at most 316 codegen symbols of 7 + 7 bits each. */
const MAX_HEADER_BYTES = 1024;

/** The order in which the codegen code lengths are written (RFC 1951 3.2.7). */
const CODEGEN_ORDER = Uint8Array.from([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

/** The output: a byte array that grows as the blocks are written. */
class ByteSink {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** huffman_bit_writer.go huffmanBitWriter: its pending bits, its frequency tables and its three codes. */
export class HuffmanBitWriter {
  private readonly sink = new ByteSink();
  /** Pending bits, fewer than 16 between calls. */
  private bits = 0;
  private nbits = 0;
  private readonly codegenFreq = new Int32Array(CODEGEN_CODE_COUNT);
  private readonly literalFreq = new Int32Array(MAX_NUM_LIT);
  private readonly offsetFreq = new Int32Array(OFFSET_CODE_COUNT);
  private readonly codegen = new Uint8Array(MAX_NUM_LIT + OFFSET_CODE_COUNT + 1);
  private readonly literalEncoding = new HuffmanEncoder(MAX_NUM_LIT);
  private readonly offsetEncoding = new HuffmanEncoder(OFFSET_CODE_COUNT);
  private readonly codegenEncoding = new HuffmanEncoder(CODEGEN_CODE_COUNT);

  /** Everything written so far: call after the last flush. */
  output(): Uint8Array {
    return this.sink.bytes.subarray(0, this.sink.length);
  }

  /** Appends the low `nb` (at most 16) bits of `b` (huffman_bit_writer.go writeBits and writeCode). */
  writeBits(b: number, nb: number): void {
    this.bits |= b << this.nbits;
    this.nbits += nb;
    if (this.nbits >= 16) {
      const sink = this.sink;
      sink.bytes[sink.length++] = this.bits;
      sink.bytes[sink.length++] = this.bits >>> 8;
      this.bits >>>= 16;
      this.nbits -= 16;
    }
  }

  /** Writes the pending bits out, the last byte padded with zeros (huffman_bit_writer.go flush). */
  flush(): void {
    this.sink.reserve(2);
    while (this.nbits > 0) {
      this.sink.bytes[this.sink.length++] = this.bits;
      this.bits >>>= 8;
      this.nbits = this.nbits > 8 ? this.nbits - 8 : 0;
    }
    this.bits = 0;
  }

  /** A stored block's header: its 3 bits, padding, then LEN and NLEN (huffman_bit_writer.go writeStoredHeader). */
  writeStoredHeader(length: number, isEof: boolean): void {
    this.sink.reserve(8);
    this.writeBits(isEof ? 1 : 0, 3);
    this.flush();
    this.writeBits(length, 16);
    this.writeBits(~length & 0xffff, 16);
  }

  /** Raw bytes, on a byte boundary (huffman_bit_writer.go writeBytes). */
  private writeBytes(bytes: Uint8Array): void {
    if ((this.nbits & 7) !== 0) throw new GoGzipError('GO_FLATE_INTERNAL', 'go-flate: writeBytes with unfinished bits');
    this.flush();
    this.sink.reserve(bytes.length);
    this.sink.bytes.set(bytes, this.sink.length);
    this.sink.length += bytes.length;
  }

  /**
   * A block of `tokens` in the smallest of the fixed code, a dynamic code, or (when `input`, the
   * bytes the tokens stand for, is given and fits) a stored block (huffman_bit_writer.go writeBlock).
   * `tokens` must have room for one more: the end-of-block marker is appended there.
   */
  writeBlock(tokens: Int32Array, count: number, eof: boolean, input: Uint8Array | null): void {
    this.sink.reserve(MAX_HEADER_BYTES + (count + 1) * MAX_TOKEN_BYTES + (input?.length ?? 0));
    tokens[count] = END_BLOCK_MARKER;
    const block = tokens.subarray(0, count + 1);
    const { numLiterals, numOffsets } = this.indexTokens(block);
    const storable = input !== null && input.length <= MAX_STORE_BLOCK_SIZE;
    // The extra bits count only when the stored form is a candidate: fixed and dynamic share them.
    const extraBits = storable ? this.extraBits(numLiterals, numOffsets) : 0;

    let literalEncoding = FIXED_LITERAL_ENCODING;
    let offsetEncoding = FIXED_OFFSET_ENCODING;
    let size = this.fixedSize(extraBits);
    this.generateCodegen(numLiterals, numOffsets, this.literalEncoding, this.offsetEncoding);
    this.codegenEncoding.generate(this.codegenFreq, 7);
    const dynamic = this.dynamicSize(this.literalEncoding, this.offsetEncoding, extraBits);
    if (dynamic.size < size) {
      size = dynamic.size;
      literalEncoding = this.literalEncoding;
      offsetEncoding = this.offsetEncoding;
    }
    if (storable && (input.length + 5) * 8 < size) {
      this.writeStoredHeader(input.length, eof);
      this.writeBytes(input);
      return;
    }
    if (literalEncoding === FIXED_LITERAL_ENCODING) this.writeBits(eof ? 3 : 2, 3);
    else this.writeDynamicHeader(numLiterals, numOffsets, dynamic.numCodegens, eof);
    this.writeTokens(block, literalEncoding, offsetEncoding);
  }

  /** The extra bits of the block's lengths and offsets: writeBlock's loops over the frequencies. */
  private extraBits(numLiterals: number, numOffsets: number): number {
    let extraBits = 0;
    // The first eight length codes and the first four offset codes have no extra bits.
    for (let code = LENGTH_CODES_START + 8; code < numLiterals; code++) extraBits += this.literalFreq[code]! * LENGTH_EXTRA_BITS[code - LENGTH_CODES_START]!;
    for (let code = 4; code < numOffsets; code++) extraBits += this.offsetFreq[code]! * OFFSET_EXTRA_BITS[code]!;
    return extraBits;
  }

  /** Counts the tokens' symbols and builds the block's two codes (huffman_bit_writer.go indexTokens). */
  private indexTokens(tokens: Int32Array): { numLiterals: number; numOffsets: number } {
    const literalFreq = this.literalFreq;
    const offsetFreq = this.offsetFreq;
    literalFreq.fill(0);
    offsetFreq.fill(0);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t < MATCH_TYPE) {
        literalFreq[t]!++;
        continue;
      }
      literalFreq[LENGTH_CODES_START + LENGTH_CODES[(t - MATCH_TYPE) >>> LENGTH_SHIFT]!]!++;
      offsetFreq[offsetCode(t & OFFSET_MASK)]!++;
    }
    let numLiterals = MAX_NUM_LIT;
    while (literalFreq[numLiterals - 1] === 0) numLiterals--;
    let numOffsets = OFFSET_CODE_COUNT;
    while (numOffsets > 0 && offsetFreq[numOffsets - 1] === 0) numOffsets--;
    if (numOffsets === 0) {
      // No match: one offset is still counted, so that a dynamic offset code can be written.
      offsetFreq[0] = 1;
      numOffsets = 1;
    }
    this.literalEncoding.generate(literalFreq, 15);
    this.offsetEncoding.generate(offsetFreq, 15);
    return { numLiterals, numOffsets };
  }

  /**
   * The run-length encoding of the two codes' lengths, RFC 1951 3.2.7, into `codegen` (ending in
   * BAD_CODE), and the frequency of each codegen symbol (huffman_bit_writer.go generateCodegen).
   */
  private generateCodegen(numLiterals: number, numOffsets: number, litEnc: HuffmanEncoder, offEnc: HuffmanEncoder): void {
    const codegen = this.codegen;
    const freq = this.codegenFreq;
    freq.fill(0);
    // codegen first holds the lengths, then (never overtaking them) the encoding.
    codegen.set(litEnc.len.subarray(0, numLiterals));
    codegen.set(offEnc.len.subarray(0, numOffsets), numLiterals);
    codegen[numLiterals + numOffsets] = BAD_CODE;
    let size = codegen[0]!;
    let count = 1;
    let outIndex = 0;
    for (let inIndex = 1; size !== BAD_CODE; inIndex++) {
      // `count` copies of `size` are still to be encoded.
      const nextSize = codegen[inIndex]!;
      if (nextSize === size) {
        count++;
        continue;
      }
      if (size !== 0) {
        codegen[outIndex++] = size;
        freq[size]!++;
        count--;
        // 16: repeat the previous length 3 to 6 times.
        while (count >= 3) {
          const n = Math.min(count, 6);
          outIndex = this.repeatCode(outIndex, 16, n - 3);
          count -= n;
        }
      } else {
        // 18: 11 to 138 zeros; 17: 3 to 10.
        while (count >= 11) {
          const n = Math.min(count, 138);
          outIndex = this.repeatCode(outIndex, 18, n - 11);
          count -= n;
        }
        if (count >= 3) {
          outIndex = this.repeatCode(outIndex, 17, count - 3);
          count = 0;
        }
      }
      for (; count > 0; count--) {
        codegen[outIndex++] = size;
        freq[size]!++;
      }
      size = nextSize;
      count = 1;
    }
    codegen[outIndex] = BAD_CODE;
  }

  /** Puts repeat code `symbol` (16, 17 or 18) and its count at `outIndex` of codegen, and counts it; the index after them. */
  private repeatCode(outIndex: number, symbol: number, repeatCount: number): number {
    this.codegen[outIndex] = symbol;
    this.codegen[outIndex + 1] = repeatCount;
    this.codegenFreq[symbol]!++;
    return outIndex + 2;
  }

  /** A dynamic block's size in bits, and how many codegen lengths its header writes (huffman_bit_writer.go dynamicSize). */
  private dynamicSize(litEnc: HuffmanEncoder, offEnc: HuffmanEncoder, extraBits: number): { size: number; numCodegens: number } {
    const freq = this.codegenFreq;
    let numCodegens = CODEGEN_CODE_COUNT;
    while (numCodegens > 4 && freq[CODEGEN_ORDER[numCodegens - 1]!] === 0) numCodegens--;
    const header = 3 + 5 + 5 + 4 + 3 * numCodegens + this.codegenEncoding.bitLength(freq) + freq[16]! * 2 + freq[17]! * 3 + freq[18]! * 7;
    return { size: header + litEnc.bitLength(this.literalFreq) + offEnc.bitLength(this.offsetFreq) + extraBits, numCodegens };
  }

  /** A fixed-code block's size in bits (huffman_bit_writer.go fixedSize). */
  private fixedSize(extraBits: number): number {
    return 3 + FIXED_LITERAL_ENCODING.bitLength(this.literalFreq) + FIXED_OFFSET_ENCODING.bitLength(this.offsetFreq) + extraBits;
  }

  /** A dynamic block's header: counts, the codegen code, then the codegen (huffman_bit_writer.go writeDynamicHeader). */
  private writeDynamicHeader(numLiterals: number, numOffsets: number, numCodegens: number, isEof: boolean): void {
    const cg = this.codegenEncoding;
    this.writeBits(isEof ? 5 : 4, 3);
    this.writeBits(numLiterals - 257, 5);
    this.writeBits(numOffsets - 1, 5);
    this.writeBits(numCodegens - 4, 4);
    for (let i = 0; i < numCodegens; i++) this.writeBits(cg.len[CODEGEN_ORDER[i]!]!, 3);
    const codegen = this.codegen;
    for (let i = 0; ; ) {
      const codeWord = codegen[i++]!;
      if (codeWord === BAD_CODE) break;
      this.writeBits(cg.code[codeWord]!, cg.len[codeWord]!);
      // 16, 17 and 18 are followed by their repeat count in 2, 3 and 7 bits.
      if (codeWord === 16) this.writeBits(codegen[i++]!, 2);
      else if (codeWord === 17) this.writeBits(codegen[i++]!, 3);
      else if (codeWord === 18) this.writeBits(codegen[i++]!, 7);
    }
  }

  /** The tokens in the given codes (huffman_bit_writer.go writeTokens). */
  private writeTokens(tokens: Int32Array, le: HuffmanEncoder, oe: HuffmanEncoder): void {
    const { code: leCode, len: leLen } = le;
    const { code: oeCode, len: oeLen } = oe;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t < MATCH_TYPE) {
        this.writeBits(leCode[t]!, leLen[t]!);
        continue;
      }
      const length = (t - MATCH_TYPE) >>> LENGTH_SHIFT;
      const lengthCode = LENGTH_CODES[length]!;
      this.writeBits(leCode[lengthCode + LENGTH_CODES_START]!, leLen[lengthCode + LENGTH_CODES_START]!);
      const extraLengthBits = LENGTH_EXTRA_BITS[lengthCode]!;
      if (extraLengthBits > 0) this.writeBits(length - LENGTH_BASE[lengthCode]!, extraLengthBits);
      const offset = t & OFFSET_MASK;
      const code = offsetCode(offset);
      this.writeBits(oeCode[code]!, oeLen[code]!);
      const extraOffsetBits = OFFSET_EXTRA_BITS[code]!;
      if (extraOffsetBits > 0) this.writeBits(offset - OFFSET_BASE[code]!, extraOffsetBits);
    }
  }
}
