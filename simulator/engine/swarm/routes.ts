import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import { filterValues, invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { apiBelow, boolQuery, queryOf, releaseBelow } from '../replies.js';
import type { Refusal } from '../json-request.js';
import { ENGINE_MESSAGES, NAMED_STREAMS_FROM } from '../messages.js';
import { boolQueryRefusal, refuseInactive, specRefusal, SWARM_MESSAGES, versionRefusal } from './inactive.js';

/**
 * The swarm routes of a daemon that is no swarm member (simulator/engine/swarm/inactive.ts): each
 * checks what it reads from the request, in moby's order, then answers the cluster's 503. Not
 * served: POST /swarm/init and /swarm/join (the simulator does not become a member).
 */

const WHERE = 'simulator/engine/swarm/routes.ts';

/** A route that reads nothing before the cluster refuses. */
const refused = (method: string, path: string, message: string = SWARM_MESSAGES.notManager): Route => ({
  method,
  path,
  where: `${WHERE}: ${method} ${path}`,
  rules: [],
  handle: (x) => refuseInactive(x, [], message),
});

/** A list's `filters`, parsed once (filters.FromJSON). */
type ParsedFilters = ReturnType<typeof parseFilterArgs>;

/**
 * The `filters` of a list (filters.FromJSON, before the cluster): 20.10 answers Go's words with a
 * 500, but 400 on GET /services, which marks the error invalid; later releases 400 "invalid filter".
 */
function filtersRefusal(x: Exchange, parsed: ParsedFilters, services: boolean): Refusal | null {
  if (!('refusal' in parsed)) return null;
  return services && releaseBelow(x, '23.0') ? { ...parsed.refusal, status: 400 } : parsed.refusal;
}

/**
 * From 29.0 the lists but the tasks' check their filters' keys before they ask the cluster (moby
 * docker-v29.0.0 daemon/cluster/filters.go and services.go: Args.Validate, then the nodes' role
 * and membership values, 500 "Invalid role filter: 'x'"); before 29.0 the cluster's 503 comes
 * first. Observed on 29.7.2 (2026-12-05).
 */
const KEYS_CHECKED_FROM = '29.0';
type ListKind = 'services' | 'tasks' | 'nodes' | 'secrets' | 'configs';
const ACCEPTED_KEYS: Readonly<Record<Exclude<ListKind, 'tasks'>, readonly string[]>> = {
  services: ['name', 'id', 'label', 'mode', 'runtime'],
  nodes: ['name', 'id', 'label', 'role', 'membership', 'node.label'],
  secrets: ['names', 'name', 'id', 'label'],
  configs: ['name', 'id', 'label'],
};
/** The nodes' filters whose values swarmkit's enums name (any case; "" passes). */
const NODE_VALUES: Readonly<Record<string, readonly string[]>> = { role: ['WORKER', 'MANAGER'], membership: ['PENDING', 'ACCEPTED'] };

/** What a list refuses of its filters before the cluster: an unknown key (400), then on the nodes an unknown role or membership (500). */
function keysRefusal(x: Exchange, parsed: ParsedFilters, kind: ListKind): Refusal | null {
  if (kind === 'tasks' || releaseBelow(x, KEYS_CHECKED_FROM) || 'refusal' in parsed) return null;
  const unaccepted = unacceptedKey(parsed.args, ACCEPTED_KEYS[kind]);
  if (unaccepted !== null) return { status: 400, message: invalidFilterMessage(unaccepted, null, false) };
  if (kind !== 'nodes') return null;
  for (const [key, known] of Object.entries(NODE_VALUES)) {
    const bad = filterValues(parsed.args, key).find((value) => value !== '' && !known.includes(value.toUpperCase()));
    if (bad !== undefined) return { status: 500, message: `Invalid ${key} filter: '${bad}'` };
  }
  return null;
}

/** A list: its filters, then (GET /services from API 1.41, which ignores it below) `status`, then (from 29.0) the filters' keys, then the cluster. */
const list = (path: string, kind: ListKind): Route => ({
  method: 'GET',
  path,
  where: `${WHERE}: GET ${path}`,
  rules: [],
  handle: (x) => {
    const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', releaseBelow(x, '23.0'));
    refuseInactive(x, [
      filtersRefusal(x, parsed, kind === 'services'),
      kind === 'services' && !apiBelow(x, '1.41') ? boolQueryRefusal(x, 'status', true) : null,
      keysRefusal(x, parsed, kind),
    ]);
  },
});

/** A create: the spec's body, then the cluster. */
const create = (path: string, goType: string): Route => ({
  method: 'POST',
  path,
  where: `${WHERE}: POST ${path}`,
  rules: [],
  handle: async (x) => refuseInactive(x, [await specRefusal(x, goType)]),
});

/** An update: the spec's body, the `version` query, then the cluster. */
const update = (path: string, goType: string, kind: Parameters<typeof versionRefusal>[1]): Route => ({
  method: 'POST',
  path,
  where: `${WHERE}: POST ${path}`,
  rules: [],
  handle: async (x) => {
    const body = await specRefusal(x, goType);
    refuseInactive(x, [body, body === null ? versionRefusal(x, kind) : null]);
  },
});

/** The logs of a service or a task: a stream must be asked for (moby's BoolValue), then the cluster. */
const logs = (path: string): Route => ({
  method: 'GET',
  path,
  where: `${WHERE}: GET ${path}`,
  rules: [],
  handle: (x) =>
    refuseInactive(x, [
      boolQuery(x, 'stdout') || boolQuery(x, 'stderr')
        ? null
        : releaseBelow(x, NAMED_STREAMS_FROM)
          ? { status: 500, message: ENGINE_MESSAGES.noStream }
          : { status: 400, message: ENGINE_MESSAGES.noStreamNamed },
    ]),
});

/** POST /swarm/update: the spec, the version, the three rotate… flags in moby's order, then the cluster. */
const swarmUpdate: Route = {
  method: 'POST',
  path: '/swarm/update',
  where: `${WHERE}: POST /swarm/update`,
  rules: [],
  async handle(x) {
    const body = await specRefusal(x, 'swarm.Spec');
    if (body !== null) return refuseInactive(x, [body]);
    refuseInactive(x, [
      versionRefusal(x, 'swarm'),
      boolQueryRefusal(x, 'rotateWorkerToken', false),
      boolQueryRefusal(x, 'rotateManagerToken', false),
      boolQueryRefusal(x, 'rotateManagerUnlockKey', false),
    ]);
  },
};

/** GET /services/{id}: insertDefaults (strconv.ParseBool), then the cluster. */
const serviceInspect: Route = {
  method: 'GET',
  path: '/services/{id}',
  where: `${WHERE}: GET /services/{id}`,
  rules: [],
  handle: (x) => refuseInactive(x, [boolQueryRefusal(x, 'insertDefaults', true)]),
};

export const SWARM_ROUTES: readonly Route[] = [
  refused('GET', '/swarm'),
  refused('GET', '/swarm/unlockkey'),
  refused('POST', '/swarm/leave', SWARM_MESSAGES.notMember),
  create('/swarm/unlock', 'swarm.UnlockRequest'),
  swarmUpdate,
  list('/services', 'services'),
  serviceInspect,
  create('/services/create', 'swarm.ServiceSpec'),
  update('/services/{id}/update', 'swarm.ServiceSpec', 'service'),
  refused('DELETE', '/services/{id}'),
  logs('/services/{id}/logs'),
  list('/tasks', 'tasks'),
  refused('GET', '/tasks/{id}'),
  logs('/tasks/{id}/logs'),
  list('/nodes', 'nodes'),
  refused('GET', '/nodes/{id}'),
  update('/nodes/{id}/update', 'swarm.NodeSpec', 'node'),
  refused('DELETE', '/nodes/{id}'),
  list('/secrets', 'secrets'),
  refused('GET', '/secrets/{id}'),
  create('/secrets/create', 'swarm.SecretSpec'),
  update('/secrets/{id}/update', 'swarm.SecretSpec', 'secret'),
  refused('DELETE', '/secrets/{id}'),
  list('/configs', 'configs'),
  refused('GET', '/configs/{id}'),
  create('/configs/create', 'swarm.ConfigSpec'),
  update('/configs/{id}/update', 'swarm.ConfigSpec', 'config'),
  refused('DELETE', '/configs/{id}'),
];
