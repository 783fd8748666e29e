import { addRoute, createRouter, findRoute } from 'rou3';
import { REFERENCE_REQUEST_PATH } from '../http/middleware/request-path-variant.js';
import { versionPrefixOf } from '../http/middleware/version-prefix.js';
import { linearRegExp } from './linear-regexp.js';

/** Whether an entry applies to a request: its method and its path without the /vX.Y prefix and query. */
export type RequestMatch = (method: string, path: string) => boolean;

interface MatchFields {
  readonly method?: string | readonly string[] | undefined;
  readonly path?: string | undefined;
  readonly pathRegex?: string | undefined;
}

/** `{name}` (the engine route table's spelling) → `:name` (rou3's). */
const toRouterPattern = (path: string): string => path.replace(/\{([^}/]+)\}/g, ':$1');

/**
 * An entry's match: its path is a route pattern (rou3, as the simulator's own route table) or a
 * regular expression, run in linear time (linear-regexp.ts). Throws (rou3's or RegExp's error)
 * when the pattern means nothing, or the expression could not be run in linear time or is too large.
 */
export function compileMatch(fields: MatchFields): RequestMatch {
  const methods = fields.method === undefined ? null : new Set(typeof fields.method === 'string' ? [fields.method] : fields.method);
  const methodOk = (method: string): boolean => methods === null || methods.has(method);
  if (fields.pathRegex !== undefined) {
    const regex = linearRegExp(fields.pathRegex);
    return (method, path) => methodOk(method) && regex.test(path);
  }
  if (fields.path === undefined) return methodOk;
  const router = createRouter<true>();
  addRoute(router, '', toRouterPattern(fields.path), true);
  return (method, path) => methodOk(method) && findRoute(router, '', path, { params: false }) !== undefined;
}

/** The path entries match: the request target without its query and its /vX.Y prefix (the document's). */
export function unversionedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const prefix = versionPrefixOf(path, REFERENCE_REQUEST_PATH);
  return prefix === null ? path : prefix[2]!;
}
