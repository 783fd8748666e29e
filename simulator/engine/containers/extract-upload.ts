import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type Container, type ContainerLayer, entryOfRecord, type FsEntry, isWhiteout, newInode, type TarRecord, whiteoutAt } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import { goQuote } from '../go-strconv.js';
import { releaseBelow } from '../replies.js';
import { containerFilesystem, lowerFilesystem } from './container-fs.js';
import { danglingPrefix, type EntryFailure, entryParent } from './entry-parent.js';
import { failsBeforeParent, hardLinkTarget, LINKS_NO_DIRECTORY, type LinkTarget, linkedEntry } from './hard-link.js';
import { reachedBy, walkIn } from './path-walk.js';
import { checksLocalNames, createFailure, localName, openedFileMode, untarsInRoot } from './untar-variants.js';
import { readOnlyRefusal } from './read-only-extraction.js';

/**
 * What an extraction did: wrote into the container's own layer; stopped at an entry the release
 * refuses (what came before it written), with Untar's words; or met what ctrd-sim does not model
 * (its 501 says what), before writing anything.
 */
/** What an extraction writes into: a store of entries (a container's own layer, a volume's contents). */
export type OwnEntries = Pick<ContainerLayer, 'get' | 'put' | 'removeAll' | 'entries'>;

/**
 * Where an extraction writes: what is seen there (`merged`), what lies below the entries written
 * (`lower`: nothing in a volume), the entries written, and whether it is overlay (its whiteouts).
 */
export interface ExtractionTarget {
  readonly merged: LayerFilesystem;
  readonly lower: LayerFilesystem;
  readonly own: OwnEntries;
  readonly overlay: boolean;
  /** A file system mounted read-only, at `mountedAt` in the container: the first write fails (read-only-extraction.ts). */
  readonly readOnly?: { readonly mountedAt: string };
}

/** A container's own layer, over the layers below it. */
const layerTarget = (x: Exchange, container: Container): ExtractionTarget => ({
  merged: containerFilesystem(x, container),
  lower: lowerFilesystem(container),
  own: container.layer,
  overlay: true,
});

export type Extraction = { readonly written: true } | { readonly refused: string } | { readonly notFound: true } | { readonly unmodelled: string };

/**
 * From it the extraction's error reaches the daemon unwrapped, so one that os.IsNotExist takes (a
 * create below a dangling link) is 404 "Could not find the file <path> in container <name>"
 * (ContainerExtractToDir; observed on 26.1.5), after what came before it; 20.10.24 wraps it (500).
 * As archive-put.ts's bareTarErrorFrom.
 */
const NOT_EXIST_IS_NOT_FOUND_FROM = '24.0';

/**
 * The type flags Untar makes entries of: files, hard links, symlinks, devices, directories, fifos
 * (a contiguous file, 7, and any other is "unhandled tar header type 55", observed on 20.10.24,
 * 26.1.5, 28.5.2 and 29.7.2).
 */
const UNTAR_FLAGS = new Set(['0', '1', '2', '3', '4', '5', '6']);

/** PAX records that say no more than the header does (names, sizes, owners, times) or nothing Untar applies. */
const PLAIN_PAX = new Set(['path', 'linkpath', 'size', 'uid', 'gid', 'uname', 'gname', 'mtime', 'atime', 'ctime', 'comment']);

/** Why a record is beyond what ctrd-sim extracts, or null. */
function unmodelledRecord(record: TarRecord): string | null {
  if (UNTAR_FLAGS.has(record.typeflag) && record.type !== 'link' && entryOfRecord(record) === undefined) return `a ${record.type} entry`;
  const extra = Object.keys(record.pax).find((key) => !PLAIN_PAX.has(key));
  if (extra !== undefined) return `an entry with the PAX record ${extra}`;
  return null;
}

/**
 * Where an entry goes relative to the extraction point `dest` ("" for the point itself, skipped;
 * ".." its parent, which the older check lets through), or Untar's refusal of its name.
 */
