import { posix } from 'node:path';
import { Readable } from 'node:stream';

/** One entry of an imported layer: what a container's filesystem is made of. */
export interface FsEntry {
  /** Absolute and clean: `/bin/sh`; the root is `/`. */
  readonly path: string;
  readonly type: FsEntryType;
  readonly size: number;
  /** The tar header's mode bits (permissions and setuid/setgid/sticky). */
  readonly mode: number;
  readonly mtime: Date;
  /** A symlink's target as written in the tar; "" for other entries. */
  readonly linkname: string;
  readonly content: Buffer;
  /** The owner's user and group IDs as the tar header gives them (absent: root's, 0). */
  readonly uid?: number;
  readonly gid?: number;
  /**
   * A directory of a container's own layer made where something of the layers below was removed
   * (overlay's opaque directory): it hides what they hold below it.
   */
  readonly opaque?: true;
  /** A file or link of the layers below copied up into a container's own layer (by a hard link to it): overlay notes its origin. */
  readonly copiedUp?: true;
  /**
   * A directory copied up into a container's own layer that overlay marked impure (a copy-up wrote
   * into it, or a link to what was copied up went into it): its xattrs take a block of their own,
   * which containerd's snapshot usage counts (observed on 29.7.2).
   */
  readonly impure?: true;
  /** A directory of a mounted tmpfs: stat gives it shmem's size (40 bytes, and 20 for each entry it holds). */
  readonly onTmpfs?: true;
  /** The inode the entry shares with its hard links (absent: one of its own). */
  readonly inode?: number;
  /** A device's numbers (absent: 0). */
  readonly devmajor?: number;
  readonly devminor?: number;
}

/** The kinds of entry the simulator's filesystems hold: all a layer may, but hard links (and sockets, which tar cannot carry). */
export type FsEntryType = 'file' | 'directory' | 'symlink' | 'fifo' | 'char' | 'block';

/** tar-stream's name of each kind (reading a contiguous file as a file). */
const TAR_STREAM_TYPES: Readonly<Record<FsEntryType, 'file' | 'directory' | 'symlink' | 'fifo' | 'character-device' | 'block-device'>> = {
  file: 'file',
  directory: 'directory',
  symlink: 'symlink',
  fifo: 'fifo',
  char: 'character-device',
  block: 'block-device',
};

/** A device's numbers as its entry keeps them (none for 0). */
export const deviceNumbers = (devmajor: number, devminor: number): Pick<FsEntry, 'devmajor' | 'devminor'> => ({
  ...(devmajor === 0 ? {} : { devmajor }),
  ...(devminor === 0 ? {} : { devminor }),
});

let lastInode = 0;
/** A new inode number, for an entry that gets a hard link (unique in the process). */
export const newInode = (): number => ++lastInode;

/** The entries, each inode once (its first path): what a size counts. */
export const distinctInodes = <T extends FsEntry>(entries: readonly T[]): T[] => {
  const seen = new Set<number>();
  return entries.filter((entry) => entry.inode === undefined || (!seen.has(entry.inode) && seen.add(entry.inode) !== undefined));
};

/** An entry's device numbers, 0 where it has none. */
export const rdevOf = (entry: FsEntry): readonly [number, number] => [entry.devmajor ?? 0, entry.devminor ?? 0];

/** An entry's owner: its user and group IDs (root's where it names none). */
export const ownerOf = (entry: FsEntry): { readonly uid: number; readonly gid: number } => ({ uid: entry.uid ?? 0, gid: entry.gid ?? 0 });

/** Absolute, clean form of a tar entry name or a requested path. */
export const cleanPath = (name: string): string => posix.normalize(`/${name}`).replace(/(.)\/$/, '$1');

const TYPES: Readonly<Record<string, FsEntryType>> = {
  ...Object.fromEntries(Object.entries(TAR_STREAM_TYPES).map(([type, name]) => [name, type as FsEntryType])),
  'contiguous-file': 'file',
};

/** One entry of a tarball as its header says it: the name as written, tar-stream's type, the owner and the PAX records. */
export interface TarRecord {
  readonly name: string;
  readonly type: string;
  /** The header's type flag as written ('\0' read as '0'): tar-stream names only the flags it knows. */
  readonly typeflag: string;
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  readonly mtime: Date;
  readonly linkname: string;
  readonly devmajor: number;
  readonly devminor: number;
  readonly pax: Readonly<Record<string, string>>;
  readonly content: Buffer;
}

