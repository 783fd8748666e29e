import { posix } from 'node:path';
import { Readable } from 'node:stream';

/** One entry of an imported layer: what a container's filesystem is made of. */
export interface FsEntry {
  /** Absolute and clean: `/bin/sh`; the root is `/`. */
  readonly path: string;
  readonly type: 'file' | 'directory' | 'symlink';
  readonly size: number;
  /** The tar header's mode bits (permissions and setuid/setgid/sticky). */
  readonly mode: number;
  readonly mtime: Date;
  /** A symlink's target as written in the tar; "" for other entries. */
  readonly linkname: string;
  readonly content: Buffer;
}

/** Absolute, clean form of a tar entry name or a requested path. */
export const cleanPath = (name: string): string => posix.normalize(`/${name}`).replace(/(.)\/$/, '$1');

const TYPES: Readonly<Record<string, FsEntry['type']>> = { file: 'file', 'contiguous-file': 'file', directory: 'directory', symlink: 'symlink' };

/**
 * The entries of a layer tarball (uncompressed). Hard links, devices and fifos are not kept: the
 * simulator's filesystems hold files, directories and symlinks only.
 */
export async function readTar(body: Buffer): Promise<FsEntry[]> {
  const entries: FsEntry[] = [];
  const extract = (await tarStream()).extract();
  Readable.from([body]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const { header } = entry;
    const type = TYPES[header.type ?? 'file'];
    if (type === undefined) continue;
    const content = Buffer.concat(chunks);
    entries.push({
      path: cleanPath(header.name),
      type,
      size: type === 'file' ? content.length : 0,
      mode: header.mode ?? 0o644,
      mtime: header.mtime ?? new Date(0),
      linkname: header.linkname ?? '',
      content,
    });
  }
  return entries;
}

/** tar-stream, loaded on the first archive: ctrd-sim starts without it (its cold start, bench/RESULTS.md section 11). */
const tarStream = async (): Promise<typeof import('tar-stream')> => (await import('tar-stream')).default;

/** A tarball of entries whose names are already relative (`etc/hostname`). */
export async function packTar(entries: readonly (FsEntry & { readonly name: string })[]): Promise<Buffer> {
  const pack = (await tarStream()).pack();
  for (const entry of entries) {
    const header = { name: entry.name, mode: entry.mode, mtime: entry.mtime, uid: 0, gid: 0, type: entry.type };
    if (entry.type === 'file') pack.entry({ ...header, size: entry.content.length }, entry.content);
    else if (entry.type === 'symlink') pack.entry({ ...header, linkname: entry.linkname });
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
