import { posix } from 'node:path';
import type { FsEntry } from '../objects/index.js';
import { walkIn } from './path-walk.js';
import { rootPath } from './root-path.js';

/**
 * Why making an entry failed: errno's words, and what said it: the create (open, mkdir, symlink),
 * go-archive's Stat of its parent, or a whole message (`said`: MkdirAll's, resolveFSRootPath's).
 */
export type EntryFailure = { readonly failed: string; readonly by: 'create' | 'stat'; readonly name?: string } | { readonly said: string };

/**
 * Where an entry named `relative` below the extraction point `dest` is made: in the existing
 * directory `dir`, below the `missing` directories its extraction makes; or its failure; or what
 * ctrd-sim does not model. Observed 2026-12-06 with entries below files, links to directories,
 * files, missing paths, absolute, relative and leading out by "..", and link cycles:
 * - before 28.0 (chrootarchive: Untar in a process chroot'ed to the container's root) the kernel
 *   resolves the path from the container's root, so an absolute link or a ".." above it stays in
 *   the root; missing parents are made (MkdirAll) only where the entry's parent does not exist: a
 *   dangling link as the parent fails the create ("open /l1/x: no such file or directory", 20.10.24;
 *   26.1.5 answers 404 "Could not find the file / in container …", unmodelled here); a file above
 *   fails it with "not a directory", a cycle with "too many levels of symbolic links";
 * - from 28.0 (go-archive's os.Root at the point, observed on 28.5.2 and 29.7.2) the parent is
 *   Stat'ed in the root: a ".." above the point is "statat l1: path escapes from parent", a file
 *   in the middle "statat hostname/a: not a directory", a cycle ELOOP; a parent that is missing or
 *   escapes by an absolute link is resolved as a chroot at the point would (resolveArchivePath:
 *   `/bin/l1 -> /etc` writes /bin/etc/x) and its missing directories made, a dangling link's target
 *   too; a parent that is a file fails the create ("openat hostname/x: not a directory").
 */
export function entryParent(
  at: (path: string) => FsEntry | undefined,
  dest: string,
  relative: string,
  older: boolean,
): { readonly dir: string; readonly missing: readonly string[]; readonly renamed?: true } | EntryFailure | { readonly unmodelled: string } {
  if (older) {
    const parent = posix.dirname(posix.join(dest, relative));
    const walk = walkIn(at, '/', parent);
    if (walk.kind === 'notDir') return { failed: 'not a directory', by: 'create' };
    if (walk.kind === 'loop') return { failed: 'too many levels of symbolic links', by: 'create' };
    if (walk.kind === 'unknown' || walk.kind === 'escape') return { unmodelled: 'an entry below a link whose target has ".." after a missing name' };
    if (walk.missing.length === 0 || !walk.throughLink) return { dir: walk.path, missing: walk.missing };
    // The parent exists (Lstat: a dangling link), so nothing is made and the create fails.
    if (danglingPrefix(at, parent) === parent) return { failed: 'no such file or directory', by: 'create' };
    // MkdirAll meets the dangling link above it: Mkdir's EEXIST, the link no directory.
    return { said: `mkdir ${danglingPrefix(at, parent)}: file exists` };
  }
  const parent = posix.dirname(relative);
  if (parent === '.') return { dir: dest, missing: [] };
  const stat = walkIn(at, dest, parent, true);
  if (stat.kind === 'dir' && stat.missing.length === 0) return { dir: stat.path, missing: [] };
  if (stat.kind === 'notDir') return stat.final ? { failed: 'not a directory', by: 'create' } : { failed: 'not a directory', by: 'stat' };
  if (stat.kind === 'loop') return { failed: 'too many levels of symbolic links', by: 'stat' };
  if (stat.kind === 'unknown') return { unmodelled: 'an entry below a link whose target has ".." after a missing name' };
  // Missing or escaping: resolved as a chroot at the point would (resolveArchivePath).
  const resolved = rootPath(at, dest, parent);
  if ('error' in resolved) return { said: resolved.error };
  if (stat.kind === 'escape' && (!resolved.absolute || resolved.relativeEscapeBeforeAbsolute)) return { failed: 'path escapes from parent', by: 'stat' };
  const place = walkIn(at, dest, posix.relative(dest, resolved.path));
  // go-archive goes on with the entry renamed to its resolved path, which its calls then name.
  if (place.kind === 'dir') return { dir: place.path, missing: place.missing, renamed: true };
  // The name Untar goes on with, below a file: its create fails.
  if (place.kind === 'notDir' && place.final)
    return { failed: 'not a directory', by: 'create', name: posix.join(posix.relative(dest, resolved.path), posix.basename(relative)) };
  return { unmodelled: 'an entry whose resolved parent leads through a file or link' };
}

/** The shortest leading part of `path` that leads nowhere: a dangling link where its name is one. */
export function danglingPrefix(at: (path: string) => FsEntry | undefined, path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  for (let i = 1; i < parts.length; i++) {
    const prefix = `/${parts.slice(0, i).join('/')}`;
    const walk = walkIn(at, '/', prefix);
    if (walk.kind === 'dir' && walk.missing.length > 0) return prefix;
  }
  return path;
}
