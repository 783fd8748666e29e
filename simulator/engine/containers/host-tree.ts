import {
  type BigIntStats,
  chmodSync,
  lchownSync,
  linkSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { posix } from 'node:path';
import { goPathError } from '../../../common/go-errno.js';
import { type FsEntry, type FsEntryType, newInode } from '../objects/index.js';
import { deviceNumbers } from '../objects/tar-entries.js';
import type { MountPoint } from './mount-points.js';

/**
 * What ctrd-sim reads of a bind's source on its host for a copy (a real daemon reads the same
 * files through the bind): at most this many entries and bytes of file contents, so that a copy
 * never holds more than this in memory; a bind holding more is not modelled.
 */
const MAX_ENTRIES = 4096;
const MAX_BYTES = 16 * 1024 * 1024;

/** Linux's device numbers of a st_rdev (glibc's gnu_dev_major and gnu_dev_minor). */
const major = (rdev: bigint): number => Number(((rdev >> 8n) & 0xfffn) | ((rdev >> 32n) & ~0xfffn));
const minor = (rdev: bigint): number => Number((rdev & 0xffn) | ((rdev >> 12n) & ~0xffn));

function typeOf(stat: BigIntStats): FsEntryType | null {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'directory';
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isFIFO()) return 'fifo';
  if (stat.isCharacterDevice()) return 'char';
  if (stat.isBlockDevice()) return 'block';
  // A socket: tar cannot carry it, moby's archive leaves it out.
  return null;
}

/**
 * The host's files at `source` as entries rooted at `/` (the source itself), each with its mode,
 * owner, time, link target, contents and device numbers, the paths of one inode sharing it; or
 * what keeps ctrd-sim from reading them (too many, too large, unreadable).
 */
