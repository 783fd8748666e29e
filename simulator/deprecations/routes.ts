import { inRange, isOlder } from '../../common/dotted-version.js';
import { ENGINE_ROUTES } from '../../specs/engine-routes.js';
import type { SimConfig } from '../config/resolve.js';
import type { Route } from '../http/route.js';
import { archiveGetRoute, archiveHeadRoute, containerCopyRoute } from './archive-routes.js';
import { containerCreateRoute } from './container-create.js';
import { containerDeleteRoute, containerInspectRoute, containerKillRoute, containerListRoute, containerStartRoute } from './container-routes.js';
import { eventsRoute } from './events-route.js';
import { imageCreateRoute } from './image-import.js';
import { commitRoute } from './commit-route.js';
import { imageLoadRoute } from './load-route.js';
import { imageDeleteRoute, imageInspectRoute, imageListRoute, imageTagRoute } from './image-routes.js';

/** Every image, container and events route the simulator implements. */
export const OBJECT_ROUTES: readonly Route[] = [
  imageCreateRoute,
  imageLoadRoute,
  commitRoute,
  imageTagRoute,
  imageInspectRoute,
  imageListRoute,
  imageDeleteRoute,
  containerCreateRoute,
  containerInspectRoute,
  containerListRoute,
  containerStartRoute,
  containerKillRoute,
  containerDeleteRoute,
  archiveHeadRoute,
  archiveGetRoute,
  containerCopyRoute,
  eventsRoute,
];

/** The oldest release the route table was observed on: older releases are emulated with its routes. */
const OLDEST_OBSERVED = '20.10';

/** Whether the release has the endpoint (specs/engine-routes.ts). */
function releaseHas(route: Route, release: string): boolean {
  const entry = ENGINE_ROUTES.find((r) => r.method === route.method && r.path === route.path);
  const as = isOlder(release, OLDEST_OBSERVED) ? OLDEST_OBSERVED : release;
  return entry !== undefined && inRange(as, { min: entry.since, ...(entry.until === undefined ? {} : { max: entry.until }) });
}

/**
 * The routes of OBJECT_ROUTES the emulated release has. Fault (deprecated.container-copy.removed):
 * POST /containers/{name}/copy is served on every release.
 */
export function deprecationRoutes(config: SimConfig): Route[] {
  const copyEverywhere = config.faults.has('deprecated.container-copy.removed');
  return OBJECT_ROUTES.filter((route) => releaseHas(route, config.release.release) || (copyEverywhere && route === containerCopyRoute));
}
