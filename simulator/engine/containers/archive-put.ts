import { posix } from 'node:path';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { cleanPath, type Container } from '../objects/index.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { notImplementedHere, releaseBelow } from '../replies.js';
import { target } from './archive-routes.js';
import { INIT_LAYER } from './export.js';
import { ownLayerDir } from './shape.js';

/**
 * Release variations of the extraction point's refusals (observed 2026-12-05; 29.7.2's source
 * checks the point as 28.5.2's does):
 * - "extraction point is not a directory": 500 on 20.10.24 and 26.1.5, 400 on 28.5.2 (the release
 *   between them that changed it was not located; the table puts it at 28.0);
 * - a path through a file: 20.10.24 names the path in the container's merged directory
 *   ("lstat …/merged/bin/busybox/x: not a directory"); from 24.0 (openContainerFS, moby's source)
 *   the bare "not a directory" (26.1.5, 28.5.2). Both 500.
 */
export const ARCHIVE_PUT_VARIANTS = { notDirectory400From: '28.0', bareNotDirectoryFrom: '24.0' } as const;

/** Where the extraction point leads: its entry's type, missing, or through a non-directory (the resolved path). */
type Point = { readonly type: 'directory' | 'file' | 'symlink' } | { readonly type: 'missing' } | { readonly type: 'through-file'; readonly resolved: string };

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
    if (i < parts.length && entry.type !== 'directory') return { type: 'through-file', resolved: posix.join(entry.path, ...parts.slice(i)) };
    if (i === parts.length) return { type: entry.type };
  }
  return { type: 'directory' };
}

/**
 * PUT /containers/{name}/archive: the path ("bad parameter: pathcannot be empty"), the container,
 * then the extraction point (404 when missing, the release's refusal when no directory), observed on
 * 20.10.24, 26.1.5 and 28.5.2 for containers never started. The extraction itself is not modelled
 * yet: a directory answers 501.
 */
export const archivePutRoute: Route = {
  method: 'PUT',
  path: '/containers/{name}/archive',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/archive-put.ts: PUT /containers/{name}/archive',
  rules: [],
  handle(x: Exchange) {
    const found = target(x);
    if (found === undefined) return;
    x.req.resume();
    const point = extractionPoint(found.container, found.path);
    if (point.type === 'missing') return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path: found.path, name: x.params['name'] ?? '' }));
    if (point.type === 'through-file') {
      const merged = `${ownLayerDir(x, found.container)}/merged`;
      return handlerError(
        x,
        500,
        releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareNotDirectoryFrom) ? `lstat ${merged}${point.resolved}: not a directory` : 'not a directory',
      );
    }
    if (point.type !== 'directory')
      return handlerError(x, releaseBelow(x, ARCHIVE_PUT_VARIANTS.notDirectory400From) ? 500 : 400, ENGINE_MESSAGES.notExtractionDir);
    notImplementedHere(x, '/containers/{name}/archive');
  },
};
