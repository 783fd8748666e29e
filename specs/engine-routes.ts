/**
 * Routes the real dockerd registers (method, path with {param} placeholders), from moby's router
 * sources at the tags cited. Data only.
 *
 * Every route is registered twice: at `/v{version}<path>` (version matched by `[0-9.]+`) and at the
 * bare `<path>`, restricted to its method; anything else falls to the "page not found" handler
 * (404; also used for a known path with the wrong method, never 405). Exception: the `/debug/...`
 * routes of 20.10 and 26.1 are mounted only unversioned and for any method; in 28.5 they are
 * ordinary GET routes. Placeholders that may contain "/" are marked `slashed`.
 */
export interface EngineRoute {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  readonly path: string;
  /** first release series of the three observed (20.10, 26.1, 28.5) that has it */
  readonly since: string;
  /** last release series of the three that still has it (absent when 28.5 has it) */
  readonly until?: string;
  /** Whether its first placeholder may contain "/" (a `.*` / `.+` pattern in the sources: image, container, volume, plugin, network and exec names and ids). */
  readonly slashed?: boolean;
  /** An experimental endpoint: 501 "experimental feature" unless the daemon runs with --experimental. */
  readonly experimental?: boolean;
}

export const ENGINE_ROUTES: readonly EngineRoute[] = [
  { method: 'DELETE', path: '/configs/{id}', since: '20.10' },
  { method: 'DELETE', path: '/containers/{name}', since: '20.10', slashed: true },
  { method: 'DELETE', path: '/containers/{name}/checkpoints/{checkpoint}', since: '20.10', experimental: true },
  { method: 'DELETE', path: '/images/{name}', since: '20.10', slashed: true },
  { method: 'DELETE', path: '/networks/{id}', since: '20.10', slashed: true },
  { method: 'DELETE', path: '/nodes/{id}', since: '20.10' },
  { method: 'DELETE', path: '/plugins/{name}', since: '20.10', slashed: true },
  { method: 'DELETE', path: '/secrets/{id}', since: '20.10' },
  { method: 'DELETE', path: '/services/{id}', since: '20.10' },
  { method: 'DELETE', path: '/volumes/{name}', since: '20.10', slashed: true },
  { method: 'GET', path: '/_ping', since: '20.10' },
  { method: 'GET', path: '/configs', since: '20.10' },
  { method: 'GET', path: '/configs/{id}', since: '20.10' },
  { method: 'GET', path: '/containers/json', since: '20.10' },
  { method: 'GET', path: '/containers/{name}/archive', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/attach/ws', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/changes', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/checkpoints', since: '20.10', slashed: true, experimental: true },
  { method: 'GET', path: '/containers/{name}/export', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/json', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/logs', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/stats', since: '20.10', slashed: true },
  { method: 'GET', path: '/containers/{name}/top', since: '20.10', slashed: true },
  { method: 'GET', path: '/distribution/{name}/json', since: '20.10', slashed: true },
  { method: 'GET', path: '/events', since: '20.10' },
  { method: 'GET', path: '/exec/{id}/json', since: '20.10', slashed: true },
  { method: 'GET', path: '/images/get', since: '20.10' },
  { method: 'GET', path: '/images/json', since: '20.10' },
  { method: 'GET', path: '/images/search', since: '20.10' },
  { method: 'GET', path: '/images/{name}/get', since: '20.10', slashed: true },
  { method: 'GET', path: '/images/{name}/attestations', since: '29.7', slashed: true },
  { method: 'GET', path: '/images/{name}/history', since: '20.10', slashed: true },
  { method: 'GET', path: '/images/{name}/json', since: '20.10', slashed: true },
  { method: 'GET', path: '/info', since: '20.10' },
  { method: 'GET', path: '/networks', since: '20.10' },
  { method: 'GET', path: '/networks/', since: '20.10' },
  { method: 'GET', path: '/networks/{id}', since: '20.10', slashed: true },
  { method: 'GET', path: '/nodes', since: '20.10' },
  { method: 'GET', path: '/nodes/{id}', since: '20.10' },
  { method: 'GET', path: '/plugins', since: '20.10' },
  { method: 'GET', path: '/plugins/privileges', since: '20.10' },
  { method: 'GET', path: '/plugins/{name}/json', since: '20.10', slashed: true },
  { method: 'GET', path: '/debug/pprof/', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/debug/pprof/cmdline', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/debug/pprof/profile', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/debug/pprof/symbol', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/debug/pprof/trace', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/debug/pprof/{name}', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/secrets', since: '20.10' },
  { method: 'GET', path: '/secrets/{id}', since: '20.10' },
  { method: 'GET', path: '/services', since: '20.10' },
  { method: 'GET', path: '/services/{id}', since: '20.10' },
  { method: 'GET', path: '/services/{id}/logs', since: '20.10' },
  { method: 'GET', path: '/swarm', since: '20.10' },
  { method: 'GET', path: '/swarm/unlockkey', since: '20.10' },
  { method: 'GET', path: '/system/df', since: '20.10' },
  { method: 'GET', path: '/tasks', since: '20.10' },
  { method: 'GET', path: '/tasks/{id}', since: '20.10' },
  { method: 'GET', path: '/tasks/{id}/logs', since: '20.10' },
  { method: 'GET', path: '/debug/vars', since: '20.10' }, // 20.10/26.1: unversioned only and any method; 28.5: GET, versioned and unversioned
  { method: 'GET', path: '/version', since: '20.10' },
  { method: 'GET', path: '/volumes', since: '20.10' },
  { method: 'GET', path: '/volumes/{name}', since: '20.10', slashed: true },
  { method: 'HEAD', path: '/_ping', since: '20.10' },
  { method: 'HEAD', path: '/containers/{name}/archive', since: '20.10', slashed: true },
  { method: 'OPTIONS', path: '/{anyroute}', since: '20.10' }, // matches every path; answers 200 with an empty body
  { method: 'POST', path: '/auth', since: '20.10' },
  { method: 'POST', path: '/build', since: '20.10' },
  { method: 'POST', path: '/build/cancel', since: '20.10' },
  { method: 'POST', path: '/build/prune', since: '20.10' },
  { method: 'POST', path: '/commit', since: '20.10' },
  { method: 'POST', path: '/configs/create', since: '20.10' },
  { method: 'POST', path: '/configs/{id}/update', since: '20.10' },
  { method: 'POST', path: '/containers/create', since: '20.10' },
  { method: 'POST', path: '/containers/prune', since: '20.10' },
  { method: 'POST', path: '/containers/{name}/attach', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/checkpoints', since: '20.10', slashed: true, experimental: true },
  { method: 'POST', path: '/containers/{name}/copy', since: '20.10', until: '20.10', slashed: true }, // 20.10 only; at API >= 1.24 it answers a bare 404 with empty body
  { method: 'POST', path: '/containers/{name}/exec', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/kill', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/pause', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/rename', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/resize', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/restart', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/start', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/stop', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/unpause', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/update', since: '20.10', slashed: true },
  { method: 'POST', path: '/containers/{name}/wait', since: '20.10', slashed: true },
  { method: 'POST', path: '/exec/{name}/resize', since: '20.10', slashed: true },
  { method: 'POST', path: '/exec/{name}/start', since: '20.10', slashed: true },
  { method: 'POST', path: '/grpc', since: '20.10' },
  { method: 'POST', path: '/images/create', since: '20.10' },
  { method: 'POST', path: '/images/load', since: '20.10' },
  { method: 'POST', path: '/images/prune', since: '20.10' },
  { method: 'POST', path: '/images/{name}/push', since: '20.10', slashed: true },
  { method: 'POST', path: '/images/{name}/tag', since: '20.10', slashed: true },
  { method: 'POST', path: '/networks/create', since: '20.10' },
  { method: 'POST', path: '/networks/prune', since: '20.10' },
  { method: 'POST', path: '/networks/{id}/connect', since: '20.10', slashed: true },
  { method: 'POST', path: '/networks/{id}/disconnect', since: '20.10', slashed: true },
  { method: 'POST', path: '/nodes/{id}/update', since: '20.10' },
  { method: 'POST', path: '/plugins/create', since: '20.10' },
  { method: 'POST', path: '/plugins/pull', since: '20.10' },
  { method: 'POST', path: '/plugins/{name}/disable', since: '20.10', slashed: true },
  { method: 'POST', path: '/plugins/{name}/enable', since: '20.10', slashed: true },
  { method: 'POST', path: '/plugins/{name}/push', since: '20.10', slashed: true },
  { method: 'POST', path: '/plugins/{name}/set', since: '20.10', slashed: true },
  { method: 'POST', path: '/plugins/{name}/upgrade', since: '20.10', slashed: true },
  { method: 'POST', path: '/secrets/create', since: '20.10' },
  { method: 'POST', path: '/secrets/{id}/update', since: '20.10' },
  { method: 'POST', path: '/services/create', since: '20.10' },
  { method: 'POST', path: '/services/{id}/update', since: '20.10' },
  { method: 'POST', path: '/session', since: '20.10' },
  { method: 'POST', path: '/swarm/init', since: '20.10' },
  { method: 'POST', path: '/swarm/join', since: '20.10' },
  { method: 'POST', path: '/swarm/leave', since: '20.10' },
  { method: 'POST', path: '/swarm/unlock', since: '20.10' },
  { method: 'POST', path: '/swarm/update', since: '20.10' },
  { method: 'POST', path: '/volumes/create', since: '20.10' },
  { method: 'POST', path: '/volumes/prune', since: '20.10' },
  { method: 'PUT', path: '/containers/{name}/archive', since: '20.10', slashed: true },
  { method: 'PUT', path: '/volumes/{name}', since: '26.1', slashed: true },
];

/**
 * The first release whose /debug routes are ordinary GET routes (versioned and unversioned).
 * Before it they are mounted at the bare path only, for every method (observed on 20.10.24 and
 * 26.1.5: GET, HEAD, POST, PUT, DELETE and PATCH /debug/vars answer 200, /v1.40/debug/vars and
 * /v1.51/debug/pprof/symbol 404 "page not found" without the API headers; OPTIONS is the
 * preflight route's). 28.5.2 has them as routes; the releases between 26.1 and 28.5 were not
 * observed, and the change is taken to come with the 28 series.
 */
export const DEBUG_ROUTES_ORDINARY_FROM = '28.0';

/** The methods a /debug route answers where it is mounted for every method (the preflight route keeps OPTIONS). */
export const DEBUG_ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export const ENGINE_ROUTES_EVIDENCE =
  'moby/moby git tags v20.10.24, v26.1.5 and v28.5.2: api/server/router/*/ (build, checkpoint, container, ' +
  'debug, distribution, grpc, image, network, plugin, session, swarm, system, volume) route tables, ' +
  'api/server/server.go (mux set-up, /debug mounting in 20.10/26.1) and cmd/dockerd/daemon.go (which ' +
  'routers are installed; 28.5 adds the debug router to the normal list). All 122 entries were checked ' +
  'against the Debian builds 20.10.24+dfsg1, 26.1.5+dfsg1 and 28.5.2+dfsg4 on this machine: a request ' +
  'to /v1.99<path> (placeholders filled with a dummy name) answers 400 "client version 1.99 is too new" ' +
  'exactly where the route is registered and 404 "page not found" where it is not; /debug routes of ' +
  '20.10/26.1 were checked unversioned.';
