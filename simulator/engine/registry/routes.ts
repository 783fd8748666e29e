import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import type { Refusal } from '../json-request.js';
import { familiarTagged, type NamedReference, parseNormalizedNamed } from '../plugins/reference.js';
import { notImplementedHere, queryOf, releaseBelow } from '../replies.js';
import { readPrivileges } from './privileges-body.js';
import { imageSearchRoute } from './search.js';
import { imagePushRoute } from './push.js';

/**
 * The routes that reach a registry, answered up to where they would: what moby checks first, in
 * the release's words, then 501 (the registry is a process elsewhere, which ctrd-sim does not
 * stand in for). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06), each daemon in a
 * private network namespace of its own, where an attempt to reach a registry fails on the spot.
 */

const WHERE = 'simulator/engine/registry/routes.ts';

/** From this release a remote that is no reference is an invalid parameter (400), before it a plain error (moby docker-v29.4.0, 735d17e1a5). */
const REMOTE_INVALID_FROM = '29.4';

/** A full image ID, with or without its algorithm (reference.ParseAnyReference takes both as a digest). */
const IMAGE_ID = /^(?:sha256:)?[a-f0-9]{64}$/;

/** The answer where the release would go on to the registry. */
const needsRegistry = (x: Exchange, what: string): void => notImplementedHere(x, `${what} (it reaches a registry)`);

/**
 * GET /distribution/{name}/json: reference.ParseAnyReference of the name, an image ID being no
 * repository (500 "no manifest found for full image ID"), a name that is no reference 400; then
 * the registry.
 */
const distributionRoute: Route = {
  method: 'GET',
  path: '/distribution/{name}/json',
  slashedParams: ['name'],
  where: `${WHERE}: GET /distribution/{name}/json`,
  rules: [],
  handle(x) {
    const name = x.params['name'] ?? '';
    if (IMAGE_ID.test(name)) return handlerError(x, 500, 'no manifest found for full image ID');
    const reference = parseNormalizedNamed(name, x.state.config.release.release);
    if ('error' in reference) return handlerError(x, 400, reference.error);
    needsRegistry(x, '/distribution/{name}/json');
  },
};

/** moby's parseRemoteRef: the `remote` a user named, or its refusal (400 from 29.4, 500 before). */
function remoteReference(x: Exchange): NamedReference | Refusal {
  const reference = parseNormalizedNamed(queryOf(x).get('remote') ?? '', x.state.config.release.release);
  if ('error' in reference) return { status: releaseBelow(x, REMOTE_INVALID_FROM) ? 500 : 400, message: reference.error };
  return reference;
}

/**
 * moby's getName: the name the plugin is kept under: without one, the remote's (its tag, else
 * `latest`); else the name given, which must parse (a plain error) and hold no digest.
 */
function pluginName(x: Exchange, remote: NamedReference, given: string): string | Refusal {
  if (given === '') return familiarTagged(remote.digest === '' ? remote : { ...remote, digest: '' });
  const local = parseNormalizedNamed(given, x.state.config.release.release);
  if ('error' in local) return { status: 500, message: local.error };
  if (local.digest !== '') return { status: 500, message: 'cannot use digest in plugin tag' };
  return local.tag === '' ? familiarTagged(local) : given;
}

/** GET /plugins/privileges: the remote, then the registry. */
const privilegesRoute: Route = {
  method: 'GET',
  path: '/plugins/privileges',
  where: `${WHERE}: GET /plugins/privileges`,
  rules: [],
  handle(x) {
    const remote = remoteReference(x);
    if ('status' in remote) return handlerError(x, remote.status, remote.message);
    needsRegistry(x, '/plugins/privileges');
  },
};

/**
 * The start of a pull and an upgrade: the privileges in the body, the remote, the name the plugin
 * would be kept under (the query's for a pull, the path's for an upgrade); the name, or the request
 * answered (then null).
 */
async function pullStart(x: Exchange, given: string): Promise<string | null> {
  const body = await readPrivileges(x);
  if (body !== null) {
    handlerError(x, body.status, body.message);
    return null;
  }
  const remote = remoteReference(x);
  if ('status' in remote) {
    handlerError(x, remote.status, remote.message);
    return null;
  }
  const name = pluginName(x, remote, given);
  if (typeof name !== 'string') {
    handlerError(x, name.status, name.message);
    return null;
  }
  return name;
}

/** POST /plugins/pull: the start; a name a plugin has already (400, the store's validateName as an invalid parameter); then the registry. */
const pullRoute: Route = {
  method: 'POST',
  path: '/plugins/pull',
  where: `${WHERE}: POST /plugins/pull`,
  rules: [],
  async handle(x) {
    const name = await pullStart(x, queryOf(x).get('name') ?? '');
    if (name === null) return;
    const local = parseNormalizedNamed(name, x.state.config.release.release);
    const kept = 'error' in local ? name : familiarTagged(local);
    if (x.state.objects.plugins.named(kept) !== undefined) return handlerError(x, 400, `plugin ${kept} already exists`);
    needsRegistry(x, '/plugins/pull');
  },
};

/** POST /plugins/{name}/upgrade: the start, the plugin (404; every plugin here is disabled, as an upgrade needs); then the registry. */
const upgradeRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/upgrade',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/upgrade`,
  rules: [],
  async handle(x) {
    const name = await pullStart(x, x.params['name'] ?? '');
    if (name === null) return;
    const found = x.state.objects.plugins.resolve(name, x.state.config.release.release);
    if ('status' in found) return handlerError(x, found.status, found.message);
    needsRegistry(x, '/plugins/{name}/upgrade');
  },
};

/** POST /plugins/{name}/push: the plugin (404), then the registry. */
const pushRoute: Route = {
  method: 'POST',
  path: '/plugins/{name}/push',
  slashedParams: ['name'],
  where: `${WHERE}: POST /plugins/{name}/push`,
  rules: [],
  handle(x) {
    const found = x.state.objects.plugins.resolve(x.params['name'] ?? '', x.state.config.release.release);
    if ('status' in found) return handlerError(x, found.status, found.message);
    needsRegistry(x, '/plugins/{name}/push');
  },
};

export const REGISTRY_ROUTES: readonly Route[] = [imageSearchRoute, imagePushRoute, distributionRoute, privilegesRoute, pullRoute, upgradeRoute, pushRoute];
