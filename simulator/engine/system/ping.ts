import type { Route } from '../../http/route.js';
import { HEAD_UNCACHED, withoutCacheHeaders } from '../../quirks/api-versioning/head-uncached.js';
import { HEAD_PROBE_SHORTCUT, withoutApiVersion } from '../../quirks/api-versioning/head-probe-shortcut.js';

const OK = Buffer.from('OK');

/**
 * GET and HEAD /_ping: the endpoint clients negotiate with. The hot path of every benchmark:
 * precomputed header arrays, no allocation beyond what node:http does.
 */
export const PING_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/_ping',
    where: 'simulator/engine/system/ping.ts: GET /_ping',
    rules: ['api.ping', 'api.version.negotiation', 'api.headers.api-version', 'api.version.unversioned-served', 'api.version.prefix'],
    handle(x) {
      const kit = x.state.kit;
      x.res.writeHead(200, (x.version === null ? kit.bare : kit.versioned).pingGet as string[]);
      x.res.end(OK);
    },
  },
  {
    method: 'HEAD',
    path: '/_ping',
    where: 'simulator/engine/system/ping.ts: HEAD /_ping',
    rules: ['api.ping', 'api.headers.api-version', 'api.version.unversioned-served', 'api.version.prefix'],
    handle(x) {
      const kit = x.state.kit;
      // Fault: unversioned HEAD /_ping is no longer served.
      const status = x.version === null && x.state.config.faults.has('api.version.unversioned-served') ? 410 : 200;
      const headers = (x.version === null ? kit.bare : kit.versioned).pingHead;
      // Quirk hypothetical.api.ping.head-uncached: HEAD returns before the cache headers are set.
      const cached = x.state.config.quirks.has(HEAD_UNCACHED) ? withoutCacheHeaders(headers) : headers;
      // Quirk hypothetical.api.headers.api-version.head-probe-shortcut: HEAD /_ping without Api-Version.
      x.res.writeHead(status, (x.state.config.quirks.has(HEAD_PROBE_SHORTCUT) ? withoutApiVersion(cached) : cached) as string[]);
      x.res.end();
    },
  },
];
