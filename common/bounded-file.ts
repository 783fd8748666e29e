import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { InputError } from './input-error.js';
import { raiseHint, type InputLimits } from './limits.js';

/** What a file is, in words, as a refusal says it. */
export function kindOf(info: Pick<Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a directory';
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

export interface ReadOptions {
  /** Refuse a symbolic link instead of following it (O_NOFOLLOW). */
  readonly noFollow?: boolean;
}

/**
 * The flags a file from outside is opened with: O_NONBLOCK, so that opening a FIFO with no writer
 * returns at once (it is then refused by its type) instead of waiting for ever, in a thread that
 * even process.exit would wait for.
 */
const flagsOf = (options: ReadOptions): number => constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow === true ? constants.O_NOFOLLOW : 0);

function refusalOfOpen(error: unknown, options: ReadOptions): InputError {
  const e = error as NodeJS.ErrnoException;
  if (options.noFollow === true && e.code === 'ELOOP') return new InputError('INPUT_LINK', 'a symbolic link, which is not followed');
  return new InputError('INPUT_UNREADABLE', e.code === undefined ? String(e.message) : `${e.code}: ${e.message.replace(/^\w+: /, '')}`);
}

function checkOpened(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new InputError('INPUT_NOT_REGULAR', `${kindOf(info)}, not a regular file: not read`);
  if (info.size > maxBytes) throw tooLarge(info.size, maxBytes);
}

const tooLarge = (size: number | string, maxBytes: number): InputError =>
  new InputError('INPUT_TOO_LARGE', `${size} bytes, over the limit of ${maxBytes} bytes per file (${raiseHint('fileBytes')}, in MiB)`);

/**
 * The buffer for the next read: what the file says is left (64 KiB at least, for a file that grows
 * or a size of 0), never more than one byte past the limit; with `total` already past it, refused.
 */
function nextChunk(size: number, total: number, limit: number): Buffer {
  const length = Math.min(Math.max(size - total, 64 * 1024), limit + 1 - total);
  if (length === 0) throw tooLarge(`more than ${limit}`, limit);
  return Buffer.allocUnsafe(length);
}

/** A regular file's bytes, at most `limits.fileBytes` of them; anything else (a FIFO, a device, a directory, a larger file) an InputError. */
export function readInputFileSync(path: string, limits: InputLimits, options: ReadOptions = {}): Buffer {
  let fd: number;
  try {
    fd = openSync(path, flagsOf(options));
  } catch (error) {
    throw refusalOfOpen(error, options);
  }
  try {
    const info = fstatSync(fd);
    checkOpened(info, limits.fileBytes);
    // Read to the end, one byte past the limit at most: a file that grows while read is caught too.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = nextChunk(info.size, total, limits.fileBytes);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refusalOfOpen(error, options);
  } finally {
    closeSync(fd);
  }
}

/** The async form of readInputFileSync, same checks, same errors. */
export async function readInputFile(path: string, limits: InputLimits, options: ReadOptions = {}): Promise<Buffer> {
  const handle = await open(path, flagsOf(options)).catch((error: unknown) => {
    throw refusalOfOpen(error, options);
  });
  try {
    const info = await handle.stat();
    checkOpened(info, limits.fileBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = nextChunk(info.size, total, limits.fileBytes);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refusalOfOpen(error, options);
  } finally {
    await handle.close();
  }
}

/** `bytes` inflated, at most `limits.inflatedBytes` of them (zlib stops there: a gzip bomb never fills memory). */
export function inflateBounded(bytes: Uint8Array, limits: InputLimits): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: limits.inflatedBytes });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw new InputError(
        'INPUT_INFLATED_TOO_LARGE',
        `inflates to more than ${limits.inflatedBytes} bytes, over the limit (${raiseHint('inflatedBytes')}, in MiB)`,
      );
    throw new InputError('INPUT_NOT_GZIP', `not gzip (${e.code ?? e.message})`);
  }
}
