import type { Route } from '../../http/route.js';
import { readPruneFilters } from '../filters/prune-filters.js';
import { newestFirst } from '../objects/index.js';
import { sendJson } from '../replies.js';
import { writableLayerSize } from './shape.js';

/**
 * POST /containers/prune: every container not running that the filters keep, newest first (moby
 * lists containers by creation), each destroyed, then the prune event. Their writable layers hold
 * nothing here: a graph driver reclaims no space (as the real releases report for a busybox
 * `sleep`), containerd's store each one's empty snapshot (observed on 29.7.2).
 */
export const containerPruneRoute: Route = {
  method: 'POST',
  path: '/containers/prune',
  where: 'simulator/engine/containers/prune.ts: POST /containers/prune',
  rules: [],
  handle(x) {
    const filters = readPruneFilters(x);
    if (filters === null) return;
    const objects = x.state.objects;
    const pruned = objects
      .allContainers()
      .filter((container) => container.state !== 'running' && filters.keep(container.config['Labels'], container.created))
      .sort(newestFirst);
    for (const container of pruned) {
      objects.removeContainer(container);
      objects.containerEvent(container, 'destroy');
    }
    const reclaimed = pruned.reduce((total, container) => total + writableLayerSize(x, container), 0);
    objects.events.record('container', 'prune', '', { reclaimed: String(reclaimed) });
    sendJson(x, 200, { ContainersDeleted: pruned.length === 0 ? null : pruned.map((container) => container.id), SpaceReclaimed: reclaimed });
  },
};
