import { posix } from 'node:path';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { cleanPath, nowNanos, readTarRecords } from '../objects/index.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { boolQuery, notImplementedHere, releaseBelow, sendEmpty } from '../replies.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import { target } from './archive-routes.js';
import { entryInVolume, hostTarget, mountedFilesystem, volumeAt, volumeTarget } from './archive-mounts.js';
import { mountedOver, tmpfsOverflow } from './volume-mounts.js';
import { networkFileReached } from './network-files.js';
import { HOST_UNMAKEABLE_FLAGS } from './host-tree.js';
import type { Container } from '../objects/index.js';
import { preserveTrailingDotOrSeparator } from './container-fs.js';
import { copyOwner } from './copy-owner.js';
import { extractionLoop } from './path-refusals.js';
import { extractUpload } from './extract-upload.js';
import { ownLayerDir } from './shape.js';
import { tarBreak } from './tar-break.js';
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
 * - a container whose root file system is read-only: "container rootfs is marked read-only", 500 on
 *   20.10.24 and 26.1.5, 400 on 28.5.2 and 29.7.2, as the release words a point that is no
 *   directory (an invalid parameter from 24.0 in moby's source, whose status 26.1.5 still loses).
 */
export const ARCHIVE_PUT_VARIANTS = { notDirectory400From: '28.0', bareNotDirectoryFrom: '24.0', bareTarErrorFrom: '24.0' } as const;

/** 20.10 untars in a process of its own (chrootarchive) and wraps what it said. */
const chrootTarError = (message: string): string => `Error processing tar file(exit status 1): ${message}`;

/** The largest upload ctrd-sim extracts; a larger one is not modelled (501). */
const MAX_UPLOAD = 16 * 1024 * 1024;

/** Where the extraction point leads: its entry's type, missing, or through a non-directory (the resolved path). */
type Point =
  | { readonly type: 'directory' | 'file' | 'symlink'; readonly resolved: string }
  | { readonly type: 'missing' }
  | { readonly type: 'through-file'; readonly resolved: string };

/**
 * moby's EvalSymlinks of the path joined to the root, then its Lstat: each component in turn; one
 * that is no directory while components remain makes ENOTDIR.
 */
export function extractionPoint(view: LayerFilesystem, path: string): Point {
  const parts = cleanPath(path)
    .split('/')
    .filter((part) => part !== '');
  for (let i = 1; i <= parts.length; i++) {
    // The init layer's /etc/mtab names /proc/mounts, which a container never started lacks.
    const entry = view.lookup(`/${parts.slice(0, i).join('/')}`, true);
    if (entry === undefined) return { type: 'missing' };
    // 20.10's scoped walk names the component it could not lstat.
    if (i < parts.length && entry.type !== 'directory') return { type: 'through-file', resolved: posix.join(entry.path, parts[i]!) };
    if (i === parts.length) return { type: entry.type === 'directory' ? 'directory' : 'file', resolved: entry.path };
  }
  return { type: 'directory', resolved: '/' };
}

/**
 * PUT /containers/{name}/archive: the path ("bad parameter: pathcannot be empty"), the container,
 * then the extraction point (500 where its links loop, 404 when missing, the release's refusal when no directory), a
 * read-only root file system, then the tar: no entry extracts nothing, no tar is refused, and the
 * entries are written into the container's own layer (extract-upload.ts); a success is the
 * container's extract-to-dir event and an empty 200. Observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2 for containers never started.
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
    try {
      await extractInto(x, found);
    } finally {
      found.unmount();
    }
  },
};

/** The upload once the container's volumes are mounted (archive-mounts.ts): the extraction point's checks, then the tar's entries written. */
async function extractInto(x: Exchange, found: { readonly container: Container; readonly path: string }): Promise<void> {
  const { container } = found;
  // What the upload sees: the container's file system with its volumes over their destinations.
  const view = mountedFilesystem(x, container);
  const loop = extractionLoop(x, container, view, found.path);
  if (loop !== null) {
    x.req.resume();
    return handlerError(x, 500, loop);
  }
  const point = extractionPoint(view, found.path);
  if (point.type !== 'directory') x.req.resume();
  if (point.type === 'missing') return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path: found.path, name: x.params['name'] ?? '' }));
  // A point in a volume: the entries go into it (a read-only one, or bind, refuses them), else into the container's layer.
  const volume = volumeAt(x, container, point.resolved);
  if (point.type === 'through-file' && volume !== undefined) return notImplementedHere(x, '/containers/{name}/archive of a point through a file in a volume');
  if (point.type === 'through-file') {
    const merged = `${ownLayerDir(x, container)}/merged`;
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
  // moby asks whether the path as written lies in a volume (checkIfPathIsInAVolume): a link that leads out of one is not modelled.
  const written = volumeAt(x, container, posix.normalize(posix.join('/', found.path)));
  if (written !== volume) {
    x.req.resume();
    return notImplementedHere(x, '/containers/{name}/archive of a point a link leads into or out of a volume');
  }
  if (volume !== undefined && !volume.rw) {
    x.req.resume();
    return handlerError(x, releaseBelow(x, ARCHIVE_PUT_VARIANTS.notDirectory400From) ? 500 : 400, ENGINE_MESSAGES.volumeReadOnly);
  }
  if (volume === undefined && container.hostConfig['ReadonlyRootfs'] === true) {
    x.req.resume();
    return handlerError(x, releaseBelow(x, ARCHIVE_PUT_VARIANTS.notDirectory400From) ? 500 : 400, ENGINE_MESSAGES.rootfsReadOnly);
  }
  // copyUIDGID gives the entries the container's user, where it has one (copy-owner.ts).
  const copied = boolQuery(x, 'copyUIDGID') ? copyOwner(x, container) : { headers: true as const };
  if ('status' in copied || 'runsGetent' in copied) x.req.resume();
  if ('status' in copied) return handlerError(x, copied.status, copied.message);
  if ('runsGetent' in copied)
    return notImplementedHere(x, "/containers/{name}/archive with copyUIDGID looked up by the container's getent (it runs a program)");
  const body = await readBody(x.req, MAX_UPLOAD).catch((error: unknown) => {
    if (error instanceof BodyTooLarge) return undefined;
    throw error;
  });
  if (body === undefined) return notImplementedHere(x, `/containers/{name}/archive of more than ${MAX_UPLOAD} bytes`);
  const opening = tarOpening(body);
  if (opening.kind === 'error')
    return handlerError(x, 500, releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareTarErrorFrom) ? chrootTarError(opening.message) : opening.message);
  if (opening.kind === 'entries') {
    const broken = tarBreak(body);
    if (broken !== null && 'unmodelled' in broken) return notImplementedHere(x, `/containers/{name}/archive of ${broken.unmodelled}`);
    const records = await readTarRecords(broken?.tar ?? body).catch(() => null);
    if (records === null) return notImplementedHere(x, '/containers/{name}/archive of a tar whose headers ctrd-sim cannot read');
    // Into the container's layer, no entry may reach a volume below the point (what is written there is not followed across).
    const reaching =
      networkFileReached(container, point.resolved, records) ?? (volume === undefined ? entryInVolume(x, container, point.resolved, records) : null);
    if (reaching !== null) return notImplementedHere(x, `/containers/{name}/archive of ${reaching}`);
    const now = new Date(Number(nowNanos() / 1_000_000n));
    const driverMounted = volume?.type === 'volume' ? mountedOver(x, volume.name) : null;
    // A file system the driver mounted read-only refuses the first write (read-only-extraction.ts): nothing is made there.
    const readOnly = driverMounted?.readOnly === true;
    // Into a bind the entries are written on the host, where Node makes no fifo or device.
    const onHost = volume?.type === 'bind' || driverMounted?.kind === 'bind';
    if (onHost && !readOnly && records.some((record) => HOST_UNMAKEABLE_FLAGS.has(record.typeflag)))
      return notImplementedHere(x, '/containers/{name}/archive of a fifo or device into a bind (ctrd-sim cannot make one on the host)');
    if (driverMounted?.kind === 'tmpfs' && !readOnly && tmpfsOverflow(driverMounted, records))
      return notImplementedHere(x, "/containers/{name}/archive that may fill a tmpfs volume's size or inodes");
    const intoVolume = volume === undefined ? null : volume.type === 'bind' ? hostTarget(volume.hostPath) : volumeTarget(x, volume.name);
    if (intoVolume !== null && 'unmodelled' in intoVolume) return notImplementedHere(x, `/containers/{name}/archive of ${intoVolume.unmodelled}`);
    const dest = volume === undefined ? point.resolved : posix.join('/', posix.relative(volume.destination, point.resolved));
    const extraction = extractUpload(x, container, dest, records, now, {
      chown: 'uid' in copied ? copied : null,
      noOverwriteDirNonDir: boolQuery(x, 'noOverwriteDirNonDir'),
      ...(broken?.failure == null ? {} : { brokenBy: broken.failure, lastCut: broken.lastCut }),
      ...(intoVolume === null ? {} : { into: readOnly ? { ...intoVolume.into, readOnly: { mountedAt: volume!.destination } } : intoVolume.into }),
    });
    const unsaved = 'unmodelled' in extraction ? null : (intoVolume?.save() ?? null);
    if (typeof unsaved === 'string') return handlerError(x, 500, unsaved);
    if ('unmodelled' in extraction) return notImplementedHere(x, `/containers/{name}/archive of ${extraction.unmodelled}`);
    if ('notFound' in extraction) return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.fileNotFound, { path: found.path, name: x.params['name'] ?? '' }));
    if ('refused' in extraction)
      return handlerError(x, 500, releaseBelow(x, ARCHIVE_PUT_VARIANTS.bareTarErrorFrom) ? chrootTarError(extraction.refused) : extraction.refused);
  }
  x.state.objects.containerEvent(container, 'extract-to-dir');
  sendEmpty(x, 200, ['Content-Length', '0']);
}
