import { posix } from 'node:path';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { cleanPath, type Container } from '../objects/index.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { notImplementedHere, releaseBelow, sendEmpty } from '../replies.js';
import { target } from './archive-routes.js';
import { INIT_LAYER } from './export.js';
import { ownLayerDir } from './shape.js';
import { tarOpening } from './tar-opening.js';

/**
 * Release variations of the extraction point's refusals (observed 2026-12-05; 29.7.2's source
 * checks the point as 28.5.2's does):
 * - "extraction point is not a directory": 500 on 20.10.24 and 26.1.5, 400 on 28.5.2 (the release
 *   between them that changed it was not located; the table puts it at 28.0);
 * - a path through a file: 20.10.24 names the path in the container's merged directory
 *   ("lstat …/merged/bin/busybox/x: not a directory"); from 24.0 (openContainerFS, moby's source)
 *   the bare "not a directory" (26.1.5, 28.5.2). Both 500. From 24.0 a file named with a trailing
 *   `/` or `/.` is "lstat /etc/hostname/: not a directory" (500); 20.10 cleans the path first.
 * - a body that is no tar: 500 with Go's archive/tar error, which 20.10.24 wraps
 *   ("Error processing tar file(exit status 1): unexpected EOF"); 26.1.5 and 28.5.2 bare.
 */
export const ARCHIVE_PUT_VARIANTS = { notDirectory400From: '28.0', bareNotDirectoryFrom: '24.0', bareTarErrorFrom: '24.0' } as const;

/** 20.10 untars in a process of its own (chrootarchive) and wraps what it said. */
const chrootTarError = (message: string): string => `Error processing tar file(exit status 1): ${message}`;

/** The largest upload read; a larger one holds entries, which are not modelled (501). */
const MAX_UPLOAD = 16 * 1024 * 1024;

/** Where the extraction point leads: its entry's type, missing, or through a non-directory (the resolved path). */
type Point =
  | { readonly type: 'directory' | 'file' | 'symlink'; readonly resolved: string }
  | { readonly type: 'missing' }
  | { readonly type: 'through-file'; readonly resolved: string };

/** The entry at `path` with every symlink followed: the init layer's entries shadow the image's. */
function entryAt(container: Container, path: string): { readonly path: string; readonly type: 'directory' | 'file' | 'symlink' } | undefined {
  const made = INIT_LAYER.find((entry) => entry.path === cleanPath(path));
  // The init layer's /etc/mtab names /proc/mounts, which a container never started lacks.
  if (made !== undefined) return made.type === 'symlink' ? undefined : made;
  return container.image.filesystem.lookup(path, true);
}

/**
 * moby's EvalSymlinks of the path joined to the root, then its Lstat: each component in turn; one
 * that is no directory while components remain makes ENOTDIR.
 */
export function extractionPoint(container: Container, path: string): Point {
  const parts = cleanPath(path)
    .split('/')
    .filter((part) => part !== '');
  for (let i = 1; i <= parts.length; i++) {
    const entry = entryAt(container, `/${parts.slice(0, i).join('/')}`);
    if (entry === undefined) return { type: 'missing' };
    // 20.10's scoped walk names the component it could not lstat.
    if (i < parts.length && entry.type !== 'directory') return { type: 'through-file', resolved: posix.join(entry.path, parts[i]!) };
    if (i === parts.length) return { type: entry.type, resolved: entry.path };
  }
  return { type: 'directory', resolved: '/' };
}

/** moby's archive.PreserveTrailingDotOrSeparator: the requested path's trailing `/.` or `/` put back on the resolved one. */
export function preserveTrailingDotOrSeparator(resolved: string, requested: string): string {
  let out = resolved;
  // Go's filepath.Base drops trailing separators before it takes the last element.
  const trimmed = requested.replace(/\/+$/, '');
  if (posix.basename(out) !== '.' && trimmed !== '' && trimmed.split('/').pop() === '.') out = `${out.endsWith('/') ? out : `${out}/`}.`;
  if (!out.endsWith('/') && requested.endsWith('/')) out = `${out}/`;
  return out;
}

/**
 * PUT /containers/{name}/archive: the path ("bad parameter: pathcannot be empty"), the container,
 * then the extraction point (404 when missing, the release's refusal when no directory), then the
 * tar's opening: no entry extracts nothing (200, empty), no tar is refused; observed on 20.10.24,
 * 26.1.5 and 28.5.2 for containers never started. Extracting entries is not modelled yet (501).
 */
export const archivePutRoute: Route = {
  method: 'PUT',
  path: '/containers/{name}/archive',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/archive-put.ts: PUT /containers/{name}/archive',
  rules: [],
  async handle(x: Exchange) {
    const found = target(x);
    if (found === undefined) return;
    const point = extractionPoint(found.container, found.path);
    if (point.type !== 'directory') x.req.resume();
    if (point.type === 'missing') return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path: found.path, name: x.params['name'] ?? '' }));
    if (point.type === 'through-file') {
      const merged = `${ownLayerDir(x, found.container)}/merged`;
      return handlerError(
        x,
        500,
        releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareNotDirectoryFrom) ? `lstat ${merged}${point.resolved}: not a directory` : 'not a directory',
      );
    }
    // From 24.0 the point is lstat'ed with the requested path's trailing `/` or `/.`, which no file has.
    const suffixed = preserveTrailingDotOrSeparator(point.resolved, found.path);
    if (point.type !== 'directory' && suffixed !== point.resolved && !releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareNotDirectoryFrom))
      return handlerError(x, 500, `lstat ${suffixed}: not a directory`);
    if (point.type !== 'directory')
      return handlerError(x, releaseBelow(x, ARCHIVE_PUT_VARIANTS.notDirectory400From) ? 500 : 400, ENGINE_MESSAGES.notExtractionDir);
    const body = await readBody(x.req, MAX_UPLOAD).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) return undefined;
      throw error;
    });
    const opening = body === undefined ? ({ kind: 'entries' } as const) : tarOpening(body);
    if (opening.kind === 'error')
      return handlerError(x, 500, releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareTarErrorFrom) ? chrootTarError(opening.message) : opening.message);
    if (opening.kind === 'empty') return sendEmpty(x, 200, ['Content-Length', '0']);
    notImplementedHere(x, '/containers/{name}/archive');
  },
};
