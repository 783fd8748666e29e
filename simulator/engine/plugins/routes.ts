import { jsonTypeWord } from '../../config/file/go-values.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { booleanFilter, invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { argsMatch } from '../filters/go-regexp.js';
import { printsNewerWords } from '../go-json-newer.js';
import { goAtoi } from '../go-strconv.js';
import { readJsonRequest } from '../json-request.js';
import { dropConnection, notImplementedHere, queryOf, releaseBelow, sendEmpty, sendJson } from '../replies.js';
import { goUtf8 } from './json-spans.js';
import { capabilitiesOf, type Plugin, pluginDocument, pointed, structs } from './plugin.js';
import { has } from './plugin-changes.js';
import { createRoute } from './create.js';
import { applySettings, SettingRefused } from './settings.js';

/**
 * The plugin routes on the plugins of the simulator's store (plugin-store.ts): each reads what the
 * route reads from the request first, then looks the name up (a name not found is a 404 in Go's
 * %q), in moby's order and the release's words. The simulator runs no plugin, so every plugin is
 * disabled and an enable answers 501 after the checks moby makes before it starts one. Observed
 * on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27, no plugin) and with plugins made by create on
 * those and 29.7.2 (2026-12-06). Pull, push, upgrade and privileges reach a registry: registry/routes.ts.
 */

const WHERE = 'simulator/engine/plugins/routes.ts';

/** The plugin the route's name finds, or the answer that it finds none (then undefined). */
function lookedUp(x: Exchange): Plugin | undefined {
  const found = x.state.objects.plugins.resolve(x.params['name'] ?? '', x.state.config.release.release);
  if ('status' in found) {
    handlerError(x, found.status, found.message);
    return undefined;
  }
  return found;
}

/** The filters GET /plugins takes (moby acceptedPluginFilterTags). */
const PLUGIN_FILTERS = ['capability', 'enabled'];

/**
 * GET /plugins: the filters parsed (20.10: Go's words, 500; later 400 "invalid filter"), their
 * names checked, `enabled` read as a boolean filter (20.10's ExactMatch lets a key without values
 * through, later releases' GetBoolOrDefault refuses it); then the plugins, none enabled, each kept
 * by `capability` when every one of its types' capabilities matches (a plugin without types
 * always does).
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
    // No plugin is enabled: `enabled=true` keeps none.
    const kept = (enabled === true ? [] : x.state.objects.plugins.all()).filter((plugin) =>
      capabilitiesOf(plugin).every((id) => argsMatch(parsed.args, 'capability', goUtf8(id.capability))),
    );
    sendJson(x, 200, kept.map(pluginDocument));
  },
};

/** A route on one plugin that reads nothing before the name. */
const onPlugin = (method: string, path: string, then: (x: Exchange, plugin: Plugin) => void): Route => ({
  method,
  path,
  slashedParams: ['name'],
  where: `${WHERE}: ${method} ${path}`,
  rules: [],
  handle(x) {
    const plugin = lookedUp(x);
    if (plugin !== undefined) then(x, plugin);
  },
});

/** DELETE: a disabled plugin in no use goes, force or not; the event names it as the request did. */
const removeRoute = onPlugin('DELETE', '/plugins/{name}', (x, plugin) => {
  x.state.objects.plugins.remove(plugin, x.params['name'] ?? '');
  sendEmpty(x, 200);
});

/** Disable: every plugin is disabled already (moby's errDisabled, a conflict, wrapped). */
const disableRoute = onPlugin('POST', '/plugins/{name}/disable', (x, plugin) =>
  handlerError(x, 409, `plugin is already disabled: plugin ${plugin.name} found but disabled`),
);

/**
 * POST /plugins/{name}/enable: `timeout` read with strconv.Atoi, empty included (500; from 29.4 an
 * invalid parameter, 400), then the plugin; then what InitSpec checks before anything runs: a
 * config mount without source (500), a device without path in the settings (a nil pointer: moby's
 * handler panics). Past those moby asks the host for the devices and starts the plugin: 501.
 */
const enableRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/enable',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/enable`,
  rules: [],
  handle(x) {
    const timeout = goAtoi(queryOf(x).get('timeout') ?? '');
    if ('error' in timeout) return handlerError(x, releaseBelow(x, '29.4') ? 500 : 400, timeout.error);
    const plugin = lookedUp(x);
    if (plugin === undefined) return;
    if (structs(plugin.config['Mounts']!).some((mount) => mount['Source'] === null)) return handlerError(x, 500, 'mount source is not specified');
    if (plugin.settings.devices.some((device) => pointed(device['Path']!) === null)) return dropConnection(x);
    notImplementedHere(x, '/plugins/{name}/enable (running a plugin)');
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

/** POST /plugins/{name}/set: the settings' body ([]string), then the plugin, then the settings in order (settings.ts). */
const setRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/set',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/set`,
  rules: [],
  async handle(x) {
    const read = await readJsonRequest(x, (value) => stringListProblem(x, value));
    if (!('value' in read)) return handlerError(x, read.status, read.message);
    const plugin = lookedUp(x);
    if (plugin === undefined) return;
    const args = ((read.value as (string | null)[] | null | undefined) ?? []).map((arg) => arg ?? '');
    try {
      applySettings(plugin, args, has(x, 'apiModule'));
    } catch (error) {
      if (error instanceof SettingRefused) return handlerError(x, 500, error.message);
      throw error;
    }
    sendEmpty(x, 204);
  },
};

export const PLUGIN_ROUTES: readonly Route[] = [
  listRoute,
  onPlugin('GET', '/plugins/{name}/json', (x, plugin) => sendJson(x, 200, pluginDocument(plugin))),
  removeRoute,
  enableRoute,
  disableRoute,
  setRoute,
  createRoute,
];
