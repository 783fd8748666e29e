import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import { parseFilterArgs } from '../filters/filter-args.js';
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

/**
 * The `filters` of a list (filters.FromJSON, before the cluster): 20.10 answers Go's words with a
 * 500, but 400 on GET /services, which marks the error invalid; later releases 400 "invalid filter".
 */
function filtersRefusal(x: Exchange, services: boolean): Refusal | null {
  const old = releaseBelow(x, '23.0');
  const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
  if (!('refusal' in parsed)) return null;
  return services && old ? { ...parsed.refusal, status: 400 } : parsed.refusal;
}

/** A list: its filters, then (GET /services from API 1.41, which ignores it below) `status`, then the cluster. */
const list = (path: string, services = false): Route => ({
  method: 'GET',
  path,
  where: `${WHERE}: GET ${path}`,
  rules: [],
  handle: (x) => refuseInactive(x, [filtersRefusal(x, services), services && !apiBelow(x, '1.41') ? boolQueryRefusal(x, 'status', true) : null]),
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
  list('/services', true),
  serviceInspect,
  create('/services/create', 'swarm.ServiceSpec'),
  update('/services/{id}/update', 'swarm.ServiceSpec', 'service'),
  refused('DELETE', '/services/{id}'),
  logs('/services/{id}/logs'),
  list('/tasks'),
  refused('GET', '/tasks/{id}'),
  logs('/tasks/{id}/logs'),
  list('/nodes'),
  refused('GET', '/nodes/{id}'),
  update('/nodes/{id}/update', 'swarm.NodeSpec', 'node'),
  refused('DELETE', '/nodes/{id}'),
  list('/secrets'),
  refused('GET', '/secrets/{id}'),
  create('/secrets/create', 'swarm.SecretSpec'),
  update('/secrets/{id}/update', 'swarm.SecretSpec', 'secret'),
  refused('DELETE', '/secrets/{id}'),
  list('/configs'),
  refused('GET', '/configs/{id}'),
  create('/configs/create', 'swarm.ConfigSpec'),
  update('/configs/{id}/update', 'swarm.ConfigSpec', 'config'),
  refused('DELETE', '/configs/{id}'),
];
