import { createHash } from 'node:crypto';
import type { RootfsEntry } from './plugin-archive.js';

/**
 * The blob a create commits for a plugin's rootfs: moby gzips the rootfs as it goes through the
 * unpack into a content-store writer named after the plugin. The simulator does not make Go's
 * gzip bytes; it names the blob by what decides them (the digests differ from dockerd's, the
 * sameness does not): the rootfs as the tar writer wrote it, after what the writer's ingest
 * already held. A failed create leaves its bytes in that ingest (content.Writer resumes it): the
 * 10-byte gzip header when it stopped during or after the unpack, the whole gzip stream when it
 * stopped at the config's decoding (moby closes the gzip writer before it); the next create of
 * the name appends to them, so its blob differs (observed on 20.10.24, 26.1.5, 28.5.2, 29.7.2: a
 * create after a failed one of the same name is no duplicate of a plugin with the same rootfs).
 */

/** What a failed create left in an ingest. */
export type IngestPiece = { readonly kind: 'gzip-header' } | { readonly kind: 'gzip'; readonly stream: string };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The rootfs stream the tar writer makes of the entries, as a key: each header's fields and data. */
export function rootfsStream(entries: readonly RootfsEntry[]): string {
  return sha256(
    JSON.stringify(
      entries.map(({ header, data }) => [
        header.name,
        header.typeflag,
        header.linkname,
        header.mode,
        header.uid,
        header.gid,
        header.uname,
        header.gname,
        header.size,
        header.mtime,
        header.devmajor,
        header.devminor,
        Object.entries(header.paxRecords)
          .filter(([key]) => key !== 'path' && key !== 'linkpath')
          .sort(),
        data.toString('base64'),
      ]),
    ),
  );
}

/** The digest the rootfs blob commits under, given what the ingest held before. */
export const rootfsDigest = (ingest: readonly IngestPiece[], stream: string): string => `sha256:${sha256(JSON.stringify([ingest, stream]))}`;
