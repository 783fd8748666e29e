/** What Go's archive/tar reader makes of a stream's opening: no entry, an entry, or its error in Go's words. */
export type TarOpening = { readonly kind: 'empty' } | { readonly kind: 'entries' } | { readonly kind: 'error'; readonly message: string };

/** A tar's block, and Go's archive/tar words for a stream cut short and for a block that is no header. */
export const BLOCK = 512;
export const UNEXPECTED_EOF = 'unexpected EOF';
export const INVALID_HEADER = 'archive/tar: invalid tar header';

export const isZero = (block: Buffer): boolean => block.every((byte) => byte === 0);

/** Go's parseOctal of the checksum field (spaces and NULs trimmed), or undefined when it is no octal number. */
function storedChecksum(block: Buffer): number | undefined {
  const text = block.toString('latin1', 148, 156).replace(/^[ \0]+|[ \0]+$/g, '');
  return /^[0-7]*$/.test(text) ? Number.parseInt(text || '0', 8) : undefined;
}

/** Go's header format check: the stored checksum matches the unsigned or the signed sum with the field as spaces. */
export function checksumMatches(block: Buffer): boolean {
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += byte;
    signed += byte < 128 ? byte : byte - 256;
  }
  const stored = storedChecksum(block);
  return stored === unsigned || stored === signed;
}

/**
 * Go's tar.Reader.Next on `body`, up to its first header: an empty stream or one that opens with
 * two zero blocks (or one and then nothing) holds no entry; a short block is io.ErrUnexpectedEOF;
 * a block whose checksum fails, or a zero block followed by another, is ErrHeader.
 */
export function tarOpening(body: Buffer): TarOpening {
  if (body.length === 0) return { kind: 'empty' };
  if (body.length < BLOCK) return { kind: 'error', message: UNEXPECTED_EOF };
  const first = body.subarray(0, BLOCK);
  if (!isZero(first)) return checksumMatches(first) ? { kind: 'entries' } : { kind: 'error', message: INVALID_HEADER };
  const rest = body.length - BLOCK;
  if (rest === 0) return { kind: 'empty' };
  if (rest < BLOCK) return { kind: 'error', message: UNEXPECTED_EOF };
  return isZero(body.subarray(BLOCK, 2 * BLOCK)) ? { kind: 'empty' } : { kind: 'error', message: INVALID_HEADER };
}
