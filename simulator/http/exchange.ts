import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseKit } from '../engine/system/response-kit.js';
import type { AuthzChain } from '../authz/chain.js';
import type { SimConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import type { ObjectStore } from '../engine/objects/index.js';
import type { Implementation } from '../implementation.js';
import type { Variants } from './variants.js';

/** A step of the chain every request goes through. */
export interface Middleware extends Implementation {
  /**
   * Answers the request and returns true to end the chain, or returns false to pass it on; a step
   * that must wait (the authorization plugins) returns a promise of the same, and the chain goes
   * on when it settles. The other steps stay synchronous: /_ping never waits for a promise.
   */
  handle(x: Exchange): boolean | Promise<boolean>;
}

/** A step that never waits. */
export interface SyncMiddleware extends Middleware {
  handle(x: Exchange): boolean;
}

/** One endpoint: method, path with `{param}`s, the rules it serves and its handler. */
export interface Route extends Implementation {
  readonly method: string;
  /** As the API documents it, e.g. `/containers/{id}/json`; `*` matches every path. */
  readonly path: string;
  /** Placeholders that may hold "/" (the daemon's `{name:.*}`): matched across segments. */
  readonly slashedParams?: readonly string[];
  /** Mounted at the bare path only: under a /v<api>/ prefix the path is not found (the /debug routes before 28.0). */
  readonly unversionedOnly?: boolean;
  handle(x: Exchange): void | Promise<void>;
}

export interface RouteMatch {
  readonly route: Route;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** The route table as the chain reads it (http/route.ts: RouteTable). */
export interface RouteLookup {
  /** The route for a method and an unversioned, decoded path; null when none matches. */
  match(method: string, path: string): RouteMatch | null;
  /** Whether another method has a route for the path. */
  hasPathUnderOtherMethod(method: string, path: string): boolean;
}

/** What answers depend on, swapped as a whole on reload. */
export interface ServingState {
  readonly config: SimConfig;
  readonly kit: ResponseKit;
  readonly routes: RouteLookup;
  readonly logger: Logger;
  /** The installed authorization plugins, or null when there are none (the fast path). */
  readonly authz: AuthzChain | null;
  /** Images, containers and events: one store for the simulator's life, the same after every reload. */
  readonly objects: ObjectStore;
  /** Where faults and quirks make the answers differ from the document's (variants.ts), the same after every reload. */
  readonly variants: Variants;
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
  /** Set by the authorization step once the plugins allowed the request: holds its answer back for them (AuthZRes). */
  holdAnswer: (() => void) | null = null;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly state: ServingState,
  ) {}
}

/** A holder for the state a reload swaps, read once per request. */
export interface StateHolder {
  current: ServingState;
}

const NO_PARAMS: Readonly<Record<string, string | undefined>> = Object.freeze({});
