import { addRoute, createRouter, findRoute, type RouterContext } from 'rou3';
import type { Route, RouteLookup, RouteMatch } from './exchange.js';

export type { Middleware, Route, RouteMatch, SyncMiddleware } from './exchange.js';

/** `{name}` → `:name` (rou3's syntax); `*`, every path, → `/**`. No route has a `:` of its own. */
const toRouterPath = (path: string): string => (path === '*' ? '/**' : path.replace(/\{([^}]+)\}/g, ':$1'));

/**
 * The routes of one configuration: a radix tree (rou3) from unversioned path and method to the
 * route. The path it gets is already decoded and clean (http/middleware/clean-path.ts).
 */
export class RouteTable implements RouteLookup {
  /** Built on the first request that is not for a static path: compiling it costs ~20 ms of a start. */
  private tree: RouterContext<Route> | undefined;
  /** Routes without placeholders, path → method → match: the hot path (/_ping) takes one lookup and no allocation. */
  private readonly statics = new Map<string, Partial<Record<string, RouteMatch>>>();
  /** Routes with placeholders that may hold "/": tried in order when the tree finds nothing. */
  private readonly slashed: readonly { readonly route: Route; readonly pattern: RegExp; readonly names: readonly string[] }[];
  /** Routes of every path (`*`), by method: they take a path ending in "/" too. */
  private readonly anyPath = new Map<string, RouteMatch>();
  readonly routes: readonly Route[];

  constructor(routes: readonly Route[]) {
    const seen = new Set<string>();
    const kept: Route[] = [];
    for (const route of routes) {
      const key = `${route.method} ${toRouterPath(route.path)}`;
      if (seen.has(key)) continue; // the first declaration of an endpoint wins
      seen.add(key);
      kept.push(route);
      if (route.path === '*') this.anyPath.set(route.method, Object.freeze({ route, params: NO_PARAMS }));
      if (!route.path.includes('{') && route.path !== '*') {
        const byMethod = this.statics.get(route.path) ?? Object.create(null);
        byMethod[route.method] = Object.freeze({ route, params: NO_PARAMS });
        this.statics.set(route.path, byMethod);
      }
    }
    this.routes = kept;
    this.slashed = kept.filter((route) => route.slashedParams !== undefined).map((route) => slashedPattern(route));
  }

  /** The route for a method and an unversioned, decoded path; null when none matches. */
  match(method: string, path: string): RouteMatch | null {
    const fixed = this.statics.get(path)?.[method];
    if (fixed !== undefined) return fixed;
    // The tree takes "/x/" for "/x"; the daemon's router does not (a route ending in "/" is static).
    const found = path.length > 1 && path.endsWith('/') ? undefined : findRoute(this.router(), method, path);
    if (found !== undefined) return { route: found.data, params: found.params ?? NO_PARAMS };
    for (const { route, pattern, names } of this.slashed) {
      if (route.method !== method) continue;
      const match = pattern.exec(path);
      if (match !== null) return { route, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
    }
    return this.anyPath.get(method) ?? null;
  }

  private router(): RouterContext<Route> {
    if (this.tree === undefined) {
      const tree = createRouter<Route>();
      for (const route of this.routes) addRoute(tree, route.method, toRouterPath(route.path), route);
      this.tree = tree;
    }
    return this.tree;
  }

  /** Whether some other method is routed at this path (for a 405 fault). */
  hasPathUnderOtherMethod(method: string, path: string): boolean {
    return ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'].some((other) => other !== method && this.match(other, path) !== null);
  }
}

const NO_PARAMS: Readonly<Record<string, string | undefined>> = Object.freeze({});

/**
 * A route's path as a regular expression, its slashed placeholders matching across segments and
 * matching nothing too, as moby's `{name:.*}` does (observed: DELETE /images/ reaches the image
 * delete with an empty name on 20.10.24, 26.1.5, 28.5.2; a path with "//" never gets here, it is
 * redirected first).
 */
function slashedPattern(route: Route): { route: Route; pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const placeholder = /^\{([^}]+)\}$/.exec(part);
      if (placeholder === null) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(placeholder[1]!);
      return route.slashedParams!.includes(placeholder[1]!) ? '(.*)' : '([^/]+)';
    })
    .join('');
  return { route, pattern: new RegExp(`^${source}$`), names };
}
