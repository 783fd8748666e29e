import type { Route } from '../../http/route.js';
import { responseKitVariant } from './response-kit-variant.js';

/** GET /version: the daemon's version and API range (what negotiation and the suites read). */
export const VERSION_ROUTE: Route = {
  method: 'GET',
  path: '/version',
  where: 'simulator/engine/system/version.ts: GET /version',
  rules: ['api.version.negotiation', 'api.headers.api-version', 'api.version.unversioned-served', 'api.version.prefix'],
  handle(x) {
    const { kit, config } = x.state;
    if (x.version === null) {
      x.res.writeHead(200, kit.bare.versionGet as string[]);
      x.res.end(kit.versionBody);
      return;
    }
    if (responseKitVariant(config).versionedVersionDescribesRequest) {
      // A versioned /version that describes the requested version, not this daemon (response-kit-variant.ts).
      const body = Buffer.from(`${JSON.stringify({ ...kit.versionDocument, ApiVersion: x.version })}\n`);
      x.res.writeHead(200, [...kit.versioned.routed, 'Content-Type', 'application/json', 'Content-Length', String(body.length)]);
      x.res.end(body);
      return;
    }
    x.res.writeHead(200, kit.versioned.versionGet as string[]);
    x.res.end(kit.versionBody);
  },
};
