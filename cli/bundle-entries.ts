import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, kindOf, raiseHint, readInputFile, type InputLimits } from '../common/index.js';

/**
 * What `verify` reads of a bundle, and how: the manifest is the only list of what a bundle holds.
 * Each file is read only when the manifest lists it, only as a regular file inside the bundle
 * (no symbolic link followed, on the way or at the end; no FIFO, device or directory opened for
 * reading) and within the limits of common/limits.ts. What else lies in the bundle is listed with
 * lstat, never opened.
 */

/** A name a manifest may list: relative, `/`-separated, with no empty, `.` or `..` segment, no backslash and no NUL. */
export function isInsideName(name: string): boolean {
  if (name.length === 0 || name.length > 1024 || /[\\\0]/.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The bundle's entries by relative name (`/`-separated) and kind, listed with lstat (links are entries, not followed). */
export interface BundleListing {
  readonly entries: ReadonlyMap<string, string>;
  /** The bundle holds more than `limits.bundleEntries` entries: the listing stopped there. */
  readonly overflow: boolean;
}

export async function listBundle(dir: string, limits: InputLimits): Promise<BundleListing> {
  const entries = new Map<string, string>();
  const walk = async (at: string, prefix: string): Promise<boolean> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      if (entries.size >= limits.bundleEntries) return false;
      const name = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      entries.set(name, kindOf(entry));
      if (entry.isDirectory() && !(await walk(join(at, entry.name), name))) return false;
    }
    return true;
  };
  const complete = await walk(dir, '');
  return { entries, overflow: !complete };
}

/**
 * The bytes of the bundle's file `name`: an InputError when the name leaves the bundle, when a
 * directory on its way or the file itself is a symbolic link, when it is not a regular file, or
 * when it is over the limit. INPUT_UNREADABLE with ENOENT: it is missing.
 */
export async function readBundleFile(dir: string, name: string, limits: InputLimits): Promise<Buffer> {
  if (!isInsideName(name)) throw new InputError('INPUT_NOT_REGULAR', 'not a path inside the bundle: not read');
  const segments = name.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const info = await lstat(join(dir, ...segments.slice(0, depth))).catch(() => undefined);
    if (info === undefined) throw new InputError('INPUT_UNREADABLE', `ENOENT: ${segments.slice(0, depth).join('/')} is missing`);
    if (info.isSymbolicLink()) throw new InputError('INPUT_LINK', `${segments.slice(0, depth).join('/')} is a symbolic link, which is not followed`);
    if (!info.isDirectory()) throw new InputError('INPUT_NOT_REGULAR', `${segments.slice(0, depth).join('/')} is ${kindOf(info)}, not a directory`);
  }
  return readInputFile(join(dir, ...segments), limits, { noFollow: true });
}

/** Whether a refusal of readBundleFile means the file is not there at all. */
export const isMissing = (error: unknown): boolean => error instanceof InputError && error.code === 'INPUT_UNREADABLE' && error.message.startsWith('ENOENT');

/** The refusal of a manifest that lists more entries than a bundle may hold. */
export const tooManyEntries = (count: number, limits: InputLimits): string =>
  `${count} entries, over the limit of ${limits.bundleEntries} (${raiseHint('bundleEntries')})`;
