import { constants } from 'node:fs';
import { access, mkdir, open, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../common/input-error.js';
import { UsageError } from './usage-error.js';

/**
 * Outputs are proven writable before the run starts: a run can take half an hour, and its results
 * must not be lost because the report directory or a file beside it cannot be written. Permission
 * bits prove little (root passes every access(), /dev/full accepts the open and refuses the
 * write), so each check writes a byte where the output will go.
 */

/** `mkdir -p` one level at a time: node's recursive mkdir loops for ever under /proc (`--out /proc/x`). */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    const found = await stat(at).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        return false;
      },
    );
    if (found || dirname(at) === at) break;
    missing.unshift(at);
  }
  for (const level of missing) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** Writes one byte into a new file in `dir` and removes it: the proof that a file can be written there. */
async function probeDir(dir: string): Promise<void> {
  const probe = join(dir, `.ctc-probe-${process.pid}-${Date.now()}`);
  try {
    await writeFile(probe, '\n', { flag: 'wx' });
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * Writes one newline into an output that is not a regular file (a device, a FIFO): the only proof
 * that it takes bytes. Both outputs are JSON, which a leading newline leaves valid. A FIFO with no
 * reader is refused at once rather than waited on.
 */
async function probeSpecial(file: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    await handle.write('\n');
  } finally {
    await handle.close();
  }
}

export async function checkOutputDir(flag: string, dir: string): Promise<void> {
  try {
    await makeDirs(dir);
    const info = await stat(dir);
    if (!info.isDirectory()) throw new Error('not a directory');
    await probeDir(dir);
  } catch (error) {
    throw new UsageError(`${flag} ${dir}: cannot write a report there (${reason(error)})`);
  }
}

/** A file the run will write: proven by a byte written beside it (or into it, when it is a device or a FIFO). */
export async function checkOutputFile(flag: string, file: string): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory() === true) throw new UsageError(`${flag} ${file}: is a directory, not a file`);
  if (existing !== undefined && !existing.isFile()) {
    await probeSpecial(file).catch((error: unknown) => {
      throw new UsageError(`${flag} ${file}: cannot write it (${reason(error)})`);
    });
    return;
  }
  const dir = dirname(existing === undefined ? resolve(file) : await realpath(file));
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw new Error(`${dir} is not a directory`);
    await probeDir(dir);
  } catch (error) {
    throw new UsageError(`${flag} ${file}: cannot write there (${reason(error)})`);
  }
  if (existing !== undefined) {
    await access(file, constants.W_OK).catch((error: unknown) => {
      throw new UsageError(`${flag} ${file}: cannot write it (${reason(error)})`);
    });
  }
}

/**
 * Writes an output the run produced: a regular file (or a new one) through a temporary file
 * renamed over it, so a failed write never leaves half a file; a device or FIFO directly.
 */
export async function writeOutputFile(file: string, data: string | Uint8Array): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    // A FIFO whose reader went away would block the open for ever: refused (ENXIO) instead.
    if (existing.isFIFO()) await (await open(file, constants.O_WRONLY | constants.O_NONBLOCK)).close();
    return writeFile(file, data);
  }
  const path = existing === undefined ? resolve(file) : await realpath(file);
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export const reason = (error: unknown): string => {
  // An input refused by its kind or size says so in words of its own (its code is no errno).
  if (error instanceof InputError) return error.message;
  const e = error as NodeJS.ErrnoException;
  return e.code === undefined ? (e.message ?? String(error)) : `${e.code}: ${e.message.replace(/^\w+: /, '')}`;
};
