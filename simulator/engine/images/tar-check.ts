/**
 * How Go's archive/tar reads an archive's block structure, for the error it stops at: a block
 * cut short (`unexpected EOF`), a header whose checksum does not hold (`archive/tar: invalid tar
 * header`), or none (the archive ends cleanly: no data, or the zero blocks of its end).
 */
export type GoTarProblem = 'unexpected EOF' | 'archive/tar: invalid tar header';

const BLOCK = 512;

/** Type flags '1' to '6': hard and symbolic links, character and block devices, directories, fifos. */
const HEADER_ONLY = new Set([0x31, 0x32, 0x33, 0x34, 0x35, 0x36]);

const isZero = (block: Buffer): boolean => block.every((byte) => byte === 0);

/** An octal field as Go's parseOctal reads it (spaces and NULs trimmed); null when it is no number. */
function octal(field: Buffer): number | null {
  const text = field.toString('latin1').replace(/^[ \0]+|[ \0]+$/g, '');
  if (text === '') return 0;
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : null;
}

/** A numeric field in octal or, with its top bit set, in base-256 (GNU). */
function numeric(field: Buffer): number | null {
  if ((field[0]! & 0x80) === 0) return octal(field);
  let value = field[0]! & 0x7f;
  for (const byte of field.subarray(1)) value = value * 256 + byte;
  return value;
}

/** Whether the header's checksum field holds the sum of its bytes (the field counted as spaces), unsigned or signed. */
function checksumHolds(block: Buffer): boolean {
  const stored = octal(block.subarray(148, 156));
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

/** The error Go's tar reader stops at in `archive`, or null when it reads to a clean end. */
export function goTarProblem(archive: Buffer): GoTarProblem | null {
  let at = 0;
  for (;;) {
    const left = archive.length - at;
    if (left === 0) return null;
    if (left < BLOCK) return 'unexpected EOF';
    const block = archive.subarray(at, at + BLOCK);
    at += BLOCK;
    if (isZero(block)) {
      // The end is two zero blocks; a lone one at the very end is taken too.
      const rest = archive.length - at;
      if (rest === 0) return null;
      if (rest < BLOCK) return 'unexpected EOF';
      return isZero(archive.subarray(at, at + BLOCK)) ? null : 'archive/tar: invalid tar header';
    }
    if (!checksumHolds(block)) return 'archive/tar: invalid tar header';
    const size = numeric(block.subarray(124, 136));
    if (size === null) return 'archive/tar: invalid tar header';
    // Links, devices, directories and fifos carry no data whatever their size field says.
    const data = HEADER_ONLY.has(block[156]!) ? 0 : size;
    // Data cut short is unexpected EOF; padding cut short ends the archive (Go's tryReadFull gives io.EOF).
    if (archive.length - at < data) return 'unexpected EOF';
    const padded = Math.ceil(data / BLOCK) * BLOCK;
    if (archive.length - at < padded) return null;
    at += padded;
  }
}
