import { posix } from 'node:path';
import type { FsEntry, FsEntryType } from '../objects/index.js';
import { entryParent } from '../containers/entry-parent.js';
import { type Walk, walkIn } from '../containers/path-walk.js';
import { rootPath } from '../containers/root-path.js';
import { checksLocalNames, createFailure, localName, type Made, untarsInRoot } from '../containers/untar-variants.js';

/** Tar type flags the unpack makes, and what each makes. */
const KINDS: Readonly<Record<string, FsEntryType | 'hardlink'>> = {
  '0': 'file',
  '5': 'directory',
  '2': 'symlink',
  '1': 'hardlink',
  '6': 'fifo',
  '3': 'char',
  '4': 'block',
};

/** One entry's unpack: done, refused in moby's words (before the release wraps them), or not modelled. */
export type Unpacked = { readonly done: true } | Stop;
/** Why an unpack stops. */
type Stop = { readonly refused: string } | { readonly unmodelled: true };

const DONE: Unpacked = { done: true };
const UNMODELLED: Stop = { unmodelled: true };

/**
 * What moby's Untar makes of a plugin's rootfs entries in the plugin's empty rootfs directory, the
 * container uploads' Untar (untar-variants.ts): before 28.0 chrooted in the rootfs, from 28.0 in an
 * os.Root at it. Each entry's parent is found or made as for an upload (entry-parent.ts); what is
 * at its path is removed unless both are directories; a hard link links to its target (the path
 * of its link name in the rootfs: a directory is EPERM, a missing one ENOENT; from 28.0 a target
 * that leads out is refused first). Observed 2026-12-07 on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 with
 * fifos, devices, entries below files, fifos, devices and links (dangling, absolute, leading out,
 * cycles), and hard links to nothing, to directories, devices, symlinks, through files and links.
 * What it does not follow (a ".." after a missing name in a link's target, other type flags)
 * unpacks with an outcome the simulator does not model.
 */
export class RootfsTree {
  private readonly byPath = new Map<string, FsEntry>([['/', entry('/', 'directory')]]);
  /** The names of the directory entries, in order: Untar sets their times last. */
  private readonly directories: string[] = [];
  private readonly older: boolean;
  private readonly checksTargets: boolean;

  constructor(release: string) {
    this.older = !untarsInRoot(release);
    this.checksTargets = checksLocalNames(release);
  }

  /** Unpacks one entry (its name already moby's: clean and relative to the rootfs). */
  add(name: string, typeflag: string, linkname: string): Unpacked {
    if (name === '.') return DONE;
    const kind = KINDS[typeflag];
    if (kind === undefined) return UNMODELLED;
    const at = (path: string): FsEntry | undefined => this.byPath.get(path);
    const parent = entryParent(at, '/', name, this.older);
    if ('unmodelled' in parent) return UNMODELLED;
    if ('said' in parent) return { refused: parent.said };
    if ('failed' in parent && parent.by === 'stat') return { refused: `statat ${posix.dirname(name)}: ${parent.failed}` };
    const target = kind === 'hardlink' ? this.linkTarget(linkname, at) : null;
    if (target !== null && !('path' in target)) return target;
    const made: Made =
      target !== null ? { type: 'hardlink', target: target.named } : kind === 'symlink' || kind === 'hardlink' ? { type: 'symlink', linkname } : { type: kind };
    const named = this.older ? `/${name}` : name;
    // The target is looked up before the new name's parent: before 28.0 (link(2)) all of it but
    // whether it is a directory, from 28.0 (os.Root's Link) its directory.
    const linked = target === null ? null : this.lookupLinkTarget(target.path);
    const firstFailure = linked !== null && 'failed' in linked && (this.older ? linked.failed !== LINKS_NO_DIRECTORY : !linked.atFinal);
    if (firstFailure && 'failed' in parent) return { refused: createFailure(made, named, this.older, linked.failed) };
    if ('failed' in parent) return { refused: createFailure(made, this.older ? named : (parent.name ?? name), this.older, parent.failed) };
    const path = posix.join(parent.dir, ...parent.missing, posix.basename(name));
    // From 28.0 the calls name the path as resolved in the root (a directory's times too).
    const resolved = this.older ? named : posix.relative('/', path);
    if (kind === 'directory') this.directories.push(this.older ? name : resolved);
    for (let i = 1; i <= parent.missing.length; i++) {
      const dir = posix.join(parent.dir, ...parent.missing.slice(0, i));
      this.byPath.set(dir, entry(dir, 'directory'));
    }
    if (kind === 'directory' && at(path)?.type === 'directory') return DONE;
    this.removeAll(path);
    if (kind !== 'hardlink') {
      this.byPath.set(path, entry(path, kind, linkname));
      return DONE;
    }
    // Looked up again: the removal of what was at the path may have taken it.
    const shared = this.lookupLinkTarget(target!.path);
    if ('failed' in shared) return { refused: createFailure(made, resolved, this.older, shared.failed) };
    this.byPath.set(path, { ...shared.entry, path });
    return DONE;
  }

