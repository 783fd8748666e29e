import { posix } from 'node:path';
import type { FsEntry } from '../objects/index.js';

/** Linux's limit of symlinks followed in one lookup (ELOOP past it); a cycle meets it. */
const MAX_LINKS = 40;

/**
 * Where a walk of a directory path, symlinks followed and confined to `top`, ends:
 * - `dir`: in the existing directory `path`, then the names in `missing` (none exists);
 *   `throughLink` when the first missing name came from a link's target (a dangling link);
 * - `notDir`: a component is no directory (`final` when it was the last to walk); `loop`: too many
 *   links; `unknown`: a ".." after a missing name; `escape`, with `inRoot` (os.Root's walk), at the
 *   first absolute link or ".." above `top`, which a chroot stays at instead; with `inRoot` too the
 *   walk ends at the first missing name.
 */
export type Walk =
  | { readonly kind: 'dir'; readonly path: string; readonly missing: readonly string[]; readonly throughLink: boolean }
  | { readonly kind: 'notDir'; readonly final: boolean }
  | { readonly kind: 'loop' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'escape' };

type Part = { readonly name: string; readonly viaLink: boolean };

/** Walks `relative` (components below `top`) as a chroot at `top` does, every component followed. */
export function walkIn(at: (path: string) => FsEntry | undefined, top: string, relative: string, inRoot = false): Walk {
  const parts = (text: string, viaLink: boolean): Part[] =>
    text
      .split('/')
      .filter((name) => name !== '' && name !== '.')
      .map((name) => ({ name, viaLink }));
  const queue = parts(relative, false);
  let cur = top;
  let links = 0;
  const missing: string[] = [];
  let throughLink = false;
  while (queue.length > 0) {
    const part = queue.shift()!;
    if (missing.length > 0) {
      if (part.name === '..') return { kind: 'unknown' };
      missing.push(part.name);
      continue;
    }
    if (part.name === '..') {
      if (cur !== top) cur = posix.dirname(cur);
      else if (inRoot) return { kind: 'escape' };
      continue;
    }
    const next = posix.join(cur, part.name);
    const entry = at(next);
    if (entry === undefined) {
      if (inRoot) return { kind: 'dir', path: cur, missing: [part.name], throughLink: part.viaLink };
      missing.push(part.name);
      throughLink = part.viaLink;
      continue;
    }
    if (entry.type === 'symlink') {
      if (++links > MAX_LINKS) return { kind: 'loop' };
      if (entry.linkname.startsWith('/')) {
        if (inRoot) return { kind: 'escape' };
        cur = top;
      }
      queue.unshift(...parts(entry.linkname, true));
      continue;
    }
    if (entry.type !== 'directory') return { kind: 'notDir', final: queue.length === 0 };
    cur = next;
  }
  return { kind: 'dir', path: cur, missing, throughLink: missing.length > 0 && throughLink };
}

/**
 * What a call that follows links (Chtimes) reaches at `relative` below `top` (a chroot's walk, or
 * with `inRoot` an os.Root's): the entry (null: something that is no directory, reached through a
 * link), errno's words, or a walk not modelled.
 */
export function reachedBy(
  at: (path: string) => FsEntry | undefined,
  top: string,
  relative: string,
  inRoot: boolean,
): { readonly reached: FsEntry | null } | { readonly failed: string } | { readonly unmodelled: string } {
  const direct = at(posix.join(top, relative));
  if (direct !== undefined && direct.type !== 'symlink') return { reached: direct };
  const walk = walkIn(at, top, relative, inRoot);
  if (walk.kind === 'loop') return { failed: 'too many levels of symbolic links' };
  if (walk.kind === 'escape') return { failed: 'path escapes from parent' };
  if (walk.kind === 'unknown') return { unmodelled: 'a walk through ".." after a missing name' };
  if (walk.kind === 'notDir') return walk.final ? { reached: null } : { failed: 'not a directory' };
  if (walk.missing.length > 0) return { failed: 'no such file or directory' };
  return { reached: at(walk.path) ?? null };
}
