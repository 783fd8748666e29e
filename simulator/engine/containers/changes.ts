import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import type { Container } from '../objects/index.js';
import { sendJson } from '../replies.js';
import { containerOr404 } from './routes.js';

/**
 * Whether the container's own layer holds anything: a container that ran under an init holds the
 * init's mount point, which runc made at its first start; the containers of the simulator write
 * nothing else (observed on 20.10.24, 26.1.5 and 28.5.2: one that ran without an init, or never
 * ran, has no change).
 */
export function ranUnderInit(x: Exchange, container: Container): boolean {
  // moby: HostConfig.Init when set, else the daemon's `init`.
  const init = container.hostConfig['Init'];
  return container.startedAt !== null && (typeof init === 'boolean' ? init : x.state.config.settings.init);
}

/** What runc makes for the init's mount point in the container's own layer: the directory and the file it mounts on. */
export const INIT_MOUNT_POINT: readonly { readonly path: string; readonly type: 'directory' | 'file' }[] = [
  { path: '/sbin', type: 'directory' },
  { path: '/sbin/docker-init', type: 'file' },
];

/** GET /containers/{name}/changes: the container's own layer against its image (moby's archive.Change: Kind 1 adds), or null. */
export const containerChangesRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/changes',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/changes.ts: GET /containers/{name}/changes',
  rules: [],
  handle(x) {
    const container = containerOr404(x);
    if (container === undefined) return;
    sendJson(x, 200, ranUnderInit(x, container) ? INIT_MOUNT_POINT.map((entry) => ({ Path: entry.path, Kind: 1 })) : null);
  },
};