export function hostTree(source: string): FsEntry[] | { readonly unmodelled: string } {
  const entries: FsEntry[] = [];
  const inodes = new Map<string, number>();
  let bytes = 0;
  const pending: string[] = ['/'];
  try {
    while (pending.length > 0) {
      const path = pending.shift()!;
      const onHost = path === '/' ? source : posix.join(source, path);
      // The bind's source is followed as mount(2) follows it; what lies below is not.
      const stat = path === '/' ? statSync(onHost, { bigint: true }) : lstatSync(onHost, { bigint: true });
      const type = typeOf(stat);
      if (type === null) continue;
      if (entries.length >= MAX_ENTRIES) return { unmodelled: `a bind of ${source} holding more than ${MAX_ENTRIES} entries` };
      // The size is checked before the read, so a large file is never read whole.
      if (type === 'file' && bytes + Number(stat.size) > MAX_BYTES) return { unmodelled: `a bind of ${source} holding more than ${MAX_BYTES} bytes` };
      const content = type === 'file' ? readFileSync(onHost) : Buffer.alloc(0);
      bytes += content.length;
      const key = `${stat.dev}:${stat.ino}`;
      const shared = type !== 'directory' && stat.nlink > 1n ? (inodes.get(key) ?? inodes.set(key, newInode()).get(key)) : undefined;
      entries.push({
        path,
        type,
        size: type === 'file' ? content.length : 0,
        mode: Number(stat.mode & 0o7777n),
        mtime: new Date(Number(stat.mtimeMs)),
        linkname: type === 'symlink' ? readlinkSync(onHost, 'utf8') : '',
        content,
        uid: Number(stat.uid),
        gid: Number(stat.gid),
        ...(shared === undefined ? {} : { inode: shared }),
        ...(type === 'char' || type === 'block' ? deviceNumbers(major(stat.rdev), minor(stat.rdev)) : {}),
      });
      if (type === 'directory')
        pending.push(
          ...readdirSync(onHost)
            .sort()
            .map((name) => posix.join(path, name)),
        );
    }
  } catch (error) {
    return { unmodelled: `a bind of ${source} ctrd-sim cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  return entries;
}

/** Whether a bind's source is something other than a directory on this host (runc then mounts on a file). */
export function bindsNonDirectory(point: MountPoint): boolean {
  if (point.type !== 'bind') return false;
  try {
    return !statSync(point.hostPath).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A bind's source made on the host where it is missing (moby's Setup: MkdirAll, 0755), as a start
 * or a copy mounts it; null when it is there (a file too) or was made, else the error's words.
 */
export function makeBindSource(point: MountPoint): string | null {
  try {
    mkdirSync(point.hostPath, { recursive: true, mode: 0o755 });
    return null;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    // Go's MkdirAll: a source that is there as a file is no error here.
    if (failure.code === 'ENOTDIR' || failure.code === 'EEXIST') return null;
    return `error while creating mount source path '${point.hostPath}': ${goPathError('mkdir', failure.path ?? point.hostPath, failure)}`;
  }
}

/** The tar type flags of what Node cannot make on a host (mknod: a character or block device, a fifo): an upload of one into a bind is not modelled. */
export const HOST_UNMAKEABLE_FLAGS: ReadonlySet<string> = new Set(['3', '4', '6']);

const sameEntry = (a: FsEntry, b: FsEntry): boolean =>
  a.type === b.type &&
  a.mode === b.mode &&
  (a.uid ?? 0) === (b.uid ?? 0) &&
  (a.gid ?? 0) === (b.gid ?? 0) &&
  a.mtime.getTime() === b.mtime.getTime() &&
  a.linkname === b.linkname &&
  a.content.equals(b.content) &&
  a.inode === b.inode;

/**
 * What an extraction changed in a bind's files (`before` as hostTree read them, `after` as the
 * extraction left them) written to the host at `source`, as Untar would have written them there:
 * what went or changed its kind removed, then each new or changed entry made (a hard link as a link
 * to the first path of its inode), owned, moded and timed, directories' times last. Null, or the
 * first host error's words.
 */
export function writeHostChanges(source: string, before: readonly FsEntry[], after: readonly FsEntry[]): string | null {
  const onHost = (path: string): string => (path === '/' ? source : posix.join(source, path));
  const old = new Map(before.map((entry) => [entry.path, entry]));
  const kept = new Map(after.map((entry) => [entry.path, entry]));
  try {
    for (const entry of before) {
      const now = kept.get(entry.path);
      if (now === undefined || now.type !== entry.type || (now.type !== 'directory' && !sameEntry(now, entry)))
        if (entry.path !== '/') rmSync(onHost(entry.path), { recursive: true, force: true });
    }
    const firstOfInode = new Map<number, string>();
    const changed = after.filter((entry) => {
      const was = old.get(entry.path);
      return was === undefined || !sameEntry(was, entry);
    });
    const rewritten = new Set(changed);
    for (const entry of after)
      if (entry.inode !== undefined && !firstOfInode.has(entry.inode) && !rewritten.has(entry)) firstOfInode.set(entry.inode, entry.path);
    for (const entry of changed) {
      const path = onHost(entry.path);
      const first = entry.inode === undefined ? undefined : firstOfInode.get(entry.inode);
      if (entry.type === 'directory') mkdirSync(path, { recursive: true });
      else if (first !== undefined && first !== entry.path) {
        rmSync(path, { force: true });
        linkSync(onHost(first), path);
        continue;
      } else if (entry.type === 'symlink') {
        rmSync(path, { force: true });
        symlinkSync(entry.linkname, path);
      } else writeFileSync(path, entry.content);
      if (entry.inode !== undefined && !firstOfInode.has(entry.inode)) firstOfInode.set(entry.inode, entry.path);
      lchownSync(path, entry.uid ?? 0, entry.gid ?? 0);
      if (entry.type !== 'symlink') chmodSync(path, entry.mode);
      if (entry.type !== 'directory') lutimesSync(path, entry.mtime, entry.mtime);
    }
    // A directory's time last: what was made in it touched it.
    for (const entry of [...changed].reverse()) if (entry.type === 'directory') utimesSync(onHost(entry.path), entry.mtime, entry.mtime);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    return goPathError(failure.syscall ?? 'write', failure.path ?? source, failure);
  }
  return null;
}