/** Every entry of a tarball (uncompressed), as written. */
export async function readTarRecords(body: Buffer): Promise<TarRecord[]> {
  const flags = typeflagsOf(body);
  const records: TarRecord[] = [];
  const extract = (await tarStream()).extract();
  Readable.from([body]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const { header } = entry;
    records.push({
      name: header.name,
      type: header.type ?? 'file',
      typeflag: flags[records.length] ?? '0',
      mode: header.mode ?? 0o644,
      uid: header.uid ?? 0,
      gid: header.gid ?? 0,
      mtime: header.mtime ?? new Date(0),
      linkname: header.linkname ?? '',
      devmajor: header.devmajor ?? 0,
      devminor: header.devminor ?? 0,
      pax: (header.pax ?? {}) as Record<string, string>,
      content: Buffer.concat(chunks),
    });
  }
  return records;
}

/** Headers whose data describes the next entry, or the archive: no entry of their own (tar-stream's reading too). */
export const META_FLAGS: ReadonlySet<string> = new Set(['x', 'g', 'L', 'K']);

/** A header's octal number field (GNU's base-256 for a size past its digits). */
export function numberField(block: Buffer, from: number, to: number): number {
  if ((block[from]! & 0x80) !== 0) return block.subarray(from + 1, to).reduce((total, byte) => total * 256 + byte, 0);
  return Number.parseInt(
    block
      .toString('latin1', from, to)
      .replace(/[\0 ]+$/, '')
      .trim() || '0',
    8,
  );
}

