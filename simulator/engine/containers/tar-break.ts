import { META_FLAGS, numberField } from '../objects/index.js';
import { BLOCK, checksumMatches, INVALID_HEADER, isZero, UNEXPECTED_EOF } from './tar-opening.js';

/** The type flags of regular files, whose data Untar copies into the file it has made. */
const FILE_FLAGS = new Set(['0', '\0']);

/**
 * What Untar extracts of a stream whose first header is sound (tar-opening.ts judges the first)
 * but which does not end as a tar does, as a tar that does (`tar`), and the error it then answers
 * (`failure`). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07):
 * - a header cut short is io.ErrUnexpectedEOF, one whose checksum fails, or a zero block followed
 *   by one that is not, ErrHeader: after the entries before it;
 * - the data of an entry that is no regular file (Untar reads none of it), or an entry's padding,
 *   cut short by the stream's end is an end like any other;
 * - a regular file's data cut short: the file is made with the data there is (`lastCut`), then
 *   io.ErrUnexpectedEOF.
 * Null when the stream ends as a tar may; `unmodelled` where a PAX or long-name header's data is cut.
 */
export type TarBreak = { readonly tar: Buffer; readonly failure: string | null; readonly lastCut: boolean } | { readonly unmodelled: string };

/** `header` with its size field set to `size` and its checksum written again. */
function withSize(header: Buffer, size: number): Buffer {
  const block = Buffer.from(header);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** `parts` as a tar: each padded to a block, then two zero blocks. */
function closed(...parts: readonly Buffer[]): Buffer {
  const padded = parts.map((part) => Buffer.concat([part, Buffer.alloc((BLOCK - (part.length % BLOCK)) % BLOCK)]));
  return Buffer.concat([...padded, Buffer.alloc(2 * BLOCK)]);
}

export function tarBreak(body: Buffer): TarBreak | null {
  /** The stream up to `end` (whole entries and the headers before the break), closed. */
  const upTo = (end: number, failure: string | null): TarBreak => ({ tar: closed(body.subarray(0, end)), failure, lastCut: false });
  let at = 0;
  // Where the last whole entry's data ends: a failure keeps what comes before (PAX headers read for a later entry aside).
  let whole = 0;
  for (;;) {
    if (at === body.length) return null;
    if (body.length - at < BLOCK) return upTo(whole, UNEXPECTED_EOF);
    const block = body.subarray(at, at + BLOCK);
    if (isZero(block)) {
      const next = at + BLOCK;
      if (next === body.length) return null;
      if (body.length - next < BLOCK) return upTo(whole, UNEXPECTED_EOF);
      return isZero(body.subarray(next, next + BLOCK)) ? null : upTo(whole, INVALID_HEADER);
    }
    if (!checksumMatches(block)) return upTo(whole, INVALID_HEADER);
    const flag = String.fromCharCode(block[156]!);
    const size = numberField(block, 124, 136);
    const dataEnd = at + BLOCK + size;
    if (dataEnd > body.length) {
      if (META_FLAGS.has(flag)) return { unmodelled: "a tar whose PAX or long-name header's data ends early" };
      const there = body.subarray(at + BLOCK);
      if (FILE_FLAGS.has(flag)) return { tar: closed(body.subarray(0, at), withSize(block, there.length), there), failure: UNEXPECTED_EOF, lastCut: true };
      return { tar: closed(body.subarray(0, at), withSize(block, 0)), failure: null, lastCut: false };
    }
    const padded = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (padded > body.length) return upTo(dataEnd, null);
    if (!META_FLAGS.has(flag)) whole = dataEnd;
    at = padded;
  }
}
