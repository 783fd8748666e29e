import { fillMessage } from '../../../common/messages.js';
import { posix } from 'node:path';
import { nowNanos, packTar, rfc3339, type Container, type PathStat } from '../objects/index.js';
import { asOlderMobyWrites } from './host-names.js';
import { readJsonBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { containerOr404 } from './routes.js';
import { ENGINE_MESSAGES, NAMED_STREAMS_FROM } from '../messages.js';
import { apiBelow, notImplementedHere, queryOf, releaseBelow, sendBody, sendEmpty } from '../replies.js';
import { archiveVariant } from './archive-variant.js';
import { containerFilesystem, preserveTrailingDotOrSeparator } from './container-fs.js';
import { statRefusal } from './path-refusals.js';
import { TYPELESS_MODES_FROM } from './export.js';
import { mountedFilesystem, mountForCopy } from './archive-mounts.js';

const TAR_TYPE = 'application/x-tar';
const STAT_HEADER = 'X-Docker-Container-Path-Stat';

/** The stat header's value: base64 of moby's PathStat JSON. */
function statHeader(x: Exchange, stat: PathStat): string {
  const linkTarget = archiveVariant(x.state.config).statLinkTarget ? { linkTarget: stat.linkTarget } : {};
  return Buffer.from(JSON.stringify({ name: stat.name, size: stat.size, mode: stat.mode, mtime: rfc3339(stat.mtime), ...linkTarget })).toString('base64');
}

/**
 * The container and the `path` query, its volumes mounted for the copy (archive-mounts.ts), or an
 * answered 400/404: moby checks the path before it looks the container up. The caller unmounts
 * once the copy is over.
 */
export function target(x: Exchange): { container: Container; path: string; unmount: () => void } | undefined {
  const path = queryOf(x).get('path') ?? '';
  if (path === '') {
    handlerError(x, 400, releaseBelow(x, NAMED_STREAMS_FROM) ? ENGINE_MESSAGES.archivePathEmpty : ENGINE_MESSAGES.archivePathEmptySpaced);
    return undefined;
  }
  const container = containerOr404(x);
  if (container === undefined) return undefined;
  const mounted = mountForCopy(x, container, new Date(Number(nowNanos() / 1_000_000n)));
  if ('unmodelled' in mounted) {
    x.req.resume();
    notImplementedHere(x, `/containers/{name}/archive of ${mounted.unmodelled}`);
    return undefined;
  }
  if ('failed' in mounted) {
    x.req.resume();
    handlerError(x, 500, mounted.failed);
    return undefined;
  }
  return { container, path, unmount: mounted.unmount };
}

/**
 * What moby names the path in the stat and the tarball: filepath.Base of the path made absolute
 * with its trailing `/.` or `/` kept (PreserveTrailingDotOrSeparator): `/` for the root, `.` for
 * `/etc/.`, `etc` for `/etc/` (observed on 20.10.24 and 29.7.2).
 */
function labelOf(path: string): string {
  const absolute = preserveTrailingDotOrSeparator(posix.join('/', path), path).replace(/\/+$/, '');
  return absolute === '' ? '/' : posix.basename(absolute);
}

/** The path's stat as the container sees it (container-fs.ts: its own layer, the init layer, its image), or an answered 404 (500 where its links loop or it leads through a file: path-refusals.ts). */
function statOr404(x: Exchange, container: Container, path: string): PathStat | undefined {
  const view = mountedFilesystem(x, container);
  const refused = statRefusal(x, container, view, path);
  if (refused !== null) {
    handlerError(x, 500, refused);
    return undefined;
  }
  // A trailing "/" or "/." makes the Lstat follow a last symlink: one that leads nowhere is missing.
  const followed = /\/\.?$/.test(path) && posix.normalize(path) !== '/';
  const stat = followed && view.lookup(path, true) === undefined ? undefined : view.stat(path);
  if (stat === undefined) handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path, name: x.params['name'] ?? '' }));
  // The stat names the path's base name (archive-variant.ts).
  if (stat === undefined) return stat;
  return { ...stat, name: archiveVariant(x.state.config).statNamesWholePath ? path : labelOf(path) };
}

/** A tarball of `path` in the container under its label (labelOf), all below it for a directory; 20.10's modes carry the file type. */
async function tarOf(x: Exchange, container: Container, path: string): Promise<Buffer> {
  const tar = await packTar(mountedFilesystem(x, container).archive(path, labelOf(path)) ?? []);
  return releaseBelow(x, TYPELESS_MODES_FROM) ? asOlderMobyWrites(tar) : tar;
}

const ARCHIVE = { path: '/containers/{name}/archive', slashedParams: ['name'], rules: ['deprecated.container-archive.served'] } as const;

export const archiveHeadRoute: Route = {
  ...ARCHIVE,
  method: 'HEAD',
  where: 'simulator/engine/containers/archive-routes.ts: HEAD /containers/{name}/archive',
  handle(x) {
    const found = target(x);
    if (found === undefined) return;
    const stat = statOr404(x, found.container, found.path);
    found.unmount();
    if (stat !== undefined) sendEmpty(x, 200, [STAT_HEADER, statHeader(x, stat), 'Content-Type', TAR_TYPE]);
  },
};

export const archiveGetRoute: Route = {
  ...ARCHIVE,
  method: 'GET',
  where: 'simulator/engine/containers/archive-routes.ts: GET /containers/{name}/archive',
  async handle(x) {
    const found = target(x);
    if (found === undefined) return;
    const stat = statOr404(x, found.container, found.path);
    if (stat === undefined) return found.unmount();
    const tar = await tarOf(x, found.container, found.path);
    x.state.objects.containerEvent(found.container, 'archive-path');
    // The volumes are unmounted once the tarball is read.
    found.unmount();
    sendBody(x, 200, tar, TAR_TYPE, [STAT_HEADER, statHeader(x, stat)]);
  },
};

const MAX_COPY_BODY = 1024 * 1024;

/**
 * POST /containers/{name}/copy: removed (the document gives the removal no API range), so a bare 404
 * with an empty body and the route's headers at every API version, as 20.10.24 answers from 1.24 (observed).
 */
export const containerCopyRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/copy',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/archive-routes.ts: POST /containers/{name}/copy',
  rules: ['deprecated.container-copy.removed'],
  async handle(x) {
    const variant = archiveVariant(x.state.config);
    // Removed at every API version (archive-variant.ts).
    if (!variant.copies && !(apiBelow(x, '1.24') && variant.copiesBelow124) && !variant.copiesWith404) {
      x.req.resume();
      // The route's handler answers it: the API headers come with it (observed on 20.10.24 from 1.24).
      return sendEmpty(x, 404, ['Content-Length', '0']);
    }
    let body: unknown;
    try {
      body = await readJsonBody(x.req, MAX_COPY_BODY);
    } catch (error) {
      return handlerError(x, 400, error instanceof Error ? error.message : String(error));
    }
    const container = containerOr404(x);
    if (container === undefined) return;
    const resource = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['Resource'] : undefined;
    if (typeof resource !== 'string' || resource === '') return handlerError(x, 400, ENGINE_MESSAGES.pathEmpty);
    if (containerFilesystem(x, container).stat(resource) === undefined)
      return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path: resource, name: x.params['name'] ?? '' }));
    sendBody(x, variant.copiesWith404 && !(apiBelow(x, '1.24') && variant.copiesBelow124) ? 404 : 200, await tarOf(x, container, resource), TAR_TYPE);
  },
};
