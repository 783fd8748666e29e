import { posix } from 'node:path';
import { isOlder } from '../../../common/dotted-version.js';

/**
 * What Untar does by release, for a container's upload and a plugin's rootfs alike: before 28.0
 * pkg/archive in a chroot (a missing parent made by MkdirAll, errors naming the chroot's absolute
 * paths), from 28.0 go-archive in an os.Root at the point (errors of the `…at` calls, names relative
 * to it). The releases before it also refuse a symlink leading out and give made directories the
 * set-group-ID bit of their parent. Observed on 20.10.24 and 26.1.5, neither on 28.5.2 and 29.7.2:
 * what changed was not located, and the releases between were not observed.
 */
export const NEWER_EXTRACTION_FROM = '28.0';

/** Whether the release untars as go-archive in an os.Root (NEWER_EXTRACTION_FROM). */
export const untarsInRoot = (release: string): boolean => !isOlder(release, NEWER_EXTRACTION_FROM);

/**
 * Whether the release's go-archive refuses an entry name or a hard link's target that is not local
 * once its leading "/" is dropped (filepath.IsLocal: "invalid entry name", "invalid hardlink
 * target", moby docker-v29.7.0). Debian's 28.5.2+dfsg4, the 28.5 observed, builds with a go-archive
 * that has it too (observed 2026-12-06 and 2026-12-07); the other releases refuse a name that Clean
 * leaves outside the point ("… is outside of …") and take the rest as cleaned, so `/../x` is `x`.
 */
export const checksLocalNames = (release: string): boolean => !isOlder(release, '29.7') || release === '28.5';

/**
 * The mode of a regular file as Untar's OpenFile makes it, before it copies the data (and, once
 * copied, sets the header's mode): its header's bits under the daemon's umask 022, set-user-ID
 * too before 28.0; go-archive's os.Root keeps the permission bits alone, from 29.0 without the
 * umask. Observed 2026-12-07 through a file whose data the tar cuts short (mode 04777: 20.10.24
 * and 26.1.5 04755, 28.5.2 0755, 29.7.2 0777); the cut at 29.0 is placed, not located.
 */
export function openedFileMode(release: string, headerMode: number): number {
  if (isOlder(release, NEWER_EXTRACTION_FROM)) return headerMode & 0o7777 & ~0o022;
  return isOlder(release, '29.0') ? headerMode & 0o777 & ~0o022 : headerMode & 0o777;
}

/** A name with its leading "/" dropped, cleaned; null when it leads out (filepath.IsLocal). */
export function localName(name: string): string | null {
  const local = posix.normalize(name.replace(/^\/+/, '')).replace(/\/+$/, '');
  return local === '..' || local.startsWith('../') ? null : local;
}

/** What an entry's create is: its kind, and a symlink's or a hard link's target as the call names it. */
export type Made =
  | { readonly type: 'file' | 'directory' | 'fifo' | 'char' | 'block' }
  | { readonly type: 'symlink'; readonly linkname: string }
  | { readonly type: 'hardlink'; readonly target: string };

/**
 * The error of the create of an entry at `name`: os's before 28.0, os.Root's (…at, its name
 * relative to the point) from 28.0. A fifo's or a device's mknod gives its bare errno before 28.0;
 * from 28.0 the open of its parent fails first (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
export function createFailure(made: Made, name: string, older: boolean, failed: string): string {
  const at = older ? '' : 'at';
  switch (made.type) {
    case 'directory':
      return `mkdir${at} ${name}: ${failed}`;
    case 'symlink':
      return `symlink${at} ${made.linkname} ${name}: ${failed}`;
    case 'hardlink':
      return `link${at} ${made.target} ${name}: ${failed}`;
    case 'fifo':
    case 'char':
    case 'block':
      return older ? failed : `openat ${posix.dirname(name)}: ${failed}`;
    default:
      return `open${at} ${name}: ${failed}`;
  }
}
