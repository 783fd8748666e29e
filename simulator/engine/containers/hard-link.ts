import { posix } from 'node:path';
import type { FsEntry } from '../objects/index.js';
import { goQuote } from '../go-strconv.js';
import { walkIn } from './path-walk.js';
import { rootPath } from './root-path.js';
import { localName } from './untar-variants.js';

/** Where a hard link's target is (absolute in the container or rootfs) and how the link call names it. */
export type LinkTarget = { readonly path: string; readonly named: string };

/** Why a hard link stops before its link call: refused in Untar's words, or not modelled. */
export type LinkStop = { readonly refused: string } | { readonly unmodelled: string };

/**
 * The target of a hard link entry extracted at `dest` (observed 2026-12-07 on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2, for uploads and plugin rootfs alike): before 28.0 its link name joined to the
 * point in the chroot, refused where the join leaves the point (`invalid hardlink "/bin/busybox"
 * -> "../bin/busybox"`, a string prefix as moby checks it); from 28.0 relative to the os.Root at the
 * point, refused where the release checks names and it leads out (`invalid hardlink target
 * "../x"`), else its directory resolved in the root first (resolvedInRoot).
 */
export function hardLinkTarget(
  at: (path: string) => FsEntry | undefined,
  dest: string,
  linkname: string,
  older: boolean,
  checksNames: boolean,
): LinkTarget | LinkStop {
  if (older) {
    const path = posix.join(dest, linkname);
    return path.startsWith(dest) ? { path, named: path } : { refused: `invalid hardlink ${goQuote(path)} -> ${goQuote(linkname)}` };
  }
  const local = localName(linkname);
  if (checksNames && local === null) return { refused: `invalid hardlink target ${goQuote(linkname)}` };
  const resolved = resolvedInRoot(at, dest, local ?? linkname.replace(/^\/+/, ''));
  return 'relative' in resolved ? { path: posix.join(dest, resolved.relative), named: resolved.relative } : resolved;
}

/**
 * From 28.0 go-archive resolves a hard link's target directory in the root first, as a chroot
 * would (resolveArchivePath): a relative link out of it or a cycle fails there ("statat a: path
 * escapes from parent"), a missing or non-directory component is left to the link, which names the
 * target as written where its directory is there (links followed or not), else resolved ("linkat
 * d/a a" for `l/a` where l leads to a missing d).
 */
function resolvedInRoot(at: (path: string) => FsEntry | undefined, root: string, target: string): { readonly relative: string } | LinkStop {
  const dir = posix.dirname(target);
  if (dir === '.') return { relative: target };
  const walk = walkIn(at, root, dir, true);
  if (walk.kind === 'unknown') return { unmodelled: 'a hard link whose target has ".." after a missing name' };
  if (walk.kind === 'loop') return { refused: `statat ${dir}: too many levels of symbolic links` };
  // A directory there (through links or not), or a file on the way, leaves the name as written.
  if ((walk.kind === 'dir' && walk.missing.length === 0) || walk.kind === 'notDir') return { relative: target };
  const resolved = rootPath(at, root, dir);
  if ('error' in resolved) return { unmodelled: "a hard link whose target's directory the root cannot resolve" };
  if (walk.kind === 'escape' && (!resolved.absolute || resolved.relativeEscapeBeforeAbsolute)) return { refused: `statat ${dir}: path escapes from parent` };
  return { relative: posix.join(posix.relative(root, resolved.path), posix.basename(target)) };
}

/** link(2) of a directory: found once both paths are looked up. */
export const LINKS_NO_DIRECTORY = 'operation not permitted';

/**
 * The entry a link to `path` shares, looked up from `top` (the chroot's root before 28.0, the
 * os.Root from 28.0: its parent's links followed, not its own), or why there is none: at its
 * directory, or (`atFinal`) at its last name, which is missing or a directory.
 */
export function linkedEntry(
  at: (path: string) => FsEntry | undefined,
  top: string,
  path: string,
  inRoot: boolean,
): { readonly entry: FsEntry } | { readonly failed: string; readonly atFinal: boolean } {
  const walk = walkIn(at, top, posix.relative(top, posix.dirname(path)), inRoot);
  if (walk.kind === 'notDir') return { failed: 'not a directory', atFinal: false };
  if (walk.kind === 'loop') return { failed: 'too many levels of symbolic links', atFinal: false };
  if (walk.kind === 'escape') return { failed: 'path escapes from parent', atFinal: false };
  if (walk.kind === 'unknown' || walk.missing.length > 0) return { failed: 'no such file or directory', atFinal: false };
  const found = at(posix.join(walk.path, posix.basename(path)));
  if (found === undefined) return { failed: 'no such file or directory', atFinal: true };
  if (found.type === 'directory') return { failed: LINKS_NO_DIRECTORY, atFinal: true };
  return { entry: found };
}

/**
 * Whether a failure of the target's lookup comes before one of the new name's parent: before 28.0
 * link(2) looks all of the target up first (but whether it is a directory), from 28.0 os.Root's
 * Link resolves its directory first.
 */
export const failsBeforeParent = (failure: { readonly failed: string; readonly atFinal: boolean }, older: boolean): boolean =>
  older ? failure.failed !== LINKS_NO_DIRECTORY : !failure.atFinal;