function placed(
  x: Exchange,
  name: string,
  dest: string,
): { readonly relative: string; readonly atPoint?: true } | { readonly refused: string; readonly parentMade?: string } {
  if (checksLocalNames(x.state.config.release.release)) {
    const local = localName(name);
    if (local === '.') return { relative: '' };
    return local === null ? { refused: `invalid entry name ${goQuote(name)}` } : { relative: local };
  }
  const clean = posix.normalize(name).replace(/(.)\/+$/, '$1');
  const relative = posix.relative(dest, posix.join(dest, clean));
  // The entry's parent is made (MkdirAll) before the name is checked, wherever it lies.
  if (relative.startsWith('../')) return { refused: `${goQuote(clean)} is outside of ${goQuote(dest)}`, parentMade: posix.join(dest, posix.dirname(clean)) };
  // The point's parent is no breakout ("..", not "../…"): an entry lands there; only "." itself is
  // skipped, another name for the point (`../etc` into /etc) is an entry at the point.
  return relative === '' && clean !== '.' ? { relative: '', atPoint: true } : { relative };
}

/**
 * moby's archive.Untar of an upload into the directory `dest` of the container (already resolved,
 * every symlink followed), as the releases do it under overlay (observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2, 2026-12-06):
 * - each entry is made with its header's mode and time (a symlink's mode is 0777), after what was
 *   at its path is removed, unless both are directories: then the directory keeps its entries and
 *   takes the header's mode and time;
 * - parents the tar does not hold are made with mode 0755 (and the set-group-ID bit of a directory
 *   that has it); a directory an entry is made in takes
 *   the time of the upload, but those the tar holds take their header's time again at the end;
 * - every directory above a written entry is copied up into the container's own layer.
 * - a name outside `dest` is refused after what came before it (placed).
 * - each entry takes its header's owner (Lchown), or copyUIDGID's (`chown`), an existing directory too.
 * - fifos and devices are made with their numbers, but overlay refuses a character device 0/0 (its
 *   whiteout) after what was at its path is removed.
 * - a hard link shares its target's inode (hardLink below).
 * - an entry that replaces a directory by another kind, or the reverse, removes what was there (a
 *   whiteout where the layers below show it; a directory made there is opaque: objects/overlay.ts).
 * - a tar broken after whole entries (`brokenBy`) keeps what they made and answers the reader's
 *   error; a last file whose data is cut short (`lastCut`) is made with what there is first.
 * What ctrd-sim does not model is refused before anything is written: extended attributes. An
 * entry below a link or file: entry-parent.ts.
 */
