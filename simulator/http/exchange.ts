import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseKit } from '../engine/system/response-kit.js';
import type { AuthzChain } from '../authz/chain.js';
import type { SimConfig } from '../config/resolve.js';
import type { Logger } from '../log.js';
import type { ObjectStore } from '../engine/objects/index.js';
import type { Route, RouteTable } from './route.js';

/** What answers depend on, swapped as a whole on reload. */
export interface ServingState {
  readonly config: SimConfig;
  readonly kit: ResponseKit;
  readonly routes: RouteTable;
  readonly logger: Logger;
  /** The installed authorization plugins, or null when there are none (the fast path). */
  readonly authz: AuthzChain | null;
  /** Images, containers and events: one store for the simulator's life, the same after every reload. */
  readonly objects: ObjectStore;
}

/**
 * One request on its way through the middleware chain. The middlewares fill it in: the clean
 * path, the version of its /v<api>/ prefix, the route it matched.
 */
export class Exchange {
  /** The decoded, clean path without its version prefix. */
  path = '/';
  /** The query with its "?", or "". */
  query = '';
  /** The API version of the /v<api>/ prefix, or null for an unversioned request. */
  version: string | null = null;
  route: Route | null = null;
  params: Readonly<Record<string, string | undefined>> = NO_PARAMS;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly state: ServingState,
  ) {}
}

const NO_PARAMS: Readonly<Record<string, string | undefined>> = Object.freeze({});
