import { withRegistryConfigAsObserved } from '../../../quirks/daemon-config/registry-config-early.js';
import { withoutCdiSpecDirs } from '../../../quirks/daemon-config/cdi-unlisted.js';
import { withoutLoopbackWhenConfigured } from '../../../quirks/daemon-config/loopback-replaced.js';
import { SIM_BUILD } from '../response-kit.js';
import type { Route } from '../../../http/route.js';
import { loadDaemonId } from './daemon-id.js';
import type { ObjectStore } from '../../objects/index.js';
import { infoValues, type ObjectCounts } from './document.js';
import { ipv4ForwardingOf } from './forwarding.js';
import { openFileCount, readHostFacts, type HostFacts } from './host-facts.js';
import { shapeInfo } from './shape.js';
import { infoStyleOf } from './style.js';
import * as infoSwitchesFlags from '../../../quirks/daemon-config/info-switches-flags.js';

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
      const values = infoValues({
        faults: config.faults,
        id,
        // Hypothetical quirk: the switches from the flags alone.
        settings: config.quirks.has(infoSwitchesFlags.ID) ? infoSwitchesFlags.switchesFromFlags(config.settings, config.startFlags.switches) : config.settings,
        style,
        names: config.names,
        dataRoot: config.dataRoot,
        execRoot: config.execRoot,
        serverVersion: String(kit.versionDocument['Version']),
        build: SIM_BUILD,
        host,
        ipv4Forwarding: ipv4ForwardingOf(x),
        counts: objectCounts(x.state.objects),
        live: { openFiles: openFileCount(), tasks: process.getActiveResourcesInfo().length, now: new Date() },
      });
      const body = Buffer.from(
        `${JSON.stringify(withoutLoopbackWhenConfigured(withRegistryConfigAsObserved(withoutCdiSpecDirs(shapeInfo(values, style, name, x.version ?? config.maxApi), name, config.quirks), name, x.version ?? config.maxApi, config.quirks), config.quirks))}\n`,
      );
      const headers = (x.version === null ? kit.bare : kit.versioned).routed;
      x.res.writeHead(200, [...headers, 'Content-Type', 'application/json', 'Content-Length', String(body.length)]);
      x.res.end(body);
    },
  };
}
