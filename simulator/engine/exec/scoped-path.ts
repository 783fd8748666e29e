import { posix } from 'node:path';
import { cleanPath } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';

/**
 * moby/sys/symlink's FollowSymlinkInScope, as container.GetResourcePath calls it on a path of a
 * running container's root (`root`: the directory the daemon mounted it on): every symlink on the
 * way followed inside the root, a component that does not exist taken as it is, any other failure
 * of lstat an error in the kernel's words. Observed on 28.5.2 and 29.7.2: a self-link gives
 * "evalSymlinksInScope: too many links in <root>/etc/passwd", a link through a file
 * "lstat <root>/bin/busybox/x: not a directory".
 */

/** moby/sys/symlink's bound on the steps (components and links alike). */
const MAX_STEPS = 255;
const NAME_MAX = 255;
const PATH_MAX = 4096;

type Lstat = { readonly found: 'missing' | 'other' } | { readonly found: 'symlink'; readonly target: string } | { readonly error: string };

/** lstat(2) of a clean path of the container as the kernel walks it (`full`: the same path from the host's root). */
function lstat(fs: LayerFilesystem, path: string, full: string): Lstat {
  if (Buffer.byteLength(full) >= PATH_MAX) return { error: 'file name too long' };
  let walked = '/';
  for (const part of path.split('/').filter((p) => p !== '')) {
    const dir = fs.lookup(walked, true);
    if (dir === undefined) return { found: 'missing' };
    if (dir.type !== 'directory') return { error: 'not a directory' };
    if (Buffer.byteLength(part) > NAME_MAX) return { error: 'file name too long' };
    walked = posix.join(walked, part);
  }
  const entry = fs.lookup(walked, false);
  if (entry === undefined) return { found: 'missing' };
  return entry.type === 'symlink' ? { found: 'symlink', target: entry.linkname } : { found: 'other' };
}

/** `path` (clean, absolute) resolved inside the root, or the error moby answers with. */
export function followSymlinkInScope(fs: LayerFilesystem, root: string, path: string): { readonly path: string } | { readonly error: string } {
  let rest = path;
  // The components taken so far, each followed by a slash (Go's bytes.Buffer b).
  let taken = '';
  for (let steps = 0; rest !== ''; steps++) {
    if (steps > MAX_STEPS) return { error: `evalSymlinksInScope: too many links in ${root}${path}` };
    const slash = rest.indexOf('/');
    const part = slash < 0 ? rest : rest.slice(0, slash);
    rest = slash < 0 ? '' : rest.slice(slash + 1);
    if (part === '') continue;
    const clean = cleanPath(taken + part);
    if (clean === '/') {
      taken = '';
      continue;
    }
    const full = `${root}${clean}`;
    const found = lstat(fs, clean, full);
    if ('error' in found) return { error: `lstat ${full}: ${found.error}` };
    if (found.found !== 'symlink') {
      taken += `${part}/`;
      continue;
    }
    if (found.target.startsWith('/')) taken = '';
    rest = `${found.target}/${rest}`;
  }
  return { path: cleanPath(taken) };
}
