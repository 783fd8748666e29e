import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { goErrnoWords } from '../../../common/go-errno.js';

/**
 * What a local volume's mount(2) does on this host, as moby/sys/mount's Mount and Linux see it:
 * the options string split into flags and data (parseOptions), the mount error's words
 * (mountError), and the kernel's answer for the kinds ctrd-sim models: a bind of a host directory
 * and a tmpfs. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 on Linux 6.18 (2026-12-07).
 */

/** Linux's mount flags that moby/sys/mount's option names set or clear. */
const MS = {
  RDONLY: 0x1,
  NOSUID: 0x2,
  NODEV: 0x4,
  NOEXEC: 0x8,
  SYNCHRONOUS: 0x10,
  REMOUNT: 0x20,
  MANDLOCK: 0x40,
  DIRSYNC: 0x80,
  NOATIME: 0x400,
  NODIRATIME: 0x800,
  BIND: 0x1000,
  REC: 0x4000,
  UNBINDABLE: 0x20000,
  PRIVATE: 0x40000,
  SLAVE: 0x80000,
  SHARED: 0x100000,
  RELATIME: 0x200000,
  STRICTATIME: 0x1000000,
} as const;

/** The propagation types, which Mount applies in a second call and leaves out of the first. */
const PROPAGATION_TYPES = MS.SHARED | MS.PRIVATE | MS.SLAVE | MS.UNBINDABLE;

/** moby/sys/mount's flags table: an option name, whether it clears its flag, the flag. */
const FLAG_OPTIONS: Readonly<Record<string, readonly [boolean, number]>> = {
  defaults: [false, 0],
  ro: [false, MS.RDONLY],
  rw: [true, MS.RDONLY],
  suid: [true, MS.NOSUID],
  nosuid: [false, MS.NOSUID],
  dev: [true, MS.NODEV],
  nodev: [false, MS.NODEV],
  exec: [true, MS.NOEXEC],
  noexec: [false, MS.NOEXEC],
  sync: [false, MS.SYNCHRONOUS],
  async: [true, MS.SYNCHRONOUS],
  dirsync: [false, MS.DIRSYNC],
  remount: [false, MS.REMOUNT],
  mand: [false, MS.MANDLOCK],
  nomand: [true, MS.MANDLOCK],
  atime: [true, MS.NOATIME],
  noatime: [false, MS.NOATIME],
  diratime: [true, MS.NODIRATIME],
  nodiratime: [false, MS.NODIRATIME],
  bind: [false, MS.BIND],
  rbind: [false, MS.BIND | MS.REC],
  unbindable: [false, MS.UNBINDABLE],
  runbindable: [false, MS.UNBINDABLE | MS.REC],
  private: [false, MS.PRIVATE],
  rprivate: [false, MS.PRIVATE | MS.REC],
  shared: [false, MS.SHARED],
  rshared: [false, MS.SHARED | MS.REC],
  slave: [false, MS.SLAVE],
  rslave: [false, MS.SLAVE | MS.REC],
  relatime: [false, MS.RELATIME],
  norelatime: [true, MS.RELATIME],
  strictatime: [false, MS.STRICTATIME],
  nostrictatime: [true, MS.STRICTATIME],
};

/** parseOptions: the flags the names set (a flag of 0, "defaults", goes to the data), the rest joined as data. */
export function parseMountOptions(options: string): { readonly flags: number; readonly data: string } {
  let flags = 0;
  const data: string[] = [];
  for (const option of options.split(',')) {
    const known = FLAG_OPTIONS[option];
    if (known === undefined || known[1] === 0) data.push(option);
    else flags = known[0] ? flags & ~known[1] : flags | known[1];
  }
  return { flags: flags >>> 0, data: data.join(',') };
}

/** mountError's words for the first mount(2): `mount <device>:<target>[, flags: 0x…][, data: …]: <errno>`. */
const mountError = (device: string, target: string, flags: number, data: string, errno: string): string =>
  `mount ${device}:${target}${flags === 0 ? '' : `, flags: 0x${flags.toString(16)}`}${data === '' ? '' : `, data: ${data}`}: ${errno}`;

