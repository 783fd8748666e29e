import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { queryOf, releaseBelow, sendBody } from '../replies.js';

/**
 * POST /build/cancel: a build the daemon does not run is cancelled all the same (200, a JSON type and
 * no body); without an `id` the route refuses (20.10 with a plain 500). Observed on 20.10.24,
 * 26.1.5 and 28.5.2. The simulator builds nothing, so no ID names a build of its own.
 */
export const buildCancelRoute: Route = {
  method: 'POST',
  path: '/build/cancel',
  where: 'simulator/engine/build/routes.ts: POST /build/cancel',
  rules: [],
  handle(x) {
    if ((queryOf(x).get('id') ?? '') === '') return handlerError(x, releaseBelow(x, '23.0') ? 500 : 400, 'build ID not provided');
    sendBody(x, 200, '', 'application/json');
  },
};
