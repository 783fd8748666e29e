import { posix } from 'node:path';
import type { FsEntry } from './tar-entries.js';

/** A layer's whiteout of `<name>` is an entry `.wh.<name>` (the OCI image layout's and overlay2's diff). */
export const WHITEOUT_PREFIX = '.wh.';
/** An opaque directory's marker: what the layers below hold in it is hidden. */
export const OPAQUE_MARKER = '.wh..wh..opq';

/** Overlay's whiteout in an upper directory: a character device 0/0 (what a layer's `.wh.<name>` becomes when applied). */
export const isWhiteout = (entry: FsEntry): boolean => entry.type === 'char' && (entry.devmajor ?? 0) === 0 && (entry.devminor ?? 0) === 0;

/** The whiteout of `path`, made at `mtime`. */
export const whiteoutAt = (path: string, mtime: Date): FsEntry => ({ path, type: 'char', size: 0, mode: 0, mtime, linkname: '', content: Buffer.alloc(0) });

const isBelow = (path: string, dir: string): boolean => path.startsWith(dir === '/' ? '/' : `${dir}/`) && path !== dir;

/**
 * The entries of `lower` with `upper` over them, as overlay merges a container's own layer and as
 * an image's layer applies: an entry replaces what was at its path; one that is no directory, or a
 * directory marked opaque, hides what the layers below held under it; a whiteout `.wh.<name>`
 * removes `<name>` and `.wh..wh..opq` what its directory held from below, as overlay's whiteout
 * device does. The markers themselves are no entries.
 */
export function overlaid(lower: readonly FsEntry[], upper: readonly FsEntry[]): FsEntry[] {
  const byPath = new Map(lower.map((entry) => [entry.path, entry]));
  const fromUpper = new Set<string>();
  const hideBelow = (dir: string, itself: boolean): void => {
    for (const path of [...byPath.keys()]) if (!fromUpper.has(path) && (isBelow(path, dir) || (itself && path === dir))) byPath.delete(path);
  };
  for (const entry of upper) {
    const name = posix.basename(entry.path);
    const dir = posix.dirname(entry.path);
    if (name === OPAQUE_MARKER) hideBelow(dir, false);
    else if (name.startsWith(WHITEOUT_PREFIX)) hideBelow(posix.join(dir, name.slice(WHITEOUT_PREFIX.length)), true);
    else if (isWhiteout(entry)) hideBelow(entry.path, true);
    else {
      // Only a directory below can hold anything.
      if (byPath.get(entry.path)?.type === 'directory' && (entry.type !== 'directory' || entry.opaque === true)) hideBelow(entry.path, false);
      byPath.set(entry.path, entry);
      fromUpper.add(entry.path);
    }
  }
  return [...byPath.values()];
}
