import type { LayerFilesystem } from '../objects/filesystem.js';
import { goAtoi } from '../go-strconv.js';

/**
 * moby/sys/user's reading of /etc/passwd and /etc/group (its ParsePasswdFilter and
 * ParseGroupFilter): lines as bufio.Scanner cuts them (at most 64 KiB for passwd, 1 MiB for
 * group, else "bufio.Scanner: token too long"), trimmed of Unicode space, blank lines (and, in
 * group only, comments) skipped, fields split at every colon, numbers read by Atoi with errors
 * ignored. Observed on 28.5.2 and 29.7.2 (2026-12-07): a passwd line of 65 536 bytes fails, one
 * of 65 535 does not; a group line of 1 MiB fails, one a byte shorter does not.
 */

/** What a lookup reads from a file: nothing (moby passes a nil reader), its lines, or the error reading it gave. */
export type UserFile = { readonly absent: true } | { readonly lines: readonly Buffer[] } | { readonly error: string };

export type FileKind = 'passwd' | 'group';

/** The scanner's largest line of each file. */
const MAX_LINE: Readonly<Record<FileKind, number>> = { passwd: 64 * 1024, group: 1024 * 1024 };

/** openUserFile's cap on what it reads (GetExecUserPath; GetAdditionalGroupsPath opens with os.Open, uncapped). */
const MAX_FILE = 10 * 1024 * 1024;

/** How a file is opened: GetExecUserPath's openUserFile (regular files only, capped) or os.Open. */
export type Opener = 'regular-only' | 'any';

/**
 * How group lines are cut: bufio.Scanner's (bounded, above) or, in the library 20.10.24 and
 * 26.1.5 link, bufio.Reader's ReadLine joined up to the newline (any length; observed: a group
 * line of 1 MiB is read there).
 */
export type GroupLines = 'scanner' | 'whole';

/** A passwd or group file's content read from elsewhere (the daemon's own, `full`), as os.Open and the scanner read it. */
export const scanUserFile = (content: Buffer, kind: FileKind, full: string): UserFile => scanLines(content, MAX_LINE[kind], Number.POSITIVE_INFINITY, full);

/**
 * The file at `path` (resolved, clean; `full` names it from the host's root) as the lookup reads
 * it: a missing one is absent; a directory absent for openUserFile, else a read error.
 */
export function readUserFile(fs: LayerFilesystem, path: string, full: string, kind: FileKind, opener: Opener, groupLines: GroupLines = 'scanner'): UserFile {
  const entry = fs.lookup(path, true);
  if (entry === undefined) return { absent: true };
  if (entry.type === 'directory') return opener === 'regular-only' ? { absent: true } : { error: `read ${full}: is a directory` };
  const maxLine = kind === 'group' && groupLines === 'whole' ? Number.POSITIVE_INFINITY : MAX_LINE[kind];
  return scanLines(entry.content, maxLine, opener === 'regular-only' ? MAX_FILE : Number.POSITIVE_INFINITY, full);
}

/**
 * bufio.ScanLines over `content` read through a reader that fails past `limit` bytes: a line
 * (its newline not counted) of `maxLine` bytes or more fails once the scanner's buffer is full,
 * which is before the limit is reached only when the line starts `maxLine` bytes before it.
 */
function scanLines(content: Buffer, maxLine: number, limit: number, full: string): UserFile {
  const lines: Buffer[] = [];
  for (let start = 0; start < content.length; ) {
    const newline = content.indexOf(0x0a, start);
    const end = newline < 0 ? content.length : newline;
    if (end - start >= maxLine && start + maxLine <= limit) return { error: 'bufio.Scanner: token too long' };
    const line = content.subarray(start, end);
    lines.push(line.at(-1) === 0x0d ? line.subarray(0, -1) : line);
    start = end + 1;
  }
  if (content.length > limit) return { error: `read ${full}: file exceeds ${MAX_FILE} bytes` };
  return { lines };
}

/** Go's unicode.IsSpace runes in UTF-8, for bytes.TrimSpace. */
const SPACES: readonly Buffer[] = [
  ...'\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
].map((rune) => Buffer.from(rune, 'utf8'));

/** The length of the space rune `bytes` starts with (`atEnd`: ends with), or 0. */
const spaceAt = (bytes: Buffer, atEnd: boolean): number =>
  SPACES.find((s) => bytes.length >= s.length && (atEnd ? bytes.subarray(bytes.length - s.length) : bytes.subarray(0, s.length)).equals(s))?.length ?? 0;

/** Go's bytes.TrimSpace. */
function trimSpace(line: Buffer): Buffer {
  const [first = 0, last = 0] = [line[0], line.at(-1)];
  if (first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80) return line;
  let out = line;
  for (let n = spaceAt(out, false); n > 0; n = spaceAt(out, false)) out = out.subarray(n);
  for (let n = spaceAt(out, true); n > 0; n = spaceAt(out, true)) out = out.subarray(0, out.length - n);
  return out;
}

/** Atoi with its error ignored, as parseLine reads a number: 0 for a syntax error, the int64 bound for one out of range. */
function looseNumber(field: Buffer | undefined): bigint {
  const text = (field ?? Buffer.alloc(0)).toString('latin1');
  if (/^[0-9]{1,18}$/.test(text)) return BigInt(text);
  const parsed = goAtoi(text);
  if (!('error' in parsed)) return parsed.value;
  if (!parsed.error.endsWith('value out of range')) return 0n;
  return text.startsWith('-') ? -(2n ** 63n) : 2n ** 63n - 1n;
}

/** The first `count` fields of a line split at every colon (Go's bytes.Split; parseLine reads no more). */
function fieldsOf(line: Buffer, count: number): Buffer[] {
  const fields: Buffer[] = [];
  let start = 0;
  for (let colon = line.indexOf(0x3a); colon >= 0 && fields.length < count; colon = line.indexOf(0x3a, start)) {
    fields.push(line.subarray(start, colon));
    start = colon + 1;
  }
  if (fields.length < count) fields.push(line.subarray(start));
  return fields;
}

export interface PasswdEntry {
  readonly name: Buffer;
  readonly uid: bigint;
  /** The primary group's ID. */
  readonly gid: bigint;
}

export interface GroupEntry {
  readonly name: Buffer;
  readonly gid: bigint;
  readonly members: readonly Buffer[];
}

/** The entries of a passwd file's lines. */
export const passwdEntries = (lines: readonly Buffer[]): PasswdEntry[] =>
  lines
    .map(trimSpace)
    .filter((line) => line.length > 0)
    .map((line) => {
      const fields = fieldsOf(line, 4);
      return { name: fields[0] ?? Buffer.alloc(0), uid: looseNumber(fields[2]), gid: looseNumber(fields[3]) };
    });

/** The entries of a group file's lines (comments skipped). */
export const groupEntries = (lines: readonly Buffer[]): GroupEntry[] =>
  lines
    .map(trimSpace)
    .filter((line) => line.length > 0 && line[0] !== 0x23)
    .map((line) => {
      const fields = fieldsOf(line, 4);
      const list = fields[3];
      return { name: fields[0] ?? Buffer.alloc(0), gid: looseNumber(fields[2]), members: list === undefined || list.length === 0 ? [] : fieldsOfList(list) };
    });

/** A comma-separated list (strings.Split at ","). */
const fieldsOfList = (list: Buffer): Buffer[] =>
  list
    .toString('latin1')
    .split(',')
    .map((member) => Buffer.from(member, 'latin1'));
