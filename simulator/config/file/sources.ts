import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { SimError } from '../../errors.js';

/** What the outside world contributes to a configuration; parameters so tests can pass their own. */
export interface ConfigSources {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The text of a file, or null when there is none at that path. Throws SimError when it cannot be read. */
  readonly readFile: (path: string) => string | null;
  /** The bytes of a file (the configuration file is checked for UTF-8); falls back on readFile. */
  readonly readFileBytes?: (path: string) => Buffer | null;
}

/**
 * Most bytes read from a configuration or faults file. dockerd has no limit: given
 * `--config-file /dev/zero` 20.10, 26.1 and 28.5 read forever at 100% CPU while their memory grows
 * past 1.5 GB (observed). The simulator stops at this size instead.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const CHUNK = 64 * 1024;

/**
 * Reads a file the way the daemon reads its configuration, minus the ways that hang: the file is
 * opened non-blocking (a FIFO with no writer would block the open forever), FIFOs and sockets are
 * refused, and at most `limit` bytes are read (a character device such as /dev/zero never ends).
 * Regular files whose size the kernel reports as 0 (/proc/self/status) are read to their end;
 * /dev/null reads as empty, which 26.1 and 28.5 accept as an empty configuration (observed).
 */
export function readFileCapped(path: string, limit: number = MAX_FILE_BYTES): string | null {
  return readBytesCapped(path, limit)?.toString('utf8') ?? null;
}

/** readFileCapped's bytes, undecoded. */
export function readBytesCapped(path: string, limit: number = MAX_FILE_BYTES): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SimError('SIM_CONFIG', `open ${path}: ${reason(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new SimError('SIM_CONFIG', `read ${path}: is a directory`);
    if (stat.isFIFO() || stat.isSocket()) throw new SimError('SIM_CONFIG', `read ${path}: not a regular file`);
    const chunks: Buffer[] = [];
    let total = 0;
    // A regular file is read into a buffer of its size and one byte more, where its end shows: one
    // small buffer for the usual configuration file. A file that reports no size (/proc) or grows
    // goes on in chunks.
    let chunk = Buffer.allocUnsafe(stat.isFile() && stat.size > 0 ? Math.min(stat.size, limit) + 1 : CHUNK);
    let filled = 0;
    for (;;) {
      if (filled === chunk.length) {
        chunks.push(chunk);
        chunk = Buffer.allocUnsafe(CHUNK);
        filled = 0;
      }
      let read: number;
      try {
        read = readSync(fd, chunk, filled, chunk.length - filled, null);
      } catch (error) {
        throw new SimError('SIM_CONFIG', `read ${path}: ${reason(error)}`);
      }
      if (read === 0) break;
      filled += read;
      total += read;
      if (total > limit) throw new SimError('SIM_CONFIG', `read ${path}: larger than ${limit} bytes`);
    }
    chunks.push(chunk.subarray(0, filled));
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EAGAIN') return 'resource temporarily unavailable';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
}

/** The real environment and file system. */
export const processSources = (): ConfigSources => ({
  env: process.env,
  readFile: (path) => readFileCapped(path),
  readFileBytes: (path) => readBytesCapped(path),
});
