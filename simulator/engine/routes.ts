import { inRange, isOlder } from '../../common/dotted-version.js';
import { ENGINE_ROUTES } from '../../specs/engine-routes.js';
import type { SimConfig } from '../config/types.js';
import { RouteTable, type Route } from '../http/route.js';
import { documentedRoutes } from './documented-routes.js';
import { infoRoute } from './system/info/index.js';
import { OPTIONS_ROUTE } from './system/options.js';
import { PING_ROUTES } from './system/ping.js';
import { VERSION_ROUTE } from './system/version.js';
import { diskUsageRoute } from './system/disk-usage.js';
import { archiveGetRoute, archiveHeadRoute, containerCopyRoute } from './containers/archive-routes.js';
import { archiveVariant } from './containers/archive-variant.js';
import { containerCreateRoute } from './containers/create.js';
import { containerRenameRoute } from './containers/rename.js';
import { containerUpdateRoute } from './containers/update.js';
import { containerChangesRoute } from './containers/changes.js';
import { LOOKUP_ONLY_ROUTES } from './containers/lookup-only.js';
import { withFormParsedFirst } from './parses-form.js';
import { containerStatsRoute } from './containers/stats.js';
import { containerAttachRoute } from './containers/attach.js';
import { containerAttachWsRoute } from './containers/attach-ws.js';
import { containerExportRoute } from './containers/export.js';
import { EXEC_ROUTES } from './exec/routes.js';
import { LIFECYCLE_ROUTES } from './containers/lifecycle-routes.js';
import { containerDeleteRoute, containerInspectRoute, containerKillRoute, containerListRoute, containerStartRoute } from './containers/routes.js';
import { eventsRoute } from './events/route.js';
import { imageCreateRoute } from './images/import.js';
import { commitRoute } from './images/commit.js';
import { imageLoadRoute } from './images/load.js';
import { imageDeleteRoute } from './images/delete.js';
import { imagePruneRoute } from './images/prune.js';
import { imageInspectRoute, imageListRoute, imageTagRoute } from './images/routes.js';
import { imageSaveRoute, imagesSaveRoute } from './images/save.js';
import { imageAttestationsRoute } from './images/attestations.js';
import { imageHistoryRoute } from './images/history.js';
import { networkConnectRoute, networkDisconnectRoute } from './networks/connect.js';
import { networkCreateRoute } from './networks/create.js';
import { networkDeleteRoute, networkInspectRoute, networkListRoute, networkListSlashRoute, networkPruneRoute } from './networks/routes.js';
import { containerPruneRoute } from './containers/prune.js';
import { containerPauseRoute, containerUnpauseRoute } from './containers/pause.js';
import { containerResizeRoute } from './containers/resize.js';
import { buildCancelRoute } from './build/routes.js';
import { buildPruneRoute } from './build/prune.js';
import { PLUGIN_ROUTES } from './plugins/routes.js';
import { REGISTRY_ROUTES } from './registry/routes.js';
import { SWARM_ROUTES } from './swarm/routes.js';
import { VOLUME_ROUTES } from './volumes/routes.js';
import { debugRoutes } from './debug/routes.js';
import { CHECKPOINT_ROUTES } from './containers/checkpoints.js';

/** The system routes: /_ping (GET and HEAD), /version and the OPTIONS preflight (GET /info is built per route table). */
export const SYSTEM_ROUTES: readonly Route[] = [...PING_ROUTES, VERSION_ROUTE, OPTIONS_ROUTE];

/** Every image, container, network, volume and events route the simulator implements. */
export const OBJECT_ROUTES: readonly Route[] = [
  imageCreateRoute,
  imageLoadRoute,
  commitRoute,
  imageTagRoute,
  imageInspectRoute,
  imageListRoute,
  imageDeleteRoute,
  imagePruneRoute,
  imageSaveRoute,
  imagesSaveRoute,
  imageHistoryRoute,
  imageAttestationsRoute,
  containerCreateRoute,
  containerInspectRoute,
  containerListRoute,
  containerStartRoute,
  containerKillRoute,
  containerDeleteRoute,
  containerRenameRoute,
  containerUpdateRoute,
  containerChangesRoute,
  containerStatsRoute,
  containerAttachRoute,
  containerAttachWsRoute,
  ...LOOKUP_ONLY_ROUTES,
  containerExportRoute,
  ...EXEC_ROUTES,
  containerPauseRoute,
  containerUnpauseRoute,
  containerResizeRoute,
  buildCancelRoute,
  buildPruneRoute,
  ...LIFECYCLE_ROUTES,
  archiveHeadRoute,
  archiveGetRoute,
  containerCopyRoute,
  eventsRoute,
  networkListRoute,
  networkListSlashRoute,
  networkInspectRoute,
  networkDeleteRoute,
  networkPruneRoute,
  networkCreateRoute,
  networkConnectRoute,
  networkDisconnectRoute,
  containerPruneRoute,
  ...VOLUME_ROUTES,
  diskUsageRoute,
  ...CHECKPOINT_ROUTES,
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
 * The routes of OBJECT_ROUTES the emulated release has (and POST /containers/{name}/copy wherever
 * the archive variant routes it everywhere: containers/archive-variant.ts).
 */
function objectRoutes(config: SimConfig): Route[] {
  const copyEverywhere = archiveVariant(config).copyRoutedEverywhere;
  return OBJECT_ROUTES.filter((route) => releaseHas(route, config.release.release) || (copyEverywhere && route === containerCopyRoute));
}

/**
 * The route table of one configuration, the only place it is assembled: the routes the simulator
 * implements, then the release's others (501, engine/documented-routes.ts).
 */
export function routeTable(config: SimConfig): RouteTable {
  const implemented = [
    ...SYSTEM_ROUTES,
    infoRoute(),
    ...objectRoutes(config),
    ...[...SWARM_ROUTES, ...PLUGIN_ROUTES, ...REGISTRY_ROUTES].filter((route) => releaseHas(route, config.release.release)),
    ...debugRoutes(config.release.release),
  ];
  const release = config.release.release;
  return new RouteTable(
    [...implemented, ...documentedRoutes(config.release, implemented)].map((route) => withFormParsedFirst(route, release, config.experimental)),
  );
}
