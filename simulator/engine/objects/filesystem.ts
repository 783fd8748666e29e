import { posix } from 'node:path';
import { cleanPath, type FsEntry } from './tar-entries.js';

/** Go's os.FileMode bits for a type and the tar mode's special bits. */
const MODE_DIR = 0x80000000;
const MODE_SYMLINK = 0x8000000;
const MODE_SETUID = 1 << 23;
const MODE_SETGID = 1 << 22;
const MODE_STICKY = 1 << 20;
const MODE_NAMED_PIPE = 1 << 25;
const MODE_DEVICE = 1 << 26;
const MODE_CHAR_DEVICE = 1 << 21;

/** The type bits of each kind of entry that is no regular file. */
const TYPE_MODE: Readonly<Partial<Record<FsEntry['type'], number>>> = {
  directory: MODE_DIR,
  symlink: MODE_SYMLINK,
  fifo: MODE_NAMED_PIPE,
  char: MODE_DEVICE | MODE_CHAR_DEVICE,
  block: MODE_DEVICE,
};

/** What X-Docker-Container-Path-Stat says of a path (moby api/types/container.PathStat). */
export interface PathStat {
  readonly name: string;
  readonly size: number;
  readonly mode: number;
  readonly mtime: Date;
  readonly linkTarget: string;
}

/** A directory's size as stat reports it on the ext4 and overlay filesystems the daemons run on. */
const DIRECTORY_SIZE = 4096;

/** An entry's size as stat reports it: a directory's block, a symlink's target, a file's bytes (a fifo's and a device's none). */
export const statSize = (entry: FsEntry): number =>
  entry.type === 'directory' ? DIRECTORY_SIZE : entry.type === 'symlink' ? Buffer.byteLength(entry.linkname) : entry.size;
const MAX_LINKS = 255;

/**
 * A container's filesystem: its image's one layer, read only. Directories the tar implies but does
 * not hold exist as the extraction creates them (mode 0755, the time of the import).
 */
export class LayerFilesystem {
  private readonly byPath = new Map<string, FsEntry>();

  constructor(entries: readonly FsEntry[], created: Date) {
    const implied = (path: string): FsEntry => ({ path, type: 'directory', size: 0, mode: 0o755, mtime: created, linkname: '', content: Buffer.alloc(0) });
    this.byPath.set('/', implied('/'));
    for (const entry of entries) {
      for (let dir = posix.dirname(entry.path); !this.byPath.has(dir); dir = posix.dirname(dir)) this.byPath.set(dir, implied(dir));
      this.byPath.set(entry.path, entry);
    }
  }

  /**
   * The entry at `path`, its parents' symlinks followed (inside the root, as the daemon's
   * scoped lookup does) and the last component's followed only when `followLast`; undefined
   * when there is none.
   */
  lookup(path: string, followLast = false): FsEntry | undefined {
    let pending = cleanPath(path)
      .split('/')
      .filter((part) => part !== '');
    let current = '/';
    for (let hops = 0; pending.length > 0; ) {
      const [part, ...rest] = pending as [string, ...string[]];
      const next = posix.join(current, part);
      const entry = this.byPath.get(next);
      if (entry === undefined) return undefined;
      if (entry.type === 'symlink' && (rest.length > 0 || followLast)) {
        if (++hops > MAX_LINKS) return undefined;
        const target = entry.linkname.startsWith('/') ? entry.linkname : posix.join(current, entry.linkname);
        pending = [
          ...cleanPath(target)
            .split('/')
            .filter((p) => p !== ''),
          ...rest,
        ];
        current = '/';
        continue;
      }
      current = next;
      pending = rest;
    }
    return this.byPath.get(current);
  }

  /** Every entry, the root first. */
  entries(): FsEntry[] {
    return [...this.byPath.values()];
  }

  /** The entry at `path` itself, no symlink followed on the way. */
  at(path: string): FsEntry | undefined {
    return this.byPath.get(path);
  }

  /** shmem's size of a directory: BOGO_DIRENT_SIZE (20) for each entry, its own and its parent's included. */
  private tmpfsDirectorySize(path: string): number {
    const prefix = path === '/' ? '/' : `${path}/`;
    let held = 0;
    for (const at of this.byPath.keys()) if (at !== path && at.startsWith(prefix) && !at.slice(prefix.length).includes('/')) held++;
    return 20 * (held + 2);
  }

  /** The stat of `path` (its last component not followed), or undefined when it does not exist. */
  stat(path: string): PathStat | undefined {
    const entry = this.lookup(path);
    if (entry === undefined) return undefined;
    let mode = entry.mode & 0o777;
    if (entry.mode & 0o4000) mode |= MODE_SETUID;
    if (entry.mode & 0o2000) mode |= MODE_SETGID;
    if (entry.mode & 0o1000) mode |= MODE_STICKY;
    mode = (mode | (TYPE_MODE[entry.type] ?? 0)) >>> 0;
    const size = entry.type === 'directory' && entry.onTmpfs === true ? this.tmpfsDirectorySize(entry.path) : statSize(entry);
    const linkTarget = entry.type === 'symlink' ? (this.lookup(entry.path, true)?.path ?? '') : '';
    return { name: posix.basename(entry.path) || '/', size, mode, mtime: entry.mtime, linkTarget };
  }

  /**
   * The entries of a tarball of `path`: the path itself under `label` (its base name by default),
   * and for a directory all below it. Without a label the root is left out and what is below it
   * named from the root (an export's names); with one, moby's rebase names the root "/" and its
   * entries "/bin", and a label "." gives "./" and "./bin".
   */
  archive(path: string, label?: string): (FsEntry & { name: string })[] | undefined {
    const top = this.lookup(path);
    if (top === undefined) return undefined;
    const base = label ?? posix.basename(top.path);
    const prefix = top.path === '/' ? '/' : `${top.path}/`;
    const rename = (entry: FsEntry): FsEntry & { name: string } => {
      const relative = entry.path === top.path ? '' : entry.path.slice(prefix.length);
      const name = base === '' ? relative : relative === '' ? base : base === '/' ? `/${relative}` : `${base}/${relative}`;
      return { ...entry, name: entry.type === 'directory' && !name.endsWith('/') ? `${name}/` : name };
    };
    if (top.type !== 'directory') return [rename(top)];
    const below = [...this.byPath.values()].filter((entry) => entry.path.startsWith(prefix) && entry.path !== '/');
    return [...(base === '' ? [] : [rename(top)]), ...below.sort((a, b) => (a.path < b.path ? -1 : 1)).map(rename)];
  }
}