  /**
   * The end of the unpack: each directory entry's times set again (os.Chtimes, links followed): one
   * whose path no longer leads to anything fails ("chtimes /a: no such file or directory", from
   * 28.0 "chtimesat a: …").
   */
  finish(): Unpacked {
    for (const name of this.directories) {
      const failed = statFailure(
        walkIn((path) => this.byPath.get(path), '/', name, !this.older),
        true,
      );
      if (failed === undefined) return UNMODELLED;
      if (failed !== null) return { refused: this.older ? `chtimes /${name}: ${failed}` : `chtimesat ${name}: ${failed}` };
    }
    return DONE;
  }

  /**
   * A hard link's target: its path as the walk reads it and as the link call names it. Before 28.0
   * joined to the chroot's root; from 28.0 relative to the os.Root, refused where it leads out (if
   * the release checks it), then resolved (resolvedTarget).
   */
  private linkTarget(linkname: string, at: (path: string) => FsEntry | undefined): { readonly path: string; readonly named: string } | Stop {
    if (this.older) {
      const rooted = posix.join('/', linkname);
      return { path: rooted, named: rooted };
    }
    if (this.checksTargets && localName(linkname) === null) return { refused: `invalid hardlink target ${JSON.stringify(linkname)}` };
    const resolved = resolvedTarget(at, localName(linkname) ?? linkname.replace(/^\/+/, ''));
    return 'path' in resolved ? { path: resolved.path, named: resolved.path } : resolved;
  }

  /**
   * The entry a link to `target` shares (its parent's links followed, not its own), or why there is
   * none: at its directory, or (`atFinal`) at its last name, which is missing or a directory.
   */
  private lookupLinkTarget(target: string): { readonly entry: FsEntry } | { readonly failed: string; readonly atFinal: boolean } {
    const walk = walkIn((path) => this.byPath.get(path), '/', posix.dirname(target), !this.older);
    if (walk.kind === 'notDir') return { failed: 'not a directory', atFinal: false };
    if (walk.kind === 'loop') return { failed: 'too many levels of symbolic links', atFinal: false };
    if (walk.kind === 'escape') return { failed: 'path escapes from parent', atFinal: false };
    if (walk.kind === 'unknown' || walk.missing.length > 0) return { failed: 'no such file or directory', atFinal: false };
    const found = this.byPath.get(posix.join(walk.path, posix.basename(target)));
    if (found === undefined) return { failed: 'no such file or directory', atFinal: true };
    if (found.type === 'directory') return { failed: LINKS_NO_DIRECTORY, atFinal: true };
    return { entry: found };
  }

  /** os.RemoveAll of what is at `path` (a link itself, not its target). */
  private removeAll(path: string): void {
    for (const key of [...this.byPath.keys()]) if (key === path || key.startsWith(`${path}/`)) this.byPath.delete(key);
  }
}

/** link(2) of a directory: found once both paths are looked up. */
const LINKS_NO_DIRECTORY = 'operation not permitted';

/**
 * From 28.0 go-archive resolves a hard link's target directory in the root first, as a chroot would
 * (resolveArchivePath): a relative link out of it or a cycle fails there ("statat a: path escapes
 * from parent"), a missing or non-directory component is left to the link, which names the target
 * resolved ("linkat d/a a" for `l/a` where l leads to a missing d).
 */
function resolvedTarget(at: (path: string) => FsEntry | undefined, target: string): { readonly path: string } | Stop {
  const dir = posix.dirname(target);
  if (dir === '.') return { path: target };
  const walk = walkIn(at, '/', dir, true);
  if (walk.kind === 'unknown') return UNMODELLED;
  if (walk.kind === 'loop') return { refused: `statat ${dir}: ${statFailure(walk)}` };
  const resolved = rootPath(at, '/', dir);
  if ('error' in resolved) return UNMODELLED;
  if (walk.kind === 'escape' && (!resolved.absolute || resolved.relativeEscapeBeforeAbsolute)) return { refused: `statat ${dir}: ${statFailure(walk)}` };
  return { path: posix.join(posix.relative('/', resolved.path), posix.basename(target)) };
}

/**
 * Why a call on the path a walk followed fails (null: it does not; undefined: not modelled): a Stat
 * of a directory, or a Chtimes, which takes what is no directory at the walk's end.
 */
function statFailure(walk: Walk, endsAnywhere = false): string | null | undefined {
  switch (walk.kind) {
    case 'loop':
      return 'too many levels of symbolic links';
    case 'escape':
      return 'path escapes from parent';
    case 'notDir':
      return endsAnywhere && walk.final ? null : 'not a directory';
    case 'dir':
      return walk.missing.length > 0 ? 'no such file or directory' : null;
    default:
      return undefined;
  }
}

/** An entry of the tree: what the walks read of it (its kind and a symlink's target). */
const entry = (path: string, type: FsEntryType, linkname = ''): FsEntry => ({
  path,
  type,
  size: 0,
  mode: 0o755,
  mtime: new Date(0),
  linkname: type === 'symlink' ? linkname : '',
  content: Buffer.alloc(0),
});
