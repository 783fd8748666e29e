import { infoAddressPools } from '../../../config/file/address-pools.js';
import { inRange } from '../../../../common/dotted-version.js';
import type { InfoStyleName } from '../../../../specs/info-fields.js';
import { SIM_BUILD } from '../response-kit.js';
import type { Route } from '../../../http/route.js';
import { loadDaemonId } from './daemon-id.js';
import type { ObjectStore } from '../../objects/index.js';
import { infoValues, type ObjectCounts } from './document.js';
import { ipv4ForwardingOf } from './forwarding.js';
import { openFileCount, readHostFacts, type HostFacts } from './host-facts.js';
import { shapeInfo } from './shape.js';
import { infoStyleOf } from './style.js';
import { usesContainerdStore } from '../../images/image-store.js';
import { infoRouteVariant, type InfoRouteVariant } from './route-variant.js';

/**
 * The counters of /info (observed on 20.10.24, 26.1.5 and 28.5.2): every image of the store, tagged
 * or not (moby's CountImages, the image store's length; a commit adds one, its untag removes it),
 * and the containers by state, a paused one counted as paused only, a created one as stopped.
 */
function objectCounts(objects: ObjectStore): ObjectCounts {
  const containers = objects.allContainers();
  const running = containers.filter((c) => c.state === 'running' && !c.paused).length;
  const paused = containers.filter((c) => c.state === 'running' && c.paused).length;
  return { images: objects.allImages().length, running, paused, stopped: containers.length - running - paused };
}

/** The insecure loopback range, which configured CIDRs join. */
const LOOPBACK = '127.0.0.0/8';
/** RegistryConfig's fields of the deprecated allow-nondistributable-artifacts. */
const NONDISTRIBUTABLE_FIELDS: readonly string[] = ['AllowNondistributableArtifactsCIDRs', 'AllowNondistributableArtifactsHostnames'];

/** /info as shaped for the style and API version, with what the variant leaves out (route-variant.ts). */
function asShown(info: Record<string, unknown>, style: InfoStyleName, api: string, variant: InfoRouteVariant): Record<string, unknown> {
  let shown = info;
  if (variant.cdiSpecDirsUnlisted.includes(style)) {
    const { CDISpecDirs: _dropped, ...rest } = shown;
    shown = rest;
  }
  const unlisted = variant.nondistributableUnlisted;
  const registry = shown['RegistryConfig'];
  if (unlisted?.styles.includes(style) && inRange(api, unlisted.api) && typeof registry === 'object' && registry !== null)
    shown = { ...shown, RegistryConfig: Object.fromEntries(Object.entries(registry).filter(([key]) => !NONDISTRIBUTABLE_FIELDS.includes(key))) };
  const registryNow = shown['RegistryConfig'];
  if (variant.loopbackReplaced && typeof registryNow === 'object' && registryNow !== null) {
    const cidrs = (registryNow as Record<string, unknown>)['InsecureRegistryCIDRs'];
    if (Array.isArray(cidrs) && cidrs.some((c) => c !== LOOPBACK))
      shown = { ...shown, RegistryConfig: { ...registryNow, InsecureRegistryCIDRs: cidrs.filter((c) => c !== LOOPBACK) } };
  }
  return shown;
}

/**
 * GET /info: the effective settings (x.state.config.settings), the host and the daemon's ID,
 * shaped for the requested API version as the emulated release shapes them. One per route table:
 * the ID and the host facts are read once, on the first request (net.ipv4.ip_forward as the
 * release reads it: forwarding.ts).
 */
export function infoRoute(): Route {
  let host: HostFacts | undefined;
  const ids = new Map<string, string>();
  return {
    method: 'GET',
    path: '/info',
    where: 'simulator/engine/system/info/route.ts: GET /info',
    rules: ['config.info.shape'],
    handle(x) {
      const { config, kit } = x.state;
      const { name, style } = infoStyleOf(config.release.release);
      const idKey = `${style.idFile}\0${config.dataRoot}`;
      let id = ids.get(idKey);
      if (id === undefined) {
        id = loadDaemonId(config.dataRoot, style);
        ids.set(idKey, id);
      }
      host ??= readHostFacts();
      // Where this /info differs from the document's (route-variant.ts).
      const variant = infoRouteVariant(config);
      const values = infoValues({
        faults: config.faults,
        id,
        settings: variant.switchesFromFlags ? { ...config.settings, ...config.startFlags.switches } : config.settings,
        style,
        names: config.names,
        dataRoot: config.dataRoot,
        execRoot: config.execRoot,
        serverVersion: String(kit.versionDocument['Version']),
        build: SIM_BUILD,
        host,
        ipv4Forwarding: ipv4ForwardingOf(x),
        counts: objectCounts(x.state.objects),
        containerdStore: usesContainerdStore(config),
        addressPools: infoAddressPools(config.settings.defaultAddressPools, config.release),
        live: { openFiles: openFileCount(), tasks: process.getActiveResourcesInfo().length, now: new Date() },
      });
      const api = x.version ?? config.maxApi;
      const body = Buffer.from(`${JSON.stringify(asShown(shapeInfo(values, style, name, api), name, api, variant))}\n`);
      const headers = (x.version === null ? kit.bare : kit.versioned).routed;
      x.res.writeHead(200, [...headers, 'Content-Type', 'application/json', 'Content-Length', String(body.length)]);
      x.res.end(body);
    },
  };
}