/** The type flags of a tarball's entries, in order, as its headers write them (up to the first zero block). */
export function typeflagsOf(body: Buffer): string[] {
  const flags: string[] = [];
  for (let at = 0; at + 512 <= body.length && body[at] !== 0; ) {
    const flag = body[at + 156] === 0 ? '0' : String.fromCharCode(body[at + 156]!);
    const size = numberField(body, at + 124, at + 136);
    if (!Number.isFinite(size) || size < 0) break;
    if (!META_FLAGS.has(flag)) flags.push(flag);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return flags;
}

/** A record as a file system entry at its clean path, or undefined for a type the simulator's filesystems do not hold. */
export function entryOfRecord(record: TarRecord, path = cleanPath(record.name)): FsEntry | undefined {
  const type = TYPES[record.type];
  if (type === undefined) return undefined;
  return {
    path,
    type,
    size: type === 'file' ? record.content.length : 0,
    mode: record.mode,
    mtime: record.mtime,
    linkname: record.linkname,
    content: record.content,
    ...(record.uid === 0 ? {} : { uid: record.uid }),
    ...(record.gid === 0 ? {} : { gid: record.gid }),
    ...(type === 'char' || type === 'block' ? deviceNumbers(record.devmajor, record.devminor) : {}),
  };
}

/**
 * The entries of a layer tarball (uncompressed). A hard link is its target's entry at its own path,
 * both sharing an inode (one to nothing earlier in the tarball is left out).
 */
export async function readTar(body: Buffer): Promise<FsEntry[]> {
  const entries: FsEntry[] = [];
  const byPath = new Map<string, number>();
  for (const record of await readTarRecords(body)) {
    const path = cleanPath(record.name);
    if (record.type === 'link') {
      const at = byPath.get(cleanPath(record.linkname));
      if (at === undefined) continue;
      const target = entries[at]!;
      const inode = target.inode ?? newInode();
      entries[at] = { ...target, inode };
      byPath.set(path, entries.push({ ...target, path, inode }) - 1);
      continue;
    }
    const entry = entryOfRecord(record, path);
    if (entry !== undefined) byPath.set(path, entries.push(entry) - 1);
  }
  return entries;
}

/** tar-stream, loaded on the first archive: ctrd-sim starts without it (its cold start, bench/RESULTS.md section 11). */
const tarStream = async (): Promise<typeof import('tar-stream')> => (await import('tar-stream')).default;

/** A tarball of entries whose names are already relative (`etc/hostname`). */
export async function packTar(entries: readonly (FsEntry & { readonly name: string })[]): Promise<Buffer> {
  const pack = (await tarStream()).pack();
  // An inode met again is a hard link to the name it was first written under (Go's tar writer in moby's tarAppender).
  const written = new Map<number, string>();
  for (const entry of entries) {
    const header = { name: entry.name, mode: entry.mode, mtime: entry.mtime, ...ownerOf(entry), type: TAR_STREAM_TYPES[entry.type] };
    const first = entry.inode === undefined ? undefined : written.get(entry.inode);
    if (entry.inode !== undefined && first === undefined && entry.type !== 'directory') written.set(entry.inode, entry.name);
    if (first !== undefined) pack.entry({ ...header, type: 'link', linkname: first });
    else if (entry.type === 'file') pack.entry({ ...header, size: entry.content.length }, entry.content);
    else if (entry.type === 'symlink') pack.entry({ ...header, linkname: entry.linkname });
    else if (entry.type === 'char' || entry.type === 'block') pack.entry({ ...header, devmajor: entry.devmajor ?? 0, devminor: entry.devminor ?? 0 });
    else pack.entry(header);
  }
  pack.finalize();
  return collect(pack);
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file type bits Go's older archive/tar kept in a header's mode, by typeflag. */
const TYPE_BITS_BY_FLAG: Readonly<Record<string, number>> = {
  '0': 0o100000,
  '\0': 0o100000,
  '5': 0o40000,
  '2': 0o120000,
  '3': 0o20000,
  '4': 0o60000,
  '6': 0o10000,
};

/**
 * A tarball whose headers carry the file type in their mode as well (0100755, 040755, 0120777,
 * 010640 for a fifo, 020666 and 060660 for devices: observed on 20.10.24), as
 * the tar writer of 20.10's Go did; the headers' checksums made again. Other blocks are unchanged.
 */
export function withTypeBitsInModes(tar: Buffer): Buffer {
  const bitsByName = new Map<string, number>();
  return withHeadersRewritten(tar, (header) => {
    const flag = String.fromCharCode(header[156]!);
    const field = (from: number, to: number): string => header.toString('latin1', from, to).replace(/\0.*$/s, '');
    const prefix = field(345, 500);
    const name = prefix === '' ? field(0, 100) : `${prefix}/${field(0, 100)}`;
    // A hard link takes the bits of what it links to, written before it.
    const bits = flag === '1' ? bitsByName.get(field(157, 257)) : TYPE_BITS_BY_FLAG[flag];
    if (bits === undefined) return false;
    bitsByName.set(name, bits);
    const mode = numberField(header, 100, 108);
    header.write(`${(mode | bits).toString(8).padStart(7, '0')}\0`, 100, 8, 'latin1');
    return true;
  });
}

/**
 * The tarball with each header's owner and group names (uname, gname) set from its IDs by `names`,
 * as Go's tar.FileInfoHeader looked them up; the checksums made again. Other blocks are unchanged.
 */
export function withOwnerNames(tar: Buffer, names: { readonly user: (uid: number) => string; readonly group: (gid: number) => string }): Buffer {
  return withHeadersRewritten(tar, (header) => {
    // A PAX or GNU long-name header describes the next one and names no owner.
    if ('xgLK'.includes(String.fromCharCode(header[156]!))) return false;
    const write = (from: number, text: string): void => {
      header.fill(0, from, from + 32);
      header.write(text.slice(0, 31), from, 32, 'latin1');
    };
    write(265, names.user(numberField(header, 108, 116)));
    write(297, names.group(numberField(header, 116, 124)));
    return true;
  });
}

/** A copy of the tarball with `rewrite` applied to each header block (true: it changed it, its checksum made again). */
function withHeadersRewritten(tar: Buffer, rewrite: (header: Buffer) => boolean): Buffer {
  const out = Buffer.from(tar);
  for (let at = 0; at + 512 <= out.length && out[at] !== 0; ) {
    const header = out.subarray(at, at + 512);
    const size = numberField(header, 124, 136);
    if (rewrite(header)) {
      header.fill(0x20, 148, 156);
      const sum = header.reduce((total, byte) => total + byte, 0);
      header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}
