import { compareVersions } from '../../common/dotted-version.js';
import { ENGINE_ROUTES } from '../../specs/engine-routes.js';
import type { Route } from '../http/route.js';
import { afterParseForm } from './go-form.js';

/**
 * The routes whose moby handler runs httputils.ParseForm before anything else (directly, or through
 * ArchiveFormValues), so that a query Go's url.ParseQuery refuses is their first answer (400,
 * engine/go-form.ts). Read from moby's routers at every minor release's tag, 20.10.24 to 29.7.0:
 * the same on all but those of FIRST_SINCE. A push reads its X-Meta- headers first, which refuses
 * nothing. The others parse the form later (a start after its body's check, a wait from API 1.30,
 * 29.7's attestations after its minimum API version: their routes do it), or never (a form value
 * read with FormValue drops the error).
 */
const PARSES_FORM_FIRST: ReadonlySet<string> = new Set([
  'DELETE /containers/{name}',
  'DELETE /containers/{name}/checkpoints/{checkpoint}',
  'DELETE /images/{name}',
  'DELETE /networks/{id}',
  'DELETE /nodes/{id}',
  'DELETE /plugins/{name}',
  'DELETE /volumes/{name}',
  'GET /configs',
  'GET /containers/json',
  'GET /containers/{name}/archive',
  'GET /containers/{name}/attach/ws',
  'GET /containers/{name}/checkpoints',
  'GET /containers/{name}/logs',
  'GET /containers/{name}/stats',
  'GET /containers/{name}/top',
  'GET /distribution/{name}/json',
  'GET /events',
  'GET /images/get',
  'GET /images/json',
  'GET /images/search',
  'GET /images/{name}/get',
  'GET /networks',
  'GET /networks/',
  'GET /networks/{id}',
  'GET /nodes',
  'GET /plugins',
  'GET /plugins/privileges',
  'GET /secrets',
  'GET /services',
  'GET /services/{id}/logs',
  'GET /tasks',
  'GET /tasks/{id}/logs',
  'GET /volumes',
  'GET /volumes/{name}',
  'HEAD /containers/{name}/archive',
  'POST /build/prune',
  'POST /commit',
  'POST /containers/create',
  'POST /containers/prune',
  'POST /containers/{name}/attach',
  'POST /containers/{name}/checkpoints',
  'POST /containers/{name}/exec',
  'POST /containers/{name}/kill',
  'POST /containers/{name}/pause',
  'POST /containers/{name}/rename',
  'POST /containers/{name}/resize',
  'POST /containers/{name}/restart',
  'POST /containers/{name}/stop',
  'POST /containers/{name}/unpause',
  'POST /containers/{name}/update',
  'POST /exec/{name}/resize',
  'POST /exec/{name}/start',
  'POST /images/create',
  'POST /images/load',
  'POST /images/prune',
  'POST /images/{name}/push',
  'POST /images/{name}/tag',
  'POST /networks/create',
  'POST /networks/prune',
  'POST /networks/{id}/connect',
  'POST /networks/{id}/disconnect',
  'POST /plugins/create',
  'POST /plugins/pull',
  'POST /plugins/{name}/disable',
  'POST /plugins/{name}/enable',
  'POST /plugins/{name}/push',
  'POST /plugins/{name}/upgrade',
  'POST /swarm/leave',
  'POST /volumes/create',
  'POST /volumes/prune',
  'PUT /containers/{name}/archive',
]);

/** Routes whose handler began to parse the form first in a later release. */
const FIRST_SINCE: Readonly<Record<string, string>> = {
  'GET /system/df': '23.0',
  'GET /images/{name}/history': '28.0',
  'GET /images/{name}/json': '28.0',
};

/** Whether `route`'s handler parses the form before anything else at `release`. */
export function parsesFormFirst(route: Route, release: string): boolean {
  const key = `${route.method} ${route.path}`;
  const since = FIRST_SINCE[key];
  return since === undefined ? PARSES_FORM_FIRST.has(key) : compareVersions(release, since) >= 0;
}

/** Every route the tables name, for the test that each names a route ctrd-sim has. */
export const ROUTES_PARSING_FORM_FIRST: readonly string[] = [...PARSES_FORM_FIRST, ...Object.keys(FIRST_SINCE)];

/** An experimental route of the table (specs/engine-routes.ts). */
const isExperimental = (route: Route): boolean => ENGINE_ROUTES.some((r) => r.experimental === true && r.method === route.method && r.path === route.path);

/**
 * `route` with moby's ParseForm before its handler where the release's handler runs it first. An
 * experimental route of a daemon without --experimental refuses before its handler runs (moby's
 * router.Experimental wrapper), so the form is not read there.
 */
export function withFormParsedFirst(route: Route, release: string, experimental: boolean): Route {
  if (!parsesFormFirst(route, release) || (!experimental && isExperimental(route))) return route;
  return { ...route, handle: (x) => afterParseForm(x, () => route.handle(x)) };
}
