import type { Route } from '../../http/route.js';
import { posix } from 'node:path';
import { isWhiteout, OPAQUE_MARKER, ownerOf, rdevOf, WHITEOUT_PREFIX, type Container, type FsEntry } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { statSize, type LayerFilesystem } from '../objects/filesystem.js';
import { releaseBelow, sendJson } from '../replies.js';
import { lowerFilesystem, ownEntries } from './container-fs.js';
import { containerOr404 } from './routes.js';

/** moby's archive.ChangeType: a path changed (0), added (1) or deleted (2) by the container's own layer. */
const MODIFIED = 0;
const ADDED = 1;
const DELETED = 2;

/**
 * Whether the changes take an entry for a directory: before 28.0 moby's FileInfo tests its mode's
 * S_IFDIR bit, which a block device's type (S_IFBLK, 060000) holds too (observed on 20.10.24 and
 * 26.1.5: a block device over /etc lists what /etc held as deleted); go-archive (28.0) no longer
 * does (observed on 28.5.2 and 29.7.2: only /etc, modified).
 */
const dirLike = (entry: FsEntry, blockIsDir: boolean): boolean => entry.type === 'directory' || (blockIsDir && entry.type === 'block');
const BLOCK_IS_DIR_UNTIL = '28.0';
const blockIsDirIn = (x: Exchange): boolean => releaseBelow(x, BLOCK_IS_DIR_UNTIL);

/**
 * Whether an entry of the container's own layer differs from the one below it (moby's
 * statDifferent): its type, mode, owner or device numbers; for what is no directory also its size or time (a directory's
 * are no measure of change, moby#9874).
 */
function differs(entry: FsEntry, below: FsEntry, blockIsDir: boolean): boolean {
  if (entry.type !== below.type || entry.mode !== below.mode) return true;
  if (ownerOf(entry).uid !== ownerOf(below).uid || ownerOf(entry).gid !== ownerOf(below).gid) return true;
  if (rdevOf(entry).join(',') !== rdevOf(below).join(',')) return true;
  if (dirLike(entry, blockIsDir)) return false;
  return statSize(entry) !== statSize(below) || entry.mtime.getTime() !== below.mtime.getTime();
}

/**
 * The changes of the container's own layer: what is not below is added, what differs is modified,
 * and every directory above a change is modified too (moby's addChanges: "to properly save and
 * restore filesystem permissions"); a directory only copied up, or given the same mode, is none.
 */
function changesOf(own: readonly FsEntry[], lower: LayerFilesystem, blockIsDir: boolean): Map<string, number> {
  const kinds = new Map<string, number>();
  const owned = new Set(own.map((entry) => entry.path));
  for (const entry of own) {
    if (entry.path === '/') continue;
    const below = lower.at(entry.path);
    if (isWhiteout(entry)) {
      if (below !== undefined) kinds.set(entry.path, DELETED);
      continue;
    }
    if (below === undefined) kinds.set(entry.path, ADDED);
    else if (differs(entry, below, blockIsDir)) kinds.set(entry.path, MODIFIED);
    // An opaque directory (or a block device: dirLike) over a directory below: what that held directly and the own layer does not is deleted (not what lies deeper).
    if ((entry.opaque === true || (blockIsDir && entry.type === 'block')) && below?.type === 'directory')
      for (const child of lower.entries())
        if (posix.dirname(child.path) === entry.path && child.path !== '/' && !owned.has(child.path)) kinds.set(child.path, DELETED);
  }
  for (const path of [...kinds.keys()])
    for (let dir = posix.dirname(path); dir !== '/'; dir = posix.dirname(dir)) if (!kinds.has(dir)) kinds.set(dir, MODIFIED);
  return kinds;
}

/**
 * The entries of the container's own layer that are changes (changesOf), in path order: what
 * containerd's differ writes for a commit (continuity's double walk compares a directory by its
 * mode and owner alone, and its change writer adds the parents of what changed; observed on 29.7.2).
 */
export function changedEntries(x: Exchange, container: Container): FsEntry[] {
  const own = ownEntries(x, container);
  const kinds = changesOf(own, lowerFilesystem(container), blockIsDirIn(x));
  const deleted = [...kinds].filter(([, kind]) => kind === DELETED).map(([path]) => whiteoutOf(path));
  // A changed file's other hard links go with it, unchanged or not (observed on 29.7.2: a new link to /bin/sh carries /bin/sh).
  const linked = new Set(own.filter((entry) => kinds.has(entry.path) && entry.inode !== undefined).map((entry) => entry.inode));
  const inDiff = (entry: FsEntry): boolean => (kinds.has(entry.path) || linked.has(entry.inode)) && !isWhiteout(entry);
  return [...own.filter(inDiff).map(asLayerEntry), ...deleted].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * An entry as a layer's tar holds it: a directory's opaqueness is the layer's markers' (whiteouts or
 * `.wh..wh..opq`), and what was copied up, or a directory overlay marked impure, is a plain entry there.
 */
export const asLayerEntry = ({ opaque: _opaque, copiedUp: _copiedUp, impure: _impure, ...entry }: FsEntry): FsEntry => entry;

/** The whiteout a layer writes for a deleted path: an empty file `.wh.<name>` beside it. */
const whiteoutOf = (path: string): FsEntry => ({
  path: posix.join(posix.dirname(path), `${WHITEOUT_PREFIX}${posix.basename(path)}`),
  type: 'file',
  size: 0,
  mode: 0,
  mtime: new Date(0),
  linkname: '',
  content: Buffer.alloc(0),
});

/**
 * The entries of the container's own layer as a graph driver's diff writes them (overlay2's
 * native diff): each whiteout device as `.wh.<name>`, each opaque directory followed by its
 * `.wh..wh..opq` marker (observed on 20.10.24, 26.1.5 and 28.5.2).
 */
export function ownLayerEntries(x: Exchange, container: Container): FsEntry[] {
  return ownEntries(x, container).flatMap((entry) => {
    if (isWhiteout(entry)) return [whiteoutOf(entry.path)];
    if (entry.opaque === true) return [asLayerEntry(entry), { ...whiteoutOf(entry.path), path: posix.join(entry.path, OPAQUE_MARKER) }];
    return [asLayerEntry(entry)];
  });
}

/**
 * GET /containers/{name}/changes: the container's own layer against the layers below it
 * (changesOf; moby's archive.ChangesDirs), null when nothing changed. The releases list a
 * directory's entries in the order Go ranges over a map of them, which is random: ctrd-sim lists
 * them in path order (observed on 28.5.2 and 29.7.2: the same entries, in an order of their own).
 */
export const containerChangesRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/changes',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/changes.ts: GET /containers/{name}/changes',
  rules: [],
  handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    const kinds = changesOf(ownEntries(x, container), lowerFilesystem(container), blockIsDirIn(x));
    const changes = [...kinds.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([Path, Kind]) => ({ Path, Kind }));
    sendJson(x, 200, changes.length === 0 ? null : changes);
  },
};
