import { ENGINE_ROUTES, type EngineRoute } from '../../specs/engine-routes.js';
import { isNewer, isOlder } from '../../common/dotted-version.js';

/**
 * Routes the explorer does not send, and why: each would reach beyond the two daemons (a registry,
 * another host), run for seconds, take over the connection, or leave state that later requests
 * would see (the stateful sequences of sequences.ts make objects, and remove them).
 */
export const ROUTES_NOT_SENT: readonly { readonly method: string; readonly path: string; readonly why: string }[] = [
  { method: 'POST', path: '/images/create', why: 'pulls from a registry (the stateful sequences import with fromSrc=- instead)' },
  { method: 'GET', path: '/images/search', why: 'asks a registry' },
  { method: 'GET', path: '/distribution/{name}/json', why: 'asks a registry' },
  { method: 'POST', path: '/images/{name}/push', why: 'pushes to a registry' },
  { method: 'POST', path: '/auth', why: 'logs in to a registry' },
  { method: 'POST', path: '/plugins/pull', why: 'pulls from a registry' },
  { method: 'GET', path: '/plugins/privileges', why: 'asks a registry' },
  { method: 'POST', path: '/plugins/{name}/push', why: 'pushes to a registry' },
  { method: 'POST', path: '/plugins/{name}/upgrade', why: 'pulls from a registry' },
  { method: 'POST', path: '/swarm/join', why: 'connects to another host' },
  { method: 'POST', path: '/swarm/init', why: 'makes the daemon a swarm manager (state every later request sees)' },
  { method: 'POST', path: '/build', why: 'builds (reads a context, may pull)' },
  { method: 'POST', path: '/session', why: 'hijacks the connection (BuildKit session)' },
  { method: 'POST', path: '/grpc', why: 'hijacks the connection (BuildKit gRPC)' },
  { method: 'GET', path: '/debug/pprof/profile', why: 'profiles for 30 s' },
  { method: 'GET', path: '/debug/pprof/trace', why: 'traces for a second or more' },
  { method: 'POST', path: '/volumes/create', why: 'creates a volume (the stateful sequences make images and containers only)' },
];

const notSent = (method: string, path: string): boolean => ROUTES_NOT_SENT.some((r) => r.method === method && r.path === path);

/** Whether `route` is in the table of `release` (a release series; the table spans 20.10 to 28.5). */
export function routeIn(route: EngineRoute, release: string): boolean {
  return !isOlder(release, route.since) && (route.until === undefined || !isNewer(release, route.until));
}

/** A route glob: `*` stands for any characters but "/", `**` for any characters, `{` `}` for themselves. */
export function globMatcher(glob: string): (path: string) => boolean {
  const pattern = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  const re = new RegExp(`^${pattern}$`);
  return (path) => re.test(path);
}

/** The routes explored: those of either release's table that `glob` matches (all without one), less the routes not sent. */
export function exploredRoutes(releases: readonly (string | null)[], glob: string | undefined): EngineRoute[] {
  const matches = glob === undefined ? () => true : globMatcher(glob);
  return ENGINE_ROUTES.filter(
    (route) => !notSent(route.method, route.path) && matches(route.path) && releases.some((release) => release === null || routeIn(route, release)),
  );
}

export { notSent as isRouteNotSent };

/** The path a route template stands for as a regular expression: a slashed first placeholder takes "/", others one segment. */
function templatePattern(route: EngineRoute): RegExp {
  let first = true;
  const body = route.path
    .split(/(\{[a-z]+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const slashed = first && route.slashed === true;
      first = false;
      return slashed ? '.+' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${body}$`);
}

const PATTERNS = new Map<EngineRoute, RegExp>(ENGINE_ROUTES.map((r) => [r, templatePattern(r)]));

/**
 * The routes of the table a request reaches (method, and path without version prefix or query),
 * OPTIONS /{anyroute} aside: `PUT /volumes/prune` is `PUT /volumes/{name}` where the release has it.
 */
export function routesReached(method: string, path: string): EngineRoute[] {
  return ENGINE_ROUTES.filter((r) => r.path !== '/{anyroute}' && r.method === method && PATTERNS.get(r)!.test(path));
}
