import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { setup as pluginSetup } from './helpers/plugin-exchanges.js';
import { platformSpecifiers } from './helpers/platform-specifiers.js';
import { type Ask, checkAgainstObservedReleases, json, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * The routes that reach a registry, up to where they would (simulator/engine/registry/routes.ts):
 * each observed release, started in a private network namespace with only loopback, and ctrd-sim
 * emulating it get the same generated image search, push and pull, distribution, plugin
 * privileges, pull, upgrade and push requests (a pull's platform parsed first). A request the release takes to a registry fails there on the spot (its dial error),
 * and ctrd-sim answers it 501: both are read as "a registry". The plugins are made alike first.
 */

const ID = 'a'.repeat(64);

/** Names as a user writes them: references, image IDs, what the grammar refuses, and generated ones (no registry host is named). */
const names = fc.oneof(
  fc.constantFrom(
    'ctc-img',
    'ctc-full',
    'ctc-full:latest',
    'Upper',
    'UPPER:tag',
    ID,
    `sha256:${ID}`,
    'sha256:abc',
    'a:b:c',
    '-x',
    'x@sha256:abc',
    `x@sha256:${ID}`,
    `x:1@sha256:${ID}`,
    'a/b',
    'localhost:5000/x',
    'x:Bad Tag',
    '',
  ),
  fc.stringMatching(/^[a-zA-Z0-9:@/._-]{1,24}$/),
);

/** The privileges a pull or an upgrade sends, as JSON (or not). */
const privileges = fc.constantFrom(
  '',
  '[]',
  'null',
  '{}',
  '"x"',
  '[{"Name":"network","Value":["host"]}]',
  '[{"name":"x","Other":1}]',
  '[] x',
  '[]]',
  '[] {}',
  'nope',
  ' ',
);

const query = (entries: readonly (readonly [string, string | undefined])[]): string => {
  const set = entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  return set.length === 0 ? '' : `?${set.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
};
const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined });
// A name of hex digits may be a prefix of one side's plugin IDs and not the other's: ID prefixes come as the setup's placeholders.
const pluginNames = fc.oneof(
  names.filter((name) => !/^[0-9a-f]{1,63}$/.test(name)),
  fc.constantFrom('ctc-bare', 'ctc-nodevpath', '{full-id}', '{full-id12}', 'nothere'),
);

/** A search's filters: the old and current JSON forms, one value each (20.10 names several in Go's map order). */
const searchFilters = fc.oneof(
  fc.constantFrom('{', '[]', '{"nope":{"a":true}}', '{"is-automated":{}}', '{"stars":["3"]}'),
  fc
    .record({ key: fc.constantFrom('is-automated', 'is-official', 'stars'), value: fc.constantFrom('true', 'false', '1', '0', 'maybe', '3', '-1', 'x', '') })
    .map(({ key, value }) => JSON.stringify({ [key]: { [value]: true } })),
);

/** moby's splitReposSearchTerm: a term whose first part holds "." or ":", or is localhost, names an index of its own. */
function namesIndex(term: string): boolean {
  const slash = term.indexOf('/');
  const first = slash < 0 ? null : term.slice(0, slash);
  return first !== null && (first.includes('.') || first.includes(':') || first === 'localhost') && !term.includes('://');
}

const search: fc.Arbitrary<Ask> = fc
  .record({
    // Terms on the default index: ctrd-sim does not model the checks of another index's name (501).
    term: optional(
      fc.oneof(fc.constantFrom('x', '', 'a://b', 'Upper', 'a/b', 'a/b.c:d'), fc.stringMatching(/^[a-z0-9:/._-]{1,12}$/)).filter((term) => !namesIndex(term)),
    ),
    limit: optional(fc.constantFrom('', '0', '-1', '1', '100', '101', 'abc', ' 5', '1e2', '9223372036854775808')),
    filters: optional(searchFilters),
  })
  .map(({ term, limit, filters }) => ({
    method: 'GET',
    path: `/images/search${query([
      ['term', term],
      ['limit', limit],
      ['filters', filters],
    ])}`,
  }));

/** A push, with or without X-Registry-Auth (whose value is taken as it comes), and a body that may hold an auth config. */
interface PushAsk extends Ask {
  readonly auth?: string;
}

const push: fc.Arbitrary<PushAsk> = fc
  .record({
    name: names.filter((name) => name !== '' && !name.endsWith('/')),
    tag: optional(fc.constantFrom('', '1', '2', 'latest', 'Bad Tag', 'x'.repeat(129))),
    auth: optional(fc.constantFrom('e30=', 'not base64')),
    body: fc.constantFrom('', '{}', 'null', '[]', 'x', '{"username":"a"}', ' '),
  })
  .map(({ name, tag, auth, body }) => ({
    method: 'POST',
    path: `/images/${encodeURI(name)}/push${query([['tag', tag]])}`,
    ...json(body),
    ...(auth === undefined ? {} : { auth }),
  }));

/** A pull: the name, a tag that may be a digest and a platform, at an API version that reads it or not. */
const pull: fc.Arbitrary<Ask> = fc
  .record({
    version: fc.constantFrom('', '/v1.31', '/v1.41'),
    name: fc.oneof(names, fc.constantFrom('scratch', 'library/scratch', 'scratch:1', 'x:')),
    tag: optional(fc.constantFrom('', '1', 'latest', 'Bad Tag', `sha256:${ID}`, 'sha256:abc', 'x'.repeat(129))),
    platform: optional(platformSpecifiers),
  })
  .filter(({ name }) => name !== '')
  .map(({ version, name, tag, platform }) => ({
    method: 'POST',
    path: `${version}/images/create${query([
      ['fromImage', name],
      ['tag', tag],
      ['platform', platform],
    ])}`,
  }));

const requests: fc.Arbitrary<Ask> = fc.oneof(
  search,
  push,
  pull,
  names.filter((name) => name !== '' && !name.endsWith('/')).map((name) => ({ method: 'GET', path: `/distribution/${encodeURI(name)}/json` })),
  optional(names).map((remote) => ({ method: 'GET', path: `/plugins/privileges${query([['remote', remote]])}` })),
  fc.record({ remote: optional(names), name: optional(pluginNames), body: privileges }).map(({ remote, name, body }) => ({
    method: 'POST',
    path: `/plugins/pull${query([
      ['remote', remote],
      ['name', name],
    ])}`,
    ...json(body),
  })),
  fc
    .record({ name: pluginNames.filter((name) => name !== '' && !name.endsWith('/')), remote: optional(names), body: privileges })
    .map(({ name, remote, body }) => ({ method: 'POST', path: `/plugins/${encodeURI(name)}/upgrade${query([['remote', remote]])}`, ...json(body) })),
  pluginNames.filter((name) => name !== '' && !name.endsWith('/')).map((name) => ({ method: 'POST', path: `/plugins/${encodeURI(name)}/push` })),
);

/** What the release's dial says when it reaches for a registry (no name of one is written here). */
const DIAL_FAILED = /dial tcp|lookup |connect: |no such host|connection refused|invalid registry endpoint/;

/** Status and body of a request that carries X-Registry-Auth. */
async function withAuth(client: HttpClient, ask: Ask, auth: string): Promise<[number, string]> {
  const reply = await client.request(ask.method, ask.path, {
    headers: { 'Content-Type': ask.type ?? 'application/json', 'X-Registry-Auth': auth },
    body: ask.body ?? '',
    timeoutMs: 10_000,
  });
  return [reply.status, reply.body];
}

/** Status and message, an attempt to reach a registry read as one answer on either side. */
async function read(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>): Promise<unknown> {
  const auth = (ask as PushAsk).auth;
  const [status, message] = auth === undefined ? await statusAndMessage(client, ask) : await withAuth(client, ask, auth);
  // A push streams what it prepares before it dials: the stream's last line is the dial's error.
  const last = message.trim().split('\n').at(-1) ?? '';
  const dialed = (status >= 400 && status !== 501 && DIAL_FAILED.test(message)) || (status === 200 && last.includes('"error"') && DIAL_FAILED.test(last));
  // Privileges whose fetch fails are none (moby's Privileges returns an empty list without an error).
  const noPrivileges = ask.path.startsWith('/plugins/privileges') && status === 200 && message.trim() === '[]';
  if (dialed || noPrivileges || (status === 501 && message.includes('(it reaches a registry)'))) return 'a registry';
  // The IDs of the setup's plugins are each side's own.
  return [status, Object.entries(values).reduce((text, [key, value]) => text.replaceAll(value, key), message)];
}

checkAgainstObservedReleases('the routes that reach a registry, up to where they would', 'ctc-registry-', requests, 250, {
  setup: async (client) => {
    await importBusybox(client);
    return pluginSetup(client);
  },
  read,
  isolated: true,
});
