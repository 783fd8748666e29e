import { goRegexpMatches } from '../filters/go-regexp.js';
import { stateString } from './shape.js';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { booleanFilter, type FilterArgs, filterValues, invalidFilterMessage, labelsMatch, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { goAtoi, goNumErrorReason, goParseUint } from '../go-strconv.js';
import type { Refusal } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { Container, Image } from '../objects/index.js';
import { boolQuery, queryOf, releaseBelow } from '../replies.js';

/**
 * GET /containers/json's query as moby reads it (router getContainersJSON, then the daemon's
 * foldFilter and includeContainerInList), observed on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27):
 * the filters' JSON, `limit` (strconv.Atoi), the filter names, then each filter's values in
 * moby's order (exited, status, is-task, health, before, since, publish, expose), each refused in
 * the release's words. The legacy `since` and `before` query parameters are ignored, as are
 * `isolation` filters (Linux).
 */

const PS_FILTERS = [
  'ancestor',
  'before',
  'expose',
  'exited',
  'health',
  'id',
  'isolation',
  'is-task',
  'label',
  'name',
  'network',
  'publish',
  'since',
  'status',
  'volume',
];
const STATES = ['created', 'running', 'paused', 'restarting', 'removing', 'exited', 'dead'];
const HEALTHS = ['none', 'starting', 'healthy', 'unhealthy'];

/** The first release whose refusals of `status` and `health` values list the valid ones (observed on 28.5.2; 26.1.5 does not). */
const LISTED_VALUES_FROM = '28.0';

/** The containers a list answers, from all of them newest first. */
export interface ContainerSelection {
  readonly select: (newestFirst: readonly Container[]) => Container[];
}

const refusal = (status: number, message: string): { readonly refusal: Refusal } => ({ refusal: { status, message } });

/** `status` and `health` values no container can have: 20.10, 26.x and 28.x each word it their way. */
function badValue(x: Exchange, key: 'status' | 'health', value: string): { readonly refusal: Refusal } {
  const valid = key === 'status' ? STATES : HEALTHS;
  if (!releaseBelow(x, LISTED_VALUES_FROM)) {
    return refusal(
      400,
      `invalid filter '${key}=${value}': invalid value for ${key === 'status' ? 'state' : 'health'} (${value}): must be one of ${valid.join(', ')}`,
    );
  }
  if (key === 'status') return refusal(400, invalidFilterMessage(`status=${value}`, null, releaseBelow(x, '23.0')));
  return refusal(400, `${releaseBelow(x, '23.0') ? 'Unrecognised' : 'unrecognized'} filter value for health: ${value}`);
}

/**
 * Why a `publish` or `expose` value is refused (moby portOp: nat.SplitProtoPort, ParsePortRange,
 * 500 in nat's words; from 29.0 network.ParsePortRange's), or null. The ports it names are not needed: no container of the simulator
 * has a network with ports.
 */
function portRefusal(x: Exchange, key: 'publish' | 'expose', value: string): Refusal | null {
  if (value.includes(':')) return { status: 500, message: `filter for '${key}' should not contain ':': ${value}` };
  const lookup = (why: string): Refusal => ({ status: 500, message: `error while looking up for ${key} ${value}: ${why}` });
  if (!releaseBelow(x, '29.0')) {
    const why = portRangeProblem(value);
    return why === null ? null : lookup(why);
  }
  const parts = value.split('/');
  const range = value === '' || parts[0] === '' ? '' : parts[0]!;
  if (range === '') return lookup('Empty string specified for ports.');
  const bounds = range.includes('-') ? range.split('-').slice(0, 2) : [range, range];
  const numbers: bigint[] = [];
  for (const bound of bounds) {
    const parsed = goParseUint(bound, 16);
    if ('error' in parsed) return lookup(parsed.error);
    numbers.push(parsed.value);
  }
  return numbers[1]! < numbers[0]! ? lookup(`Invalid range specified for the Port: ${range}`) : null;
}

/**
 * 29.0's network.ParsePortRange (moby api/types/network/port.go): "start[-end][/proto]", each
 * number a uint16 (strconv's bare reason), the range read at its first "-", an end below the
 * start refused with the whole value. Null when it parses.
 */
function portRangeProblem(value: string): string | null {
  if (value === '') return 'invalid port range: value is empty';
  const slash = value.indexOf('/');
  const range = slash < 0 ? value : value.slice(0, slash);
  const dash = range.indexOf('-');
  const [start, end] = dash < 0 ? [range, null] : [range.slice(0, dash), range.slice(dash + 1)];
  const number = (text: string): { readonly value: bigint } | { readonly error: string } => {
    if (text === '') return { error: 'value is empty' };
    const parsed = goParseUint(text, 16);
    return 'error' in parsed ? { error: goNumErrorReason(parsed.error) } : parsed;
  };
  const first = number(start);
  if ('error' in first) return `invalid start port '${start}': ${first.error}`;
  if (end === null || end === start) return null;
  const last = number(end);
  if ('error' in last) return `invalid end port '${end}': ${last.error}`;
  return last.value < first.value ? `invalid port range: ${value}` : null;
}

/** The images an ancestor filter names, and every image made from them (moby: the image and its children, down the graph). */
function ancestorImages(x: Exchange, args: FilterArgs): Set<string> {
  const { objects } = x.state;
  const roots = filterValues(args, 'ancestor')
    .map((ref) => objects.findImage(ref))
    .filter((image): image is Image => image !== undefined);
  const kept = new Set(roots.map((image) => image.id));
  const all = objects.allImages();
  for (let grew = true; grew; ) {
    grew = false;
    for (const image of all) {
      if (!kept.has(image.id) && image.origin !== undefined && kept.has(image.origin.parent)) {
        kept.add(image.id);
        grew = true;
      }
    }
  }
  return kept;
}

/** The query of GET /containers/json: what it keeps, or how the release refuses it. */
export function containerSelection(x: Exchange): ContainerSelection | { readonly refusal: Refusal } {
  const old = releaseBelow(x, '23.0');
  const query = queryOf(x);
  const parsed = parseFilterArgs(query.get('filters') ?? '', old);
  if ('refusal' in parsed) return { refusal: parsed.refusal };
  const { args } = parsed;
  let limit = 0;
  const limitText = query.get('limit') ?? '';
  if (limitText !== '') {
    const given = goAtoi(limitText);
    // An invalid parameter from 29.4 (moby docker-v29.4.0), a plain error before.
    if ('error' in given) return refusal(releaseBelow(x, '29.4') ? 500 : 400, given.error);
    limit = Number(given.value);
  }
  const unaccepted = unacceptedKey(args, PS_FILTERS);
  if (unaccepted !== null) return refusal(400, invalidFilterMessage(unaccepted, null, old));

  const exitCodes: number[] = [];
  for (const value of filterValues(args, 'exited')) {
    const code = goAtoi(value);
    if ('error' in code) return old ? refusal(500, code.error) : refusal(400, `invalid filter 'exited=${value}': ${code.error}`);
    exitCodes.push(Number(code.value));
  }
  const states = filterValues(args, 'status');
  const badState = states.find((state) => !STATES.includes(state));
  if (badState !== undefined) return badValue(x, 'status', badState);
  const isTask = args.has('is-task') ? booleanFilter(args, 'is-task', old) : undefined;
  if (typeof isTask === 'object') return refusal(400, isTask.refused);
  const healths = filterValues(args, 'health');
  const badHealth = healths.find((health) => !HEALTHS.includes(health));
  if (badHealth !== undefined) return badValue(x, 'health', badHealth);

  const bounds: Partial<Record<'before' | 'since', Container>> = {};
  for (const key of ['before', 'since'] as const) {
    for (const name of filterValues(args, key)) {
      const found = containerByNameOrId(x, name);
      if (found === undefined) return old ? refusal(500, `no such container ${name}`) : refusal(404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
      bounds[key] = found;
    }
  }
  for (const key of ['publish', 'expose'] as const) {
    for (const value of filterValues(args, key)) {
      const refused = portRefusal(x, key, value);
      if (refused !== null) return { refusal: refused };
    }
  }
  const portFiltered = filterValues(args, 'publish').length + filterValues(args, 'expose').length > 0;
  const ancestors = args.has('ancestor') ? ancestorImages(x, args) : null;
  const nameMatchers = filterValues(args, 'name').map((pattern) => (name: string) => goRegexpMatches(pattern, name));
  const named = (container: Container): boolean =>
    nameMatchers.length === 0 || nameMatchers.some((matches) => matches(`/${container.name}`) || matches(container.name));
  const ids = filterValues(args, 'id');
  const all = boolQuery(x, 'all') || states.length > 0;

  /** includeContainerInList's other tests, in moby's order after the name and the ID. */
  const passes = (container: Container): boolean => {
    if (!labelsMatch(args, container.config['Labels'])) return false;
    if (exitCodes.length > 0 && !(container.state === 'exited' && container.startedAt !== null && exitCodes.includes(container.exitCode))) return false;
    if (states.length > 0 && !states.includes(stateString(container))) return false;
    if (isTask === true) return false;
    if (healths.length > 0 && !healths.includes('none')) return false;
    if (args.has('network') && !filterValues(args, 'network').some((value) => onNetwork(container, value))) return false;
    // No container of the simulator mounts a volume, and none has a network with ports (none, host):
    // moby matches publish and expose on the network's ports, not on the configuration's (observed).
    if (args.has('volume') || portFiltered) return false;
    return ancestors === null || ancestors.has(container.image.id);
  };

  /**
   * moby's list: the candidates by ID (a unique prefix) and name, then, newest first: before (skip
   * up to and including its container), since (stop at its container), stopped ones left out
   * unless all or a limit, the name and an ID prefix, the other filters, at most `limit`.
   */
  const select = (newestFirst: readonly Container[]): Container[] => {
    const candidates = candidatesByIdAndName(newestFirst, ids, nameMatchers.length > 0 ? named : null);
    const kept: Container[] = [];
    let before = bounds.before;
    for (const container of candidates) {
      if (before !== undefined) {
        if (container === before) before = undefined;
        continue;
      }
      if (container === bounds.since) break;
      if (container.state !== 'running' && !all && limit <= 0) continue;
      if (!named(container) || (ids.length > 0 && !ids.some((id) => id !== '' && container.id.startsWith(id)))) continue;
      if (limit > 0 && kept.length === limit) break;
      if (passes(container)) kept.push(container);
    }
    return kept;
  };
  return { select };
}

/**
 * moby's filterByNameIDMatches: without `id` or `name` values every container; else those whose ID
 * an `id` value names (the whole ID or a prefix no other shares; "" none) and, among those when
 * any was found, else among all, those whose name matches.
 */
function candidatesByIdAndName(newestFirst: readonly Container[], ids: readonly string[], named: ((container: Container) => boolean) | null): Container[] {
  if (ids.length === 0 && named === null) return [...newestFirst];
  const resolved = new Set<Container>();
  for (const id of ids) {
    if (id === '') continue;
    const found = newestFirst.filter((container) => container.id.startsWith(id));
    if (found.length === 1) resolved.add(found[0]!);
  }
  const pool = resolved.size > 0 ? [...resolved] : newestFirst;
  const byName = new Set(named === null ? [] : pool.filter(named));
  return newestFirst.filter((container) => resolved.has(container) || byName.has(container));
}

/** The container `before` and `since` name: by its name (with or without its "/") or its full ID, no prefix (moby's container view; observed). */
function containerByNameOrId(x: Exchange, key: string): Container | undefined {
  const name = key.replace(/^\//, '');
  return x.state.objects.allContainers().find((container) => container.name === name || container.id === key);
}

/** moby: a network the container is on by its key, or by a prefix of the network ID an entry has, which is empty until the container first starts on it. */
function onNetwork(container: Container, value: string): boolean {
  if (container.networks.has(value)) return true;
  return [...container.networks.values()].some((endpoint) => (endpoint.networkId ?? '').startsWith(value));
}
