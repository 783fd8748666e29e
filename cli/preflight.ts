import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

/**
 * Outputs are checked before the run starts: a run can take half an hour, and its results must
 * not be lost because the report directory or a file beside it cannot be written.
 */
export async function checkOutputDir(flag: string, dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const info = await stat(dir);
    if (!info.isDirectory()) throw new Error('not a directory');
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new UsageError(`${flag} ${dir}: cannot write a report there (${reason(error)})`);
  }
}

/** A file the run will write: its directory must exist and be writable, and the file, if there, be a writable file. */
export async function checkOutputFile(flag: string, file: string): Promise<void> {
  const dir = dirname(resolve(file));
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw new Error(`${dir} is not a directory`);
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new UsageError(`${flag} ${file}: cannot write there (${reason(error)})`);
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing === undefined) return;
  if (existing.isDirectory()) throw new UsageError(`${flag} ${file}: is a directory, not a file`);
  await access(file, constants.W_OK).catch((error: unknown) => {
    throw new UsageError(`${flag} ${file}: cannot write it (${reason(error)})`);
  });
}

const reason = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  return e.code === undefined ? (e.message ?? String(error)) : `${e.code}: ${e.message.replace(/^\w+: /, '')}`;
};
