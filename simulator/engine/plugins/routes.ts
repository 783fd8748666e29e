import { jsonTypeWord } from '../../config/file/go-values.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { booleanFilter, invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { printsNewerWords } from '../go-json-newer.js';
import { goAtoi, goQuote } from '../go-strconv.js';
import { type Refusal, undecodedBodyRefusal } from '../json-request.js';
import { queryOf, releaseBelow, sendJson } from '../replies.js';

/**
 * The plugin routes of a daemon with no plugin installed: the list is empty, every name is not
 * found, after what each route reads from the request (in moby's order and the release's words).
 * Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27). Not served: create (it takes a plugin's
 * archive), pull, push, upgrade and privileges (a registry).
 */

const WHERE = 'simulator/engine/plugins/routes.ts';

/** moby's errNotFound: the name as Go's %q writes it. */
const notFound = (x: Exchange): void => handlerError(x, 404, `plugin ${goQuote(x.params['name'] ?? '')} not found`);

/** Answers the refusal, else that the plugin is not found. */
function refuseOrNotFound(x: Exchange, refusal: Refusal | null): void {
  if (refusal !== null) return handlerError(x, refusal.status, refusal.message);
  notFound(x);
}

/** The filters GET /plugins takes (moby acceptedPluginFilterTags). */
const PLUGIN_FILTERS = ['capability', 'enabled'];

/**
 * GET /plugins: the filters parsed (20.10: Go's words, 500; later 400 "invalid filter"), their
 * names checked, `enabled` read as a boolean filter (20.10's ExactMatch lets a key without values
 * through, later releases' GetBoolOrDefault refuses it); then the empty list.
 */
const listRoute: Route = {
  method: 'GET',
  path: '/plugins',
  where: `${WHERE}: GET /plugins`,
  rules: [],
  handle(x) {
    const old = releaseBelow(x, '23.0');
    const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
    if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, parsed.refusal.message);
    const unaccepted = unacceptedKey(parsed.args, PLUGIN_FILTERS);
    if (unaccepted !== null) return handlerError(x, 400, invalidFilterMessage(unaccepted, null, old));
    const enabled = booleanFilter(parsed.args, 'enabled', old);
    if (typeof enabled === 'object') return handlerError(x, 400, enabled.refused);
    sendJson(x, 200, []);
  },
};

/** A route on one plugin that reads nothing first. */
const onPlugin = (method: string, path: string): Route => ({
  method,
  path,
  slashedParams: ['name'],
  where: `${WHERE}: ${method} ${path}`,
  rules: [],
  handle: notFound,
});

/** POST /plugins/{name}/enable: `timeout` read with strconv.Atoi, empty included (500; from 29.4 an invalid parameter, 400), then the plugin. */
const enableRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/enable',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/enable`,
  rules: [],
  handle(x) {
    const timeout = goAtoi(queryOf(x).get('timeout') ?? '');
    refuseOrNotFound(x, 'error' in timeout ? { status: releaseBelow(x, '29.4') ? 500 : 400, message: timeout.error } : null);
  },
};

/**
 * What a []string takes: an array of strings (null members are empty strings), or null. A member
 * of another type is named by the release's Go: "Go value", but its index (`.0`) by the Go 28.x
 * is built with (observed on 26.1.5 and 28.5.2; go-json-newer.ts).
 */
function stringListProblem(x: Exchange, value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type []string`;
  const at = value.findIndex((item) => item !== null && typeof item !== 'string');
  if (at < 0) return null;
  const where = printsNewerWords(x.state.config.release.release) ? `.${at}` : 'Go value';
  return `json: cannot unmarshal ${jsonTypeWord(value[at])} into ${where} of type string`;
}

/** POST /plugins/{name}/set: the settings' body ([]string), then the plugin. */
const setRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/set',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/set`,
  rules: [],
  handle: async (x) => refuseOrNotFound(x, await undecodedBodyRefusal(x, (value) => stringListProblem(x, value))),
};

export const PLUGIN_ROUTES: readonly Route[] = [
  listRoute,
  onPlugin('GET', '/plugins/{name}/json'),
  onPlugin('DELETE', '/plugins/{name}'),
  enableRoute,
  onPlugin('POST', '/plugins/{name}/disable'),
  setRoute,
];
