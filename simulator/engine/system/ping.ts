import type { Route } from '../../http/route.js';
import { pingVariant } from './ping-variant.js';

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
      const variant = pingVariant(x.state.config);
      // Served without a version prefix too (ping-variant.ts).
      const status = x.version === null ? variant.unversionedHeadStatus : 200;
      const headers = (x.version === null ? kit.bare : kit.versioned).pingHead;
      // The cache headers, then the version headers, that HEAD keeps: all of them.
      const cached = variant.headCacheHeaders(headers);
      x.res.writeHead(status, variant.headVersionHeaders(cached) as string[]);
      x.res.end();
    },
  },
];
