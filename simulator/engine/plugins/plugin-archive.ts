import { posix } from 'node:path';
import { type GoTarHeader, UNEXPECTED_EOF, walkGoTar } from './go-tar-reader.js';
import { releaseHas } from './plugin-changes.js';
import { RootfsTree } from './rootfs-tree.js';

/**
 * A plugin's archive as moby's CreateFromContext reads it (splitConfigRootFSFromTar): a goroutine
 * reads the body with Go's tar reader, keeps the last `config.json`, writes every entry under
 * `rootfs/` (renamed to its path in the rootfs, a hard link's target too) to a pipe that
 * chrootarchive.Untar unpacks, and discards the rest. A read that fails closes the pipe with its
 * error, which the unpack returns.
 */

/** One entry of the rootfs as it goes through the pipe. */
export interface RootfsEntry {
  readonly header: GoTarHeader;
  readonly data: Buffer;
}

/** What the unpack of the archive gave: the config (null when there is none) and the rootfs, a refusal in the release's words, or an unpack not modelled. */
export type PluginArchive =
  | { readonly kind: 'read'; readonly config: Buffer | null; readonly rootfs: readonly RootfsEntry[] }
  | { readonly kind: 'refused'; readonly message: string; readonly rootfsWritten: boolean }
  | { readonly kind: 'unmodelled'; readonly rootfsWritten: boolean };

const CONFIG_FILE = 'config.json';
const ROOTFS = 'rootfs';

/** Go's path.Clean. */
const goClean = (name: string): string => {
  const normal = posix.normalize(name);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
};

/** The entry under its path in the rootfs (`rootfs/a/b` → `a/b`, `rootfs` → `.`); a hard link to `rootfs/…` (in any case) links to its path there. */
function inRootfs(header: GoTarHeader, parts: readonly string[]): GoTarHeader {
  const linkname =
    header.typeflag === '1' && header.linkname.toLowerCase().startsWith(`${ROOTFS}/`) ? header.linkname.slice(ROOTFS.length + 1) : header.linkname;
  return {
    ...header,
    name: goClean(
      parts
        .slice(1)
        .filter((part) => part !== '')
        .join('/'),
    ),
    linkname,
  };
}

/** What the pipe carried before it failed, in moby's words (before the release words them). */
type PipeFailure = { readonly message: string; readonly rootfsWritten: boolean; readonly midEntry: boolean };

/** The archive read entry by entry, the rootfs unpacked as it comes. */
function readArchive(
  body: Buffer,
  release: string,
): { readonly config: Buffer | null; readonly rootfs: RootfsEntry[] } | PipeFailure | { readonly unpackFailed: string } | { readonly unmodelled: true } {
  const walk = walkGoTar(body);
  const tree = new RootfsTree(release);
  const rootfs: RootfsEntry[] = [];
  let config: Buffer | null = null;
  const failed = (message: string, midEntry = false): PipeFailure => ({ message, rootfsWritten: rootfs.length > 0, midEntry });
  for (const { header, data, cut } of walk.entries) {
    const cleaned = goClean(header.name);
    const name = cleaned.startsWith('/') ? cleaned.slice(1) : cleaned;
    if (name === CONFIG_FILE) {
      if (cut) return failed(`failed to read ${CONFIG_FILE}: ${UNEXPECTED_EOF}`);
      config = data;
    }
    const parts = name.split('/');
    if (parts[0] !== ROOTFS) {
      // A discarded entry cut short: the next Next finds its data missing.
      if (cut) return failed(`failed to read from tar: ${UNEXPECTED_EOF}`);
      continue;
    }
    const entry = { header: inRootfs(header, parts), data };
    rootfs.push(entry);
    if (cut) return failed(`error copying tar data: ${UNEXPECTED_EOF}`, true);
    const unpacked = tree.add(entry.header.name, entry.header.typeflag, entry.header.linkname);
    if ('unmodelled' in unpacked) return unpacked;
    if ('refused' in unpacked) return { unpackFailed: unpacked.refused };
  }
  if (walk.end.kind === 'error') return failed(`failed to read from tar: ${walk.end.message}`);
  const finished = tree.finish();
  if ('unmodelled' in finished) return finished;
  if ('refused' in finished) return { unpackFailed: finished.refused };
  return { config, rootfs };
}

/**
 * The archive's config and rootfs, or why the create stops at the unpack, as the release words it:
 * before 24.0 the unpack runs in a child process, so a failure after rootfs entries went through
 * is "Error processing tar file(…)" (its own `unexpected EOF` when the pipe broke inside an
 * entry); no rootfs at all is "no rootfs found: EOF" before 28.1.
 */
export function readPluginArchive(body: Buffer, release: string): PluginArchive {
  const read = readArchive(body, release);
  if ('unmodelled' in read) return { kind: 'unmodelled', rootfsWritten: true };
  // The unpack's own error: before 24.0 its child process's, wrapped as it exits.
  if ('unpackFailed' in read)
    return {
      kind: 'refused',
      message: releaseHas(release, 'untarInProcess') ? read.unpackFailed : `Error processing tar file(exit status 1): ${read.unpackFailed}`,
      rootfsWritten: true,
    };
  if ('message' in read) {
    if (!read.rootfsWritten || releaseHas(release, 'untarInProcess')) return { kind: 'refused', message: read.message, rootfsWritten: read.rootfsWritten };
    const message = read.midEntry ? `Error processing tar file(exit status 1): ${UNEXPECTED_EOF}` : `Error processing tar file(${read.message}): `;
    return { kind: 'refused', message, rootfsWritten: true };
  }
  if (read.rootfs.length === 0 && !releaseHas(release, 'emptyRootfsTaken')) return { kind: 'refused', message: 'no rootfs found: EOF', rootfsWritten: false };
  return { kind: 'read', ...read };
}