export function extractUpload(
  x: Exchange,
  container: Container,
  dest: string,
  records: readonly TarRecord[],
  now: Date,
  {
    chown = null,
    noOverwriteDirNonDir = false,
    brokenBy,
    lastCut = false,
    into,
  }: {
    /** copyUIDGID's owner for every entry. */
    readonly chown?: { readonly uid: number; readonly gid: number } | null;
    readonly noOverwriteDirNonDir?: boolean;
    /** The tar reader's error after `records` (tar-break.ts): Untar returns it before it sets the directories' times again. */
    readonly brokenBy?: string;
    /** The last record is a regular file whose data the tar cuts short: made with what there is, then `brokenBy`. */
    readonly lastCut?: boolean;
    /** Where the entries go: the container's own layer over the layers below (default), or a volume (archive-mounts.ts). */
    readonly into?: ExtractionTarget;
  } = {},
): Extraction {
  const older = !untarsInRoot(x.state.config.release.release);
  for (const record of records) {
    const why = unmodelledRecord(record);
    if (why !== null) return { unmodelled: why };
  }
  // Looked at now, not before the body was read: another upload may have written in between (moby holds the container's lock).
  const target = into ?? layerTarget(x, container);
  const { merged, lower, own: layer } = target;
  const pending = new Map<string, FsEntry>();
  /** What this upload removed (os.RemoveAll): nothing at or below each is seen but what it made again. */
  const removed = new Set<string>();
  const removedAt = (path: string): boolean => {
    for (let p = path; p !== '/'; p = posix.dirname(p)) if (removed.has(p)) return true;
    return false;
  };
  const at = (path: string): FsEntry | undefined => {
    const made = pending.get(path);
    if (made !== undefined) return isWhiteout(made) ? undefined : made;
    return removedAt(path) ? undefined : merged.at(path);
  };
  const removeAll = (path: string): void => {
    removed.add(path);
    for (const key of [...pending.keys()]) if (key === path || key.startsWith(`${path}/`)) pending.delete(key);
  };
  /** Whether the layers below show something at `path`, which a removal then whites out (no directory of the own layer above hides it). */
  const belowShows = (path: string): boolean => {
    if (lower.at(path) === undefined) return false;
    for (let dir = posix.dirname(path); dir !== '/'; dir = posix.dirname(dir)) {
      const own = pending.get(dir) ?? (removedAt(dir) ? undefined : layer.get(dir));
      if (own !== undefined && (own.type !== 'directory' || own.opaque === true)) return false;
    }
    return true;
  };
  /** Something was made or removed in `dir`: it takes the time of the upload. */
  const touch = (dir: string): void => {
    pending.set(dir, { ...(at(dir) ?? directory(dir, now)), mtime: now });
  };
  /** A parent MkdirAll makes: opaque where a whiteout hides what the layers below had there, as overlay's mkdir makes it (observed 2026-12-07 on 20.10.24, 26.1.5 and 29.7.2). */
  const makeParent = (dir: string): void => {
    const opaque = belowShows(dir);
    touch(posix.dirname(dir));
    pending.set(dir, { ...madeIn(at(posix.dirname(dir)), dir, now, older), ...(opaque ? { opaque: true as const } : {}) });
  };
  /**
   * Overlay's impure mark on `dir`. Only a directory copied up from below (neither the root nor one
   * made anew) holds it apart: with its origin the xattrs outgrow ext4's inode, a block more (29.7.2).
   */
  const markImpure = (dir: string): void => {
    const there = at(dir);
    if (dir === '/' || there?.type !== 'directory' || there.opaque === true || lower.at(dir)?.type !== 'directory') return;
    pending.set(dir, { ...there, impure: true });
  };
  /** An outcome after what was at `path` was removed: its whiteout kept where the layers below show it. */
  const leaving = (path: string, whitedOut: boolean, outcome: Extraction): Extraction => {
    if (whitedOut) pending.set(path, whiteoutAt(path, now));
    commit(layer, pending, removed, at);
    return outcome;
  };
  /** An entry refused after what was at its path was removed (a whiteout where the layers below show it): what came before is kept. */
  const removedThenRefused = (path: string, existing: FsEntry | undefined, message: string, whitedOutBefore = false): Extraction => {
    const whitedOut = whitedOutBefore || (existing !== undefined && belowShows(path));
    if (existing !== undefined) {
      touch(posix.dirname(path));
      removeAll(path);
    }
    return leaving(path, whitedOut, { refused: message });
  };
  /** ENOENT from 24.0 is the extraction's 404 (os.IsNotExist), else Untar's words. */
  const notFoundOr = (failure: string, message: string): Extraction =>
    failure === 'no such file or directory' && !releaseBelow(x, NOT_EXIST_IS_NOT_FOUND_FROM) ? { notFound: true } : { refused: message };
  /** The entries sharing `entry`'s inode in the own layer (a hard link to an entry below copies it up alone). */
  const sharersOf = (entry: FsEntry): FsEntry[] => {
    const own = [...pending.values(), ...layer.entries()].filter((e) => e.inode !== undefined && e.inode === entry.inode);
    return [...new Set([entry.path, ...own.map((e) => e.path)])]
      .map(at)
      .filter((e): e is FsEntry => e !== undefined && (e === entry || e.inode === entry.inode));
  };
  /**
   * Unpack's steps before it creates an entry that is no directory: its missing parents made, then
   * what is at its path refused (noOverwriteDirNonDir, a directory) or removed (whitedOut: a
   * whiteout left where the layers below show it).
   */
  const madeWay = (
    path: string,
    { named, relative }: { readonly named: string; readonly relative: string },
    made: readonly string[],
  ): Extraction | { readonly whitedOut: boolean } => {
    for (const dir of made) makeParent(dir);
    const existing = at(path);
    if (existing?.type === 'directory' && noOverwriteDirNonDir) {
      commit(layer, pending, removed, at);
      return { refused: `cannot overwrite directory ${goQuote(older ? named : relative)} with non-directory ${goQuote(dest)}` };
    }
    const whitedOut = existing !== undefined && belowShows(path);
    if (existing !== undefined) {
      touch(posix.dirname(path));
      removeAll(path);
    }
    return { whitedOut };
  };
  /**
   * A hard link entry (hard-link.ts; observed 2026-12-07 on the four releases): its parents made,
   * what is at its path removed, its target refused or looked up, then the target's inode shared
   * (copied up from below with a new one). Untar's Lchown then gives the inode the header's owner
   * (or copyUIDGID's), and its Chmod and Chtimes the header's mode and time where a Lstat of the
   * link name finds no symlink: before 28.0 the name as written, from the chroot's root (its
   * working directory), from 28.0 the target. Null when made.
   */
  const hardLink = (
    record: TarRecord,
    path: string,
    { named, relative, shown }: { readonly named: string; readonly relative: string; readonly shown: string },
    failed: EntryFailure | null,
    made: readonly string[],
  ): Extraction | null => {
    const top = older ? '/' : dest;
    const call = (name: string, failure: string, target: LinkTarget): string => createFailure({ type: 'hardlink', target: target.named }, name, older, failure);
    if (failed !== null && 'failed' in failed) {
      const before = hardLinkTarget(at, dest, record.linkname, older, checksLocalNames(x.state.config.release.release));
      if ('unmodelled' in before) return before;
      commit(layer, pending, removed, at);
      if ('refused' in before) return before;
      const linked = linkedEntry(at, top, before.path, !older);
      if ('failed' in linked && failsBeforeParent(linked, older)) return notFoundOr(linked.failed, call(older ? named : relative, linked.failed, before));
      return notFoundOr(failed.failed, call(older ? named : (failed.name ?? relative), failed.failed, before));
    }
    const prepared = madeWay(path, { named, relative }, made);
    if (!('whitedOut' in prepared)) return prepared;
    const { whitedOut } = prepared;
    // Resolved again now that the parents are made (go-archive resolves it as it links: observed on 29.7.2, "linkat a/x d/e/f").
    const target = hardLinkTarget(at, dest, record.linkname, older, checksLocalNames(x.state.config.release.release));
    if ('unmodelled' in target) return target;
    if ('refused' in target) return leaving(path, whitedOut, target);
    const linked = linkedEntry(at, top, target.path, !older);
    if ('failed' in linked) return leaving(path, whitedOut, notFoundOr(linked.failed, call(shown, linked.failed, target)));
    const shared = linked.entry;
    const ownsInode = shared.inode !== undefined && (pending.has(shared.path) || layer.get(shared.path) !== undefined);
    const inode = ownsInode ? shared.inode! : newInode();
    // A directory there is no symlink either: its Lstat succeeds (observed on 26.1.5, a link to f2 in /etc with a directory /f2).
    const lstat = older ? linkedEntry(at, '/', posix.join('/', record.linkname), false) : linked;
    const setsModeAndTime = 'entry' in lstat ? lstat.entry.type !== 'symlink' : lstat.failed === LINKS_NO_DIRECTORY && lstat.atFinal;
    const owner = chown ?? { uid: record.uid, gid: record.gid };
    // Chmod and Chtimes follow a link: where the inode shared is a symlink they reach what it leads to (before 28.0 only, whose Lstat looks elsewhere).
    const followed = setsModeAndTime && shared.type === 'symlink';
    const update = (e: FsEntry): FsEntry => ({
      ...withoutOwner(e),
      ...(owner.uid === 0 ? {} : { uid: owner.uid }),
      ...(owner.gid === 0 ? {} : { gid: owner.gid }),
      mode: setsModeAndTime && !followed ? record.mode & 0o7777 : chownedMode(e),
      ...(setsModeAndTime && !followed ? { mtime: record.mtime } : {}),
      inode,
    });
    const below = !pending.has(shared.path) && layer.get(shared.path) === undefined;
    const copied = below ? { ...shared, copiedUp: true as const } : shared;
    for (const sharer of ownsInode ? sharersOf(shared) : [copied]) pending.set(sharer.path, update(sharer));
    touch(posix.dirname(path));
    // Overlay marks impure the directory a copy-up writes into and the one a link to what was copied up goes into.
    if (below) markImpure(posix.dirname(shared.path));
    if (copied.copiedUp === true) markImpure(posix.dirname(path));
    pending.set(path, update({ ...copied, path }));
    if (!followed) return null;
    const reached = reachedBy(at, top, posix.relative(top, path), false);
    if ('unmodelled' in reached) return reached;
    if ('failed' in reached) {
      commit(layer, pending, removed, at);
      return notFoundOr(reached.failed, `chmod ${named}: ${reached.failed}`);
    }
    if (reached.reached === null) return { unmodelled: "a hard link's Chmod through a symlink to what is no directory" };
    for (const sharer of sharersOf(reached.reached)) pending.set(sharer.path, { ...sharer, mode: record.mode & 0o7777, mtime: record.mtime });
    return null;
  };
  /** The directory entries' times, which Untar sets again at the end (Chtimes of the path, links followed), with the names its errors give. */
  const headerTimes = new Map<string, { readonly mtime: Date; readonly shown: string }>();
  for (const record of records) {
    const place = placed(x, record.name, dest);
    if ('refused' in place) {
      const way = place.parentMade === undefined ? [] : missingParents(at, place.parentMade);
      if ('said' in way) {
        commit(layer, pending, removed, at);
        return { refused: way.said };
      }
      if (!Array.isArray(way)) return way;
      if (target.readOnly !== undefined && way.length > 0) return { unmodelled: 'a parent made for a name outside the point, in a read-only volume' };
      for (const dir of way) makeParent(dir);
      commit(layer, pending, removed, at);
      return { refused: place.refused };
    }
    const { relative } = place;
    if (relative === '' && place.atPoint !== true) continue;
    // The name as Untar joins it (20.10 and 26.1 word their errors with it), then where the entry goes, its parent's links followed.
    const named = posix.join(dest, relative);
    const parent = relative === '' ? { dir: posix.dirname(dest), missing: [] } : entryParent(at, dest, relative, older);
    if ('unmodelled' in parent) return parent;
    if ('said' in parent) {
      commit(layer, pending, removed, at);
      return { refused: parent.said };
    }
    const failed = 'failed' in parent ? parent : null;
    const made = 'failed' in parent ? [] : parent.missing.map((_, i) => posix.join(parent.dir, ...parent.missing.slice(0, i + 1)));
    const path = 'failed' in parent ? named : posix.join(made.at(-1) ?? parent.dir, posix.basename(named));
    // The entry's name in the calls' errors: before 28.0 the chroot's path; from 28.0 relative to the point, as go-archive resolved it where it did.
    const shown = older ? named : 'renamed' in parent && parent.renamed === true ? posix.relative(dest, path) : relative;
    if (failed?.by === 'stat') {
      commit(layer, pending, removed, at);
      return { refused: `statat ${posix.dirname(relative)}: ${failed.failed}` };
    }
    if (target.readOnly !== undefined && failed === null) {
      const owner = chown ?? { uid: record.uid, gid: record.gid };
      const release = x.state.config.release.release;
      const handled = UNTAR_FLAGS.has(record.typeflag);
      return readOnlyRefusal({ release, older, at, dest, mountedAt: target.readOnly.mountedAt, record, path, shown, made, owner, handled });
    }
    if (!UNTAR_FLAGS.has(record.typeflag)) {
      // createTarFile's default, once the parents are made and what is at the path is removed.
      const unhandled = { refused: `unhandled tar header type ${record.typeflag.charCodeAt(0)}` };
      if (failed !== null) {
        commit(layer, pending, removed, at);
        return unhandled;
      }
      const prepared = madeWay(path, { named, relative }, made);
      return 'whitedOut' in prepared ? leaving(path, prepared.whitedOut, unhandled) : prepared;
    }
    if (record.type === 'link') {
      const linked = hardLink(record, path, { named, relative, shown }, failed, made);
      if (linked !== null) return linked;
      continue;
    }
    let existing = failed === null ? at(path) : undefined;
    /** Whether replacing a directory by another kind, or the reverse, left a whiteout. */
    let whitedOut = false;
    // copyUIDGID's owner replaces the header's (Untar's ChownOpts); root's is no field.
    const entry = withOwner(entryOfRecord(record, path)!, chown);
    if (existing !== undefined && (existing.type === 'directory') !== (entry.type === 'directory')) {
      // Asked not to (noOverwriteDirNonDir), Unpack refuses, naming the path (from 28.0 the entry's name) and the extraction point.
      if (noOverwriteDirNonDir) {
        commit(layer, pending, removed, at);
        const shown = goQuote(older ? named : relative);
        return {
          refused:
            existing.type === 'directory'
              ? `cannot overwrite directory ${shown} with non-directory ${goQuote(dest)}`
              : `cannot overwrite non-directory ${shown} with directory ${goQuote(dest)}`,
        };
      }
      // Else what is there is removed (a whiteout where the layers below show it) and the entry made anew.
      touch(posix.dirname(path));
      whitedOut = belowShows(path);
      removeAll(path);
      existing = undefined;
    }
    // Untar makes the missing parents (MkdirAll) before it creates the entry.
    for (const dir of made) makeParent(dir);
    if (older && entry.type === 'symlink' && !posix.join(posix.dirname(named), entry.linkname).startsWith(dest)) {
      return removedThenRefused(path, existing, `invalid symlink ${JSON.stringify(named)} -> ${JSON.stringify(entry.linkname)}`, whitedOut);
    }
    if (failed === null && isWhiteout(entry) && !target.overlay) return { unmodelled: 'a character device 0/0 in a volume' };
    if (failed === null && isWhiteout(entry)) {
      // A character device 0/0 is overlay's whiteout: the container's layer refuses to make one, with
      // mknod's bare errno (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, overlay2 and containerd's overlay).
      return removedThenRefused(path, existing, 'operation not permitted', whitedOut);
    }
    if (failed?.failed === 'no such file or directory' && !releaseBelow(x, NOT_EXIST_IS_NOT_FOUND_FROM)) {
      commit(layer, pending, removed, at);
      return { notFound: true };
    }
    if (failed !== null) {
      commit(layer, pending, removed, at);
      return { refused: createFailure(entry, older ? named : (failed.name ?? relative), older, failed.failed) };
    }
    if (entry.type === 'directory') {
      if (existing === undefined) touch(posix.dirname(path));
      // A directory made where a whiteout hides what the layers below had there: overlay makes it opaque.
      const opaque = existing === undefined && belowShows(path);
      // An existing directory keeps its entries and takes the header's mode, time and owner (Untar's Lchown).
      pending.set(path, {
        ...withoutOwner(existing ?? entry),
        ...ownerFields(entry),
        mode: entry.mode & 0o7777,
        mtime: entry.mtime,
        ...(opaque ? { opaque: true as const } : {}),
      });
      headerTimes.set(path, { mtime: entry.mtime, shown: shown || '.' });
    } else if (lastCut && record === records.at(-1) && entry.type === 'file') {
      // OpenFile made it and the copy failed: neither its owner, nor its mode, nor its time was set.
      touch(posix.dirname(path));
      pending.set(path, { ...withoutOwner(entry), mode: openedFileMode(x.state.config.release.release, entry.mode), mtime: now });
      commit(layer, pending, removed, at);
      return { refused: brokenBy ?? 'unexpected EOF' };
    } else {
      touch(posix.dirname(path));
      pending.set(path, { ...entry, mode: entry.type === 'symlink' ? 0o777 : entry.mode & 0o7777 });
    }
  }
  if (brokenBy !== undefined) {
    commit(layer, pending, removed, at);
    return { refused: brokenBy };
  }
  for (const { mtime, shown } of headerTimes.values()) {
    const there = reachedBy(at, older ? '/' : dest, shown, !older);
    if ('unmodelled' in there) return there;
    if ('reached' in there && there.reached === null) return { unmodelled: "a directory's time set through a link to what is no directory" };
    if ('failed' in there) {
      commit(layer, pending, removed, at);
      if (there.failed === 'no such file or directory' && !releaseBelow(x, NOT_EXIST_IS_NOT_FOUND_FROM)) return { notFound: true };
      return { refused: `chtimes${older ? '' : 'at'} ${shown}: ${there.failed}` };
    }
    pending.set(there.reached!.path, { ...there.reached!, mtime });
  }
  commit(layer, pending, removed, at);
  return { written: true };
}

