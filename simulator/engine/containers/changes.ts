import type { Route } from '../../http/route.js';
import { sendJson } from '../replies.js';
import { lowerFilesystem, ownEntries } from './container-fs.js';
import { containerOr404 } from './routes.js';

/** moby's archive.ChangeType: a path changed (0) or added (1) by the container's own layer. */
const MODIFIED = 0;
const ADDED = 1;

/**
 * GET /containers/{name}/changes: each entry of the container's own layer against the layers below
 * it (moby's archive.Change), null when it holds none. The releases list them in the order they
 * read the layer's directories, which is the file system's (ext4's hashed order, not the names'):
 * ctrd-sim lists them in path order (observed on 28.5.2 and 29.7.2: the same entries, each release
 * in an order of its own).
 */
export const containerChangesRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/changes',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/changes.ts: GET /containers/{name}/changes',
  rules: [],
  handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    const lower = lowerFilesystem(container);
    const changes = ownEntries(x, container)
      .filter((entry) => entry.path !== '/')
      .map((entry) => ({ Path: entry.path, Kind: lower.at(entry.path) === undefined ? ADDED : MODIFIED }));
    sendJson(x, 200, changes.length === 0 ? null : changes);
  },
};