/** A tmpfs as mounted: its root's mode and owner, and whether it is read-only. */
export interface TmpfsRoot {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  readonly readOnly: boolean;
  /** The most bytes (rounded up to pages) and inodes it holds; absent: no limit ctrd-sim keeps. */
  readonly maxBytes?: number;
  readonly maxInodes?: number;
}

export type MountOutcome =
  | { readonly kind: 'tmpfs'; readonly root: TmpfsRoot }
  | { readonly kind: 'bind'; readonly hostPath: string; readonly readOnly: boolean }
  /** The mount error's words (the local driver prefixes "failed to mount local volume: "). */
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'unmodelled'; readonly what: string };

/** The errnos mount(2) answers, as the host's stat does, for a bind's source it cannot take. */
const BIND_ERRNOS = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/** A tmpfs' page: what its size limit is counted in. */
export const TMPFS_PAGE = 4096;
const U32_MAX = 0xffffffff;

/** Linux's digits in base 0: `0x` hexadecimal, a leading 0 octal, else decimal. */
const BASE_ZERO_DIGITS = '0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*';
const LEADING_DIGITS = new RegExp(`^(${BASE_ZERO_DIGITS})?`);
const U32_TEXT = { 0: new RegExp(`^\\+?(${BASE_ZERO_DIGITS})$`), 8: /^\+?([0-7]+)$/ } as const;
const baseZeroValue = (digits: string): bigint =>
  /^0[xX]/.test(digits) ? BigInt(digits) : digits.length > 1 && digits.startsWith('0') ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);

/** Linux's memparse: simple_strtoull in base 0, then one K/M/G/T/P/E suffix; what is left. */
function memparse(text: string): { readonly value: bigint; readonly rest: string } {
  const digits = LEADING_DIGITS.exec(text)![0];
  let value = digits === '' ? 0n : baseZeroValue(digits);
  let rest = text.slice(digits.length);
  const shift = { k: 10n, m: 20n, g: 30n, t: 40n, p: 50n, e: 60n }[rest.charAt(0).toLowerCase()];
  if (shift !== undefined) {
    value <<= shift;
    rest = rest.slice(1);
  }
  return { value, rest };
}

/** kstrtouint: an optional "+", then base 0 (0x hexadecimal, 0 octal) or the base given; null where it is no u32. */
function kstrtouint(text: string, base: 0 | 8): number | null {
  const match = U32_TEXT[base].exec(text);
  if (match === null) return null;
  const value = base === 8 ? BigInt(`0o${match[1]}`) : baseZeroValue(match[1]!);
  return value > BigInt(U32_MAX) ? null : Number(value);
}

/** tmpfs' parameters ctrd-sim does not model (NUMA policies, huge pages, inode numbers, swap, quotas, encodings). */
const TMPFS_UNMODELLED = new Set(['mpol', 'huge', 'inode32', 'inode64', 'noswap', 'quota', 'usrquota', 'grpquota', 'casefold', 'strict_encoding', 'source']);
/** The superblock flags the kernel reads from the data (those moby/sys/mount leaves there), not modelled. */
const SB_FLAGS_UNMODELLED = new Set(['lazytime', 'nolazytime', 'posixacl', 'silent']);