/**
 * The directories MkdirAll makes for `parent` where its Lstat finds nothing (ENOENT), links on the
 * way followed in the chroot: none where it exists (a link too), or where a file or a cycle on the
 * way makes Lstat fail otherwise.
 */
function missingParents(at: (path: string) => FsEntry | undefined, parent: string): string[] | { readonly unmodelled: string } | { readonly said: string } {
  const walk = walkIn(at, '/', posix.dirname(parent));
  if (walk.kind === 'notDir' || walk.kind === 'loop') return [];
  if (walk.kind !== 'dir') return { unmodelled: 'a parent made through ".." after a missing name, for an entry its name refuses' };
  // MkdirAll meets the dangling link on the way: Mkdir's EEXIST, the link no directory (observed on 26.1.5).
  if (walk.throughLink) return { said: `mkdir ${danglingPrefix(at, parent)}: file exists` };
  if (walk.missing.length === 0 && at(posix.join(walk.path, posix.basename(parent))) !== undefined) return [];
  const names = [...walk.missing, posix.basename(parent)];
  return names.map((_, i) => posix.join(walk.path, ...names.slice(0, i + 1)));
}

/**
 * The mode a chown leaves (Linux, root too): what is no directory loses its set-user-ID bit, and its
 * set-group-ID bit where the group may execute it (observed on 20.10.24 through a hard link's Lchown).
 */
