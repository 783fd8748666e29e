/**
 * The LZ77 tokens of Go's compress/flate (Go 1.26, src/compress/flate/token.go): a literal, or a
 * match's length and offset packed in one 32-bit number, so that a block's tokens fit one typed array.
 * The code tables are huffman_bit_writer.go's; token.go's lookup tables are derived from them.
 */

/** 2 bits of type (0 literal, 1 match), 8 of length − 3, 22 of offset − 1 (token.go's layout). */
export const LENGTH_SHIFT = 22;
export const OFFSET_MASK = (1 << LENGTH_SHIFT) - 1;
export const MATCH_TYPE = 1 << 30;

/** The block's end, counted and written as the literal 256. */
export const END_BLOCK_MARKER = 256;

/** A match of `xlength` (length − 3) at `xoffset` (offset − 1): token.go matchToken. */
export const matchToken = (xlength: number, xoffset: number): number => MATCH_TYPE + (xlength << LENGTH_SHIFT) + xoffset;

/** The extra bits of length codes 0 to 28 (huffman_bit_writer.go lengthExtraBits, from code 257 on). */
export const LENGTH_EXTRA_BITS = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
/** The length − 3 each length code starts at (huffman_bit_writer.go lengthBase). */
export const LENGTH_BASE = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 255]);
/** The extra bits of offset codes 0 to 29 (huffman_bit_writer.go offsetExtraBits). */
export const OFFSET_EXTRA_BITS = Uint8Array.from([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
/** The offset − 1 each offset code starts at (huffman_bit_writer.go offsetBase). */
export const OFFSET_BASE = Uint16Array.from(OFFSET_EXTRA_BITS, (_, code) => (code < 4 ? code : (2 + (code & 1)) << ((code >> 1) - 1)));

/** The length code of each length − 3: the last code whose base is not above it (token.go lengthCodes). */
export const LENGTH_CODES: Uint8Array = Uint8Array.from({ length: 256 }, (_, xlength) => {
  let code = 0;
  while (code + 1 < LENGTH_BASE.length && LENGTH_BASE[code + 1]! <= xlength) code++;
  return code;
});

/** The offset code of each offset − 1 below 256 (token.go offsetCodes). */
const OFFSET_CODES: Uint8Array = Uint8Array.from({ length: 256 }, (_, off) => {
  let code = 0;
  while (OFFSET_BASE[code + 1]! <= off) code++;
  return code;
});

/** The offset code (0 to 29) of an offset − 1: token.go offsetCode, larger offsets by their high bits. */
export function offsetCode(off: number): number {
  if (off < 256) return OFFSET_CODES[off]!;
  if (off >> 7 < 256) return OFFSET_CODES[off >> 7]! + 14;
  return OFFSET_CODES[off >> 14]! + 28;
}
