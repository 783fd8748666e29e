import { volumeSize } from '../containers/volume-population.js';
import { randomBytes } from 'node:crypto';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { parseFilterArgs } from '../filters/filter-args.js';
import { printsNewerWords } from '../go-json-newer.js';
import { type Refusal, readJsonRequest } from '../json-request.js';
import { goRfc3339Local, type Volume } from '../objects/index.js';
import { apiBelow, boolQuery, queryOf, releaseBelow, sendEmpty, sendJson, sortedMap } from '../replies.js';
import { SWARM_MESSAGES } from '../swarm/inactive.js';
import { createBodyProblem, createRequest } from './create-body.js';
import { ANONYMOUS_LABEL, listFilter, pruneFilter } from './filters.js';
import { newVolumeProblem, volumeDataPath } from './local-driver.js';
import { usersOf } from '../containers/mount-points.js';

const WHERE = 'simulator/engine/volumes/routes.ts';

/** The releases before 23.0 (20.10): Go's words for filters, no anonymous label, `all` unknown to prune, a create event for every create. */
const isOld = (x: Exchange): boolean => releaseBelow(x, '23.0');

/** A volume as the API writes it (moby volume.Volume: Status and UsageData omitted, as for a local volume outside system df). */
export const shapeVolume = (x: Exchange, volume: Volume): Record<string, unknown> => ({
  CreatedAt: goRfc3339Local(volume.createdAt),
  Driver: volume.driver,
  Labels: sortedMap(volume.labels),
  Mountpoint: volumeDataPath(x, volume.name),
  Name: volume.name,
  Options: sortedMap(volume.options),
  Scope: 'local',
});

const refuse = (x: Exchange, refusal: Refusal): void => handlerError(x, refusal.status, refusal.message);

/** moby's OpErr words: the operation, the name when there is one, the error. */
const opError = (op: string, name: string, message: string): string => `${op}${name === '' ? '' : ` ${name}`}: ${message}`;

const noSuchVolume = (name: string): Refusal => ({ status: 404, message: opError('get', name, 'no such volume') });

/** GET /volumes: the volumes the filters keep; a filters text that does not decode is 400 on every release, with the release's words. */
const listRoute: Route = {
  method: 'GET',
  path: '/volumes',
  where: `${WHERE}: GET /volumes`,
  rules: [],
  handle(x) {
    const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', isOld(x));
    if ('refusal' in parsed) return handlerError(x, 400, `error reading volume filters: ${parsed.refusal.message}`);
    const keep = listFilter(parsed.args, isOld(x));
    if (typeof keep !== 'function') return refuse(x, keep);
    const volumes = x.state.objects.volumes.all().filter(keep);
    sendJson(x, 200, { Volumes: volumes.map((volume) => shapeVolume(x, volume)), Warnings: null });
  },
};

/** GET /volumes/{name}: by its exact name (the simulator is in no swarm, so no cluster volume is looked up). */
const inspectRoute: Route = {
  method: 'GET',
  path: '/volumes/{name}',
  slashedParams: ['name'],
  where: `${WHERE}: GET /volumes/{name}`,
  rules: [],
  handle(x) {
    const name = x.params['name'] ?? '';
    const volume = x.state.objects.volumes.find(name);
    if (volume === undefined) return refuse(x, noSuchVolume(name));
    sendJson(x, 200, shapeVolume(x, volume));
  },
};

/**
 * POST /volumes/create (moby volume service Create): the body, a cluster spec from API 1.42
 * (which needs a swarm manager), then the driver, an existing volume of the name (returned as it
 * is), then the local driver's checks; errors say "create <name>: …". A driver other than local
 * is a plugin the daemon does not have: the real daemons answer so after their plugin lookup
 * gives up, some seconds later; the simulator answers at once.
 */