function chownedMode(entry: FsEntry): number {
  if (entry.type === 'directory' || entry.type === 'symlink') return entry.mode;
  const withoutSetuid = entry.mode & ~0o4000;
  return (withoutSetuid & 0o010) !== 0 ? withoutSetuid & ~0o2000 : withoutSetuid;
}

/**
 * What the upload removed taken out of the container's own layer, then the entries written into it,
 * with every directory above them, copied up as they were (overlay).
 */
function commit(layer: OwnEntries, pending: ReadonlyMap<string, FsEntry>, removed: ReadonlySet<string>, at: (path: string) => FsEntry | undefined): void {
  for (const path of removed) layer.removeAll(path);
  const written = new Map(pending);
  for (const path of pending.keys())
    for (const dir of ancestorsBelow('/', path)) {
      const seen = written.has(dir) ? undefined : at(dir);
      if (seen !== undefined) written.set(dir, seen);
    }
  for (const entry of written.values()) layer.put(entry);
}

/** The entry owned by `chown` where one is given. */
const withOwner = (entry: FsEntry, chown: { readonly uid: number; readonly gid: number } | null): FsEntry =>
  chown === null ? entry : { ...withoutOwner(entry), ...(chown.uid === 0 ? {} : { uid: chown.uid }), ...(chown.gid === 0 ? {} : { gid: chown.gid }) };