/** shmem's parse of the data (Linux 6.18 shmem_fs_parameters): the root it makes, false for EINVAL, or what is not modelled. */
function tmpfsRoot(data: string, readOnly: boolean): TmpfsRoot | false | { readonly unmodelled: string } {
  const owner = { mode: 0o1777, uid: 0, gid: 0 };
  let maxBytes: number | undefined;
  let maxInodes: number | undefined;
  for (const option of data.split(',')) {
    if (option === '') continue;
    const equals = option.indexOf('=');
    const key = equals < 0 ? option : option.slice(0, equals);
    const value = equals < 0 ? null : option.slice(equals + 1);
    if (TMPFS_UNMODELLED.has(key) || key.endsWith('_hardlimit') || SB_FLAGS_UNMODELLED.has(key)) return { unmodelled: `a tmpfs volume's option ${key}` };
    if (value === null || value === '') return false;
    if (key === 'size' || key === 'nr_blocks' || key === 'nr_inodes') {
      const parsed = memparse(value);
      if (key === 'size' && parsed.rest === '%') return { unmodelled: "a tmpfs volume's size in percent" };
      if (parsed.rest !== '') return false;
      // 0 is no limit; a later option of the same name overrides an earlier one.
      const limit = parsed.value === 0n ? undefined : Number(parsed.value > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : parsed.value);
      if (key === 'nr_inodes') maxInodes = limit;
      else maxBytes = limit === undefined ? undefined : key === 'size' ? Math.ceil(limit / TMPFS_PAGE) * TMPFS_PAGE : limit * TMPFS_PAGE;
      continue;
    }
    if (key === 'mode') {
      const mode = kstrtouint(value, 8);
      if (mode === null) return false;
      owner.mode = mode & 0o7777;
      continue;
    }
    if (key === 'uid' || key === 'gid') {
      const id = kstrtouint(value, 0);
      // The initial user namespace maps every ID but (uid_t)-1.
      if (id === null || id === U32_MAX) return false;
      owner[key] = id;
      continue;
    }
    return false;
  }
  return { ...owner, readOnly, ...(maxBytes === undefined ? {} : { maxBytes }), ...(maxInodes === undefined ? {} : { maxInodes }) };
}

const MAX_FILESYSTEMS_READ = 64 * 1024;

/** Whether the kernel would answer ENODEV for `type`: a type /proc/filesystems lacks, on a kernel that cannot load modules. */
function unknownFilesystem(type: string): boolean | null {
  let listed: string;
  try {
    listed = readFileSync('/proc/filesystems', 'utf8').slice(0, MAX_FILESYSTEMS_READ);
  } catch {
    return null;
  }
  const names = listed.split('\n').map((line) => line.split('\t').pop()?.trim() ?? '');
  if (names.includes(type)) return false;
  // A kernel with modules may load one named fs-<type>: what that mount would do is not known here.
  return existsSync('/proc/sys/kernel/modprobe') ? null : true;
}

/**
 * The local driver's mount of `device` over `target` with `type` and the options `o`
 * (moby/sys/mount's Mount, then Linux): a bind of a host directory, a tmpfs, the error, or what is
 * not modelled (a remount, another file system, a device path not absolute).
 */
export function localMount(device: string, type: string, options: string, target: string): MountOutcome {
  const { flags, data } = parseMountOptions(options);
  const first = flags & ~PROPAGATION_TYPES;
  if (type === 'nfs' || type === 'cifs') return { kind: 'unmodelled', what: `a ${type} volume (it reaches another host)` };
  if ((flags & MS.REMOUNT) !== 0 || device === '' || device === 'none')
    return { kind: 'unmodelled', what: `a local volume remounted (device ${JSON.stringify(device)})` };
  const failed = (errno: string): MountOutcome => ({ kind: 'failed', message: mountError(device, target, first, data, errno) });
  const readOnly = (first & MS.RDONLY) !== 0;
  if ((first & MS.BIND) !== 0) {
    if (!device.startsWith('/')) return { kind: 'unmodelled', what: `a local volume bound from the relative path ${JSON.stringify(device)}` };
    let directory: boolean;
    try {
      directory = statSync(device).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const errno = BIND_ERRNOS.has(code ?? '') ? goErrnoWords(code) : undefined;
      if (errno === undefined) return { kind: 'unmodelled', what: `a local volume bound from ${device}, which ctrd-sim cannot stat` };
      return failed(errno);
    }
    if (!directory) return failed('not a directory');
    return { kind: 'bind', hostPath: realpathSync(device), readOnly };
  }
  if (type === 'tmpfs') {
    const root = tmpfsRoot(data, readOnly);
    if (root === false) return failed('invalid argument');
    if ('unmodelled' in root) return { kind: 'unmodelled', what: root.unmodelled };
    return { kind: 'tmpfs', root };
  }
  const unknown = type === '' ? null : unknownFilesystem(type);
  if (unknown === true) return failed('no such device');
  return { kind: 'unmodelled', what: `a local volume of type ${JSON.stringify(type)}` };
}
