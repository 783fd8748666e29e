import type { Route } from '../../http/route.js';
import { packTar } from '../objects/index.js';
import { asOlderMobyWrites } from './host-names.js';
import { releaseBelow, sendBody } from '../replies.js';
import { containerFilesystem } from './container-fs.js';
import { containerOr404 } from './routes.js';

/**
 * 20.10's tar headers carry the file type in the mode (Go's older archive/tar: 0100755 for a file,
 * 040755 for a directory, 0120777 for a link); 26.1.5 and 28.5.2 write the permissions alone.
 */
export const TYPELESS_MODES_FROM = '23.0';

/**
 * GET /containers/{name}/export: the container's file system as one tar, its entries in path order:
 * the image's, the init layer's above them, and the container's own layer (the init's mount point
 * once it ran under one, what uploads wrote).
 */
export const containerExportRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/export',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/export.ts: GET /containers/{name}/export',
  rules: [],
  async handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    // The layers above shadow the image's entries of the same path (its /etc/hostname is the init layer's empty file).
    const tar = await packTar(containerFilesystem(x, container).archive('/') ?? []);
    sendBody(x, 200, releaseBelow(x, TYPELESS_MODES_FROM) ? asOlderMobyWrites(tar) : tar, 'application/octet-stream');
  },
};