/** An entry without its owner fields, and the owner fields an entry sets (none for root's). */
const withoutOwner = ({ uid: _uid, gid: _gid, ...rest }: FsEntry): FsEntry => rest;
const ownerFields = (entry: FsEntry): Pick<FsEntry, 'uid' | 'gid'> => ({
  ...(entry.uid === undefined ? {} : { uid: entry.uid }),
  ...(entry.gid === undefined ? {} : { gid: entry.gid }),
});

const directory = (path: string, mtime: Date): FsEntry => ({ path, type: 'directory', size: 0, mode: 0o755, mtime, linkname: '', content: Buffer.alloc(0) });

/** Set-group-ID: a directory made in a directory that has it has it too (Linux). */
const SETGID = 0o2000;

/**
 * A parent Untar makes in `parent` (mode 0755 under the daemon's umask 022): before
 * NEWER_EXTRACTION_FROM (untar-variants.ts) MkdirAllAndChownNew chowns it to root and it keeps the set-group-ID bit it
 * took from a parent that has it; later go-archive chmods it to 0755 and leaves its owner, so in
 * such a parent it keeps the group it took from it (observed on 28.5.2 and 29.7.2).
 */
const madeIn = (parent: FsEntry | undefined, path: string, mtime: Date, older: boolean): FsEntry => {
  const setgid = ((parent?.mode ?? 0) & SETGID) !== 0;
  if (older) return { ...directory(path, mtime), mode: 0o755 | (setgid ? SETGID : 0) };
  return setgid && (parent?.gid ?? 0) !== 0 ? { ...directory(path, mtime), gid: parent!.gid! } : directory(path, mtime);
};

/** The directories strictly between `top` and `path`, outermost first. */
function ancestorsBelow(top: string, path: string): string[] {
  const dirs: string[] = [];
  for (let dir = posix.dirname(path); dir !== top && dir !== '/' && dir.startsWith(top === '/' ? '/' : `${top}/`); dir = posix.dirname(dir)) dirs.unshift(dir);
  return dirs;
}