const createRoute: Route = {
  method: 'POST',
  path: '/volumes/create',
  where: `${WHERE}: POST /volumes/create`,
  rules: [],
  async handle(x) {
    const old = isOld(x);
    const struct = old ? 'VolumeCreateBody' : releaseBelow(x, '29.0') ? 'CreateOptions' : 'CreateRequest';
    // Map keys are named by the Go 28.x is built with only (29.7.2 names none, observed).
    const namesKeys = printsNewerWords(x.state.config.release.release);
    const read = await readJsonRequest(x, (value) => createBodyProblem(value, old, struct, namesKeys), true);
    if (!('value' in read)) return refuse(x, read);
    const request = createRequest(read.value, old);
    if (!old && request.clusterSpec && !apiBelow(x, '1.42')) return handlerError(x, 503, SWARM_MESSAGES.notManager);
    const anonymous = request.name === '';
    const name = anonymous ? randomBytes(32).toString('hex') : request.name;
    const labels = anonymous && !old ? { ...request.labels, [ANONYMOUS_LABEL]: '' } : request.labels;
    const fail = (refusal: Refusal): void => handlerError(x, refusal.status, opError('create', name, refusal.message));
    // The driver is looked up first; a volume that exists is taken as it is, its options unchecked.
    const plugin = request.driver !== '' && request.driver !== 'local' ? newVolumeProblem(x, name, request.driver, null) : null;
    if (plugin !== null) return fail(plugin);
    const store = x.state.objects.volumes;
    const existing = store.find(name);
    if (existing !== undefined) {
      if (old) store.recordCreate(existing);
      return sendJson(x, 201, shapeVolume(x, existing));
    }
    const problem = newVolumeProblem(x, name, request.driver, request.driverOpts);
    if (problem !== null) return fail(problem);
    const volume: Volume = { name, driver: 'local', labels, options: request.driverOpts, createdAt: new Date() };
    store.add(volume);
    sendJson(x, 201, shapeVolume(x, volume));
  },
};

/** DELETE /volumes/{name}: a volume no container mounts goes; a missing one is 404 unless `force`. */
const deleteRoute: Route = {
  method: 'DELETE',
  path: '/volumes/{name}',
  slashedParams: ['name'],
  where: `${WHERE}: DELETE /volumes/{name}`,
  rules: [],
  handle(x) {
    const name = x.params['name'] ?? '';
    const store = x.state.objects.volumes;
    const volume = store.find(name);
    // A volume a container mounts stays, forced or not (observed on the four releases, 2026-12-07).
    const users = volume === undefined ? [] : usersOf(x, volume.name);
    if (users.length > 0) return handlerError(x, 409, opError('remove', name, `volume is in use - [${users.map((user) => user.id).join(', ')}]`));
    if (volume !== undefined) store.remove(volume);
    else if (!boolQuery(x, 'force')) return refuse(x, noSuchVolume(name));
    sendEmpty(x, 204);
  },
};

/**
 * POST /volumes/prune: the local volumes without options the filters keep (filters.ts: from API
 * 1.42 only anonymous ones unless all), each destroyed (20.10 records no destroy event for them),
 * then the prune event. 20.10 answers a filters text it cannot decode with 500 and Go's words.
 */
const pruneRoute: Route = {
  method: 'POST',
  path: '/volumes/prune',
  where: `${WHERE}: POST /volumes/prune`,
  rules: [],
  handle(x) {
    const old = isOld(x);
    const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
    if ('refusal' in parsed) return refuse(x, parsed.refusal);
    const keep = pruneFilter(parsed.args, old, apiBelow(x, '1.42'));
    if (typeof keep !== 'function') return refuse(x, keep);
    const store = x.state.objects.volumes;
    const pruned = store.all().filter((volume) => Object.keys(volume.options ?? {}).length === 0 && keep(volume) && usersOf(x, volume.name).length === 0);
    for (const volume of pruned) store.remove(volume, old);
    // What a create copied into them is what the prune frees (directory.Size of each).
    const reclaimed = pruned.reduce((sum, volume) => sum + volumeSize(volume), 0);
    store.recordPrune(reclaimed);
    sendJson(x, 200, { VolumesDeleted: pruned.map((volume) => volume.name), SpaceReclaimed: reclaimed });
  },
};

/** PUT /volumes/{name} (from 26.1 in the route table): cluster volumes only, and the simulator is in no swarm. */
const updateRoute: Route = {
  method: 'PUT',
  path: '/volumes/{name}',
  slashedParams: ['name'],
  where: `${WHERE}: PUT /volumes/{name}`,
  rules: [],
  handle: (x) => handlerError(x, 503, 'volume update only valid for cluster volumes, but swarm is unavailable'),
};

export const VOLUME_ROUTES: readonly Route[] = [listRoute, inspectRoute, createRoute, deleteRoute, pruneRoute, updateRoute];
