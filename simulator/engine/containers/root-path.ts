import { posix } from 'node:path';
import type { FsEntry } from '../objects/index.js';
import { walkIn } from './path-walk.js';

/** How many links containerd's RootPath follows before it gives up ("too many links"). */
const MAX_ROOT_PATH_LINKS = 255;

/** RootPath's answer: the path in the container, and what its walk met; or its error's words. */
export type RootPath = { readonly path: string; readonly absolute: boolean; readonly relativeEscapeBeforeAbsolute: boolean } | { readonly error: string };

class RootPathError extends Error {}

/**
 * go-archive's resolveFSRootPath (containerd's fs.RootPath) of `path` below `root`, as a chroot at
 * `root` would resolve it, but lexically: a link's target replaces it as text, a ".." is taken
 * back by Join, and the whole path is walked again until no link is left. Each step lstats the
 * path as the kernel does in the daemon's root (`/` the container's), its errors named by it
 * ("lstat /bin/sh/a: not a directory", observed on 28.5.2 and 29.7.2). Absolute links, and a
 * relative one leaving the root before any absolute one, are noted (go-archive's resolveArchivePath
 * refuses an escape that only the latter explains).
 */
export function rootPath(at: (path: string) => FsEntry | undefined, root: string, path: string): RootPath {
  const state = { links: 0, absolute: false, relativeEscapeBeforeAbsolute: false };
  const lstat = (real: string): FsEntry | undefined => {
    const walk = walkIn(at, '/', posix.dirname(real));
    if (walk.kind === 'notDir') throw new RootPathError(`lstat ${real}: not a directory`);
    if (walk.kind === 'loop') throw new RootPathError(`lstat ${real}: too many levels of symbolic links`);
    if (walk.kind !== 'dir' || walk.missing.length > 0) return undefined;
    return at(posix.join(walk.path, posix.basename(real)));
  };
  /** One name: the link's target where it is one. */
  const walkLink = (name: string): [string, boolean] => {
    if (state.links > MAX_ROOT_PATH_LINKS) throw new RootPathError('too many links');
    const rooted = posix.join('/', name);
    if (rooted === '/') return [rooted, false];
    const entry = lstat(posix.join(root, rooted));
    if (entry?.type !== 'symlink') return [rooted, false];
    if (entry.linkname.startsWith('/')) state.absolute = true;
    else if (!state.absolute && !isLocal(posix.join(posix.relative('/', posix.dirname(rooted)) || '.', entry.linkname)))
      state.relativeEscapeBeforeAbsolute = true;
    state.links++;
    return [entry.linkname, true];
  };
  const walkLinks = (text: string): string => {
    const cut = text.lastIndexOf('/') + 1;
    const [dir, file] = [text.slice(0, cut), text.slice(cut)];
    if (dir === '') return walkLink(file)[0];
    if (file === '') return dir === '/' ? dir : walkLinks(dir.slice(0, -1));
    const newDir = walkLinks(dir);
    const [next, isLink] = walkLink(posix.join(newDir, file));
    return !isLink || next.startsWith('/') ? next : posix.join(newDir, next);
  };
  try {
    let current = path;
    for (;;) {
      const before = state.links;
      const next = walkLinks(current);
      if (before === state.links) {
        const rooted = posix.join('/', next);
        if (rooted === next)
          return { path: posix.join(root, rooted), absolute: state.absolute, relativeEscapeBeforeAbsolute: state.relativeEscapeBeforeAbsolute };
        current = rooted;
      } else current = next;
    }
  } catch (error) {
    if (error instanceof RootPathError) return { error: error.message };
    throw error;
  }
}

/** Go's filepath.IsLocal of a cleaned relative path: not empty, not absolute, not leaving by "..". */
const isLocal = (path: string): boolean => path !== '' && path !== '..' && !path.startsWith('../') && !path.startsWith('/');
