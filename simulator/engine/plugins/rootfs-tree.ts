import { posix } from 'node:path';
import type { FsEntry, FsEntryType } from '../objects/index.js';
import { entryParent } from '../containers/entry-parent.js';
import { reachedBy } from '../containers/path-walk.js';
import { failsBeforeParent, hardLinkTarget, linkedEntry } from '../containers/hard-link.js';
import { checksLocalNames, createFailure, type Made, untarsInRoot } from '../containers/untar-variants.js';

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
 * What it does not follow (a ".." after a missing name in a link's target)
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
    // Untar skips a PAX global header before anything else (observed on 20.10.24, 26.1.5 and 29.7.2, its fields set or not).
    if (typeflag === 'g') return DONE;
    const kind = KINDS[typeflag];
    const at = (path: string): FsEntry | undefined => this.byPath.get(path);
    const parent = entryParent(at, '/', name, this.older);
    if ('unmodelled' in parent) return UNMODELLED;
    if ('said' in parent) return { refused: parent.said };
    if ('failed' in parent && parent.by === 'stat') return { refused: `statat ${posix.dirname(name)}: ${parent.failed}` };
    if (kind === undefined) {
      // createTarFile's default, once the parents are made and what is at the path is removed (a contiguous file, 7, too).
      if (!('failed' in parent)) this.removeAll(this.madeFor(parent, name));
      return { refused: `unhandled tar header type ${typeflag.charCodeAt(0)}` };
    }
    const target = kind === 'hardlink' ? hardLinkTarget(at, '/', linkname, this.older, this.checksTargets) : null;
    if (target !== null && 'unmodelled' in target) return UNMODELLED;
    if (target !== null && 'refused' in target) return target;
    const made: Made =
      target !== null ? { type: 'hardlink', target: target.named } : kind === 'symlink' || kind === 'hardlink' ? { type: 'symlink', linkname } : { type: kind };
    const named = this.older ? `/${name}` : name;
    const linked = target === null ? null : linkedEntry(at, '/', target.path, !this.older);
    if (linked !== null && 'failed' in linked && failsBeforeParent(linked, this.older) && 'failed' in parent)
      return { refused: createFailure(made, named, this.older, linked.failed) };
    if ('failed' in parent) return { refused: createFailure(made, this.older ? named : (parent.name ?? name), this.older, parent.failed) };
    const path = this.madeFor(parent, name);
    // From 28.0 the calls name the path as go-archive resolved it where it did (a directory's times too).
    const resolved = this.older ? named : parent.renamed === true ? posix.relative('/', path) : name;
    if (kind === 'directory') this.directories.push(this.older ? name : resolved);
    if (kind === 'directory' && at(path)?.type === 'directory') return DONE;
    this.removeAll(path);
    if (kind !== 'hardlink') {
      this.byPath.set(path, entry(path, kind, linkname));
      return DONE;
    }
    // Resolved and looked up again: the parents just made, or the removal of what was at the path, may change them.
    const now = hardLinkTarget(at, '/', linkname, this.older, this.checksTargets);
    if ('unmodelled' in now) return UNMODELLED;
    if ('refused' in now) return now;
    const shared = linkedEntry(at, '/', now.path, !this.older);
    if ('failed' in shared) return { refused: createFailure({ type: 'hardlink', target: now.named }, resolved, this.older, shared.failed) };
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
      const reached = reachedBy((path) => this.byPath.get(path), '/', name, !this.older);
      if ('unmodelled' in reached) return UNMODELLED;
      if ('failed' in reached) return { refused: this.older ? `chtimes /${name}: ${reached.failed}` : `chtimesat ${name}: ${reached.failed}` };
    }
    return DONE;
  }

  /** The path an entry goes to, its missing parents made (MkdirAll). */
  private madeFor(parent: { readonly dir: string; readonly missing: readonly string[] }, name: string): string {
    for (let i = 1; i <= parent.missing.length; i++) {
      const dir = posix.join(parent.dir, ...parent.missing.slice(0, i));
      this.byPath.set(dir, entry(dir, 'directory'));
    }
    return posix.join(parent.dir, ...parent.missing, posix.basename(name));
  }

  /** os.RemoveAll of what is at `path` (a link itself, not its target). */
  private removeAll(path: string): void {
    for (const key of [...this.byPath.keys()]) if (key === path || key.startsWith(`${path}/`)) this.byPath.delete(key);
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
