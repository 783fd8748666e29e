import { existsSync, readFileSync } from 'node:fs';
import { pack } from 'tar-stream';

/** One entry of a tarball the suites import as an image's only layer. */
export type TarEntry =
  | { readonly type: 'directory'; readonly name: string }
  | { readonly type: 'file'; readonly name: string; readonly content: Buffer; readonly mode?: number }
  | { readonly type: 'symlink'; readonly name: string; readonly target: string };

/** A fixed modification time: the same entries always make the same tarball (and image). */
const MTIME = new Date('2026-01-01T00:00:00Z');

/** The tarball of `entries`, in memory. */
export async function tarball(entries: readonly TarEntry[]): Promise<Buffer> {
  const archive = pack();
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const entry of entries) {
    if (entry.type === 'directory') archive.entry({ name: entry.name, type: 'directory', mode: 0o755, mtime: MTIME });
    else if (entry.type === 'symlink') archive.entry({ name: entry.name, type: 'symlink', linkname: entry.target, mode: 0o777, mtime: MTIME });
    else archive.entry({ name: entry.name, type: 'file', mode: entry.mode ?? 0o644, mtime: MTIME }, entry.content);
  }
  archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** Debian's busybox-static (scripts/provision-busybox.sh); its absence leaves a placeholder. */
const BUSYBOX = '/bin/busybox';

/**
 * The suites' own base image: a static busybox as /bin/busybox with /bin/sh pointing at it, and a
 * few files under /etc. Nothing is pulled from a registry. Where busybox is not installed the
 * binary is a placeholder: containers of it can be created and inspected, not run usefully.
 */
export const BASE_ENTRIES: readonly TarEntry[] = [
  { type: 'directory', name: 'bin' },
  {
    type: 'file',
    name: 'bin/busybox',
    content: existsSync(BUSYBOX) ? readFileSync(BUSYBOX) : Buffer.from('#!/bin/sh\n# ctr-conformance placeholder: busybox-static is not installed\n'),
    mode: 0o755,
  },
  { type: 'symlink', name: 'bin/sh', target: 'busybox' },
  { type: 'directory', name: 'etc' },
  { type: 'file', name: 'etc/ctc-release', content: Buffer.from('ctr-conformance base image\n') },
  { type: 'file', name: 'etc/hostname', content: Buffer.from('ctc\n') },
];

let base: Promise<Buffer> | undefined;
export const baseTarball = (): Promise<Buffer> => (base ??= tarball(BASE_ENTRIES));
