import { posix } from 'node:path';
import { isOlder } from '../../../common/dotted-version.js';
import { entryOfRecord, type FsEntry, type TarRecord } from '../objects/index.js';
import { hardLinkTarget, linkedEntry } from './hard-link.js';
import { checksLocalNames, createFailure } from './untar-variants.js';

/**
 * An upload's first entry into a file system mounted read-only (a volume its driver mounts with
 * `ro`): the first call that writes fails with EROFS, in the words each release gives that call.
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-08, tmpfs and bind volumes mounted `ro`):
 * - a missing parent: its mkdir ("mkdir /data/sub", from 28.0 "mkdirat sub");
 * - what is at the path, unless both are directories: its removal ("unlinkat /data/old", from 28.0
 *   "RemoveAll old");
 * - a hard link: its target looked up first (a missing one is ENOENT, 404 from 24.0), then its link;
 * - an existing directory: its Lchown ("lchown /data/d"; from 23.0 `failed to Lchown "/data/d" for
 *   UID 0, GID 0: lchown /data/d`, from 28.0 with "lchownat" and the name relative to the point);
 * - else its create, as createFailure words it, but a fifo's or device's mknod gives the bare errno.
 * Before 28.0 the names are the container's paths (the volume's mount point before them), from 28.0
 * relative to the extraction point.
 */

const EROFS = 'read-only file system';

/** From it Untar wraps a failed Lchown with the path and the IDs (moby v23.0.0 pkg/archive). */
const LCHOWN_WRAPPED_FROM = '23.0';

export interface ReadOnlyEntry {
  readonly release: string;
  /** Before 28.0: pkg/archive in a chroot, its errors naming absolute paths. */
  readonly older: boolean;
  readonly at: (path: string) => FsEntry | undefined;
  /** The extraction point within the file system written to, and where that file system is mounted in the container. */
  readonly dest: string;
  readonly mountedAt: string;
  readonly record: TarRecord;
  /** Where the entry goes, its name from 28.0 (relative to the point), and the parents MkdirAll would make. */
  readonly path: string;
  readonly shown: string;
  readonly made: readonly string[];
  readonly owner: { readonly uid: number; readonly gid: number };
  /** Whether the record's type is one Untar makes entries of (else "unhandled tar header type", once the way is made). */
  readonly handled: boolean;
}

export type ReadOnlyOutcome = { readonly refused: string } | { readonly notFound: true } | { readonly unmodelled: string };

/** The first failing call's error for the entry. */
export function readOnlyRefusal(e: ReadOnlyEntry): ReadOnlyOutcome {
  const named = (path: string): string => (e.older ? posix.join(e.mountedAt, path) : posix.relative(e.dest, path) || '.');
  const name = e.older ? named(e.path) : e.shown;
  if (e.made.length > 0) return { refused: createFailure({ type: 'directory' }, named(e.made[0]!), e.older, EROFS) };
  const existing = e.at(e.path);
  const directory = e.record.type === 'directory';
  if (existing !== undefined && !(existing.type === 'directory' && directory))
    return { refused: e.older ? `unlinkat ${name}: ${EROFS}` : `RemoveAll ${name}: ${EROFS}` };
  if (!e.handled) return { refused: `unhandled tar header type ${e.record.typeflag.charCodeAt(0)}` };
  if (e.record.type === 'link') {
    const target = hardLinkTarget(e.at, e.dest, e.record.linkname, e.older, checksLocalNames(e.release));
    if (!('path' in target)) return target;
    const targetNamed = e.older ? named(target.path) : target.named;
    const linked = linkedEntry(e.at, e.older ? '/' : e.dest, target.path, !e.older);
    const failure = 'failed' in linked ? linked.failed : EROFS;
    if (failure === 'no such file or directory' && !isOlder(e.release, '24.0')) return { notFound: true };
    return { refused: createFailure({ type: 'hardlink', target: targetNamed }, name, e.older, failure) };
  }
  if (existing !== undefined) {
    const call = `lchown${e.older ? '' : 'at'} ${name}: ${EROFS}`;
    if (isOlder(e.release, LCHOWN_WRAPPED_FROM)) return { refused: call };
    return { refused: `failed to Lchown ${JSON.stringify(name)} for UID ${e.owner.uid}, GID ${e.owner.gid}: ${call}` };
  }
  const entry = entryOfRecord(e.record, e.path);
  if (entry === undefined) return { unmodelled: `a ${e.record.type} entry into a read-only volume` };
  if (entry.type === 'fifo' || entry.type === 'char' || entry.type === 'block') return { refused: EROFS };
  return { refused: createFailure(entry.type === 'symlink' ? { type: 'symlink', linkname: entry.linkname } : { type: entry.type }, name, e.older, EROFS) };
}
