import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { setup as pluginSetup } from './helpers/plugin-exchanges.js';
import { platformSpecifiers } from './helpers/platform-specifiers.js';
import { type Ask, checkAgainstObservedReleases, json, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * The routes that reach a registry, up to where they would (simulator/engine/registry/routes.ts):
 * each observed release, started in a private network namespace with only loopback, and ctrd-sim
 * emulating it get the same generated image search (terms of the default index and of others),
 * push (auth configs of every JSON type, platforms), pull, distribution, plugin privileges, pull,
 * upgrade (privileges of every JSON type) and push requests (a pull's platform parsed first). A
 * request the release takes to a registry fails there on the spot (its dial error), and ctrd-sim
 * answers it 501: both are read as "a registry". The plugins and a second tag are made alike first.
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

/** Any JSON value, of every type, for a field of a body. */
const jsonValue = fc.constantFrom<unknown>(1, -1.5, 0, 1e21, true, false, null, 's', '', [], ['a'], [1], ['a', 2], [null], {}, { a: 1 });

/** The privileges a pull or an upgrade sends: JSON (a list of privileges whose fields, in any case, hold any JSON type, or any value) or not. */
const privileges = fc.oneof(
  fc.constantFrom('', '[]', 'null', '{}', '"x"', '[{"Name":"network","Value":["host"]}]', '[{"name":"x","Other":1}]', '[] x', '[]]', '[] {}', 'nope', ' '),
  fc
    .oneof(
      fc.array(
        fc.oneof(fc.dictionary(fc.constantFrom('Name', 'name', 'DESCRIPTION', 'Description', 'Value', 'value', 'Other'), jsonValue, { maxKeys: 3 }), jsonValue),
        { maxLength: 3 },
      ),
      jsonValue,
    )
    .map((value) => JSON.stringify(value)),
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

/**
 * A term that names an index as a user may write one: a host (labels of letters, digits, "-" and
 * "_", an IPv4 or IPv6 address, in brackets or not, `localhost`), a port (digits or not), userinfo,
 * and the characters and escapes a URL's host may or may not hold; then the repository.
 */
const indexHost = fc.oneof(
  fc.constantFrom(
    'localhost',
    'ctc-reg.invalid',
    '127.0.0.1',
    '[::1]',
    '[::1%25lo]',
    '[fe80::1]',
    '[1.2.3.4]',
    '[]',
    '::1',
    '-ctc.invalid',
    'ctc.invalid-',
    'Ctc.INVALID',
  ),
  fc.stringMatching(/^[a-zA-Z0-9_-]{0,6}\.[a-zA-Z0-9_-]{0,6}$/),
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9.:]{0,5}$/),
      fc.constantFrom('[', ']', '%', '%2', '%25', '%41', '%zz', '{', '|', '\\', ' ', '?', '#', '#%zz', '^', '`', '~', '!', '@', 'a@', 'u:p@', 'u{@', 'é'),
      fc.stringMatching(/^[a-z0-9.:\]]{0,5}$/),
    )
    .map(([before, odd, after]) => `${before}${odd}${after}`),
);
const indexPort = fc.constantFrom('', '', ':', ':5000', ':0', ':65536', ':99999', ':x', ':-1', ':+1', ':1:2', ':5000]');
const indexTerm = fc
  .tuple(indexHost, indexPort, fc.constantFrom('x', '', 'library/x', 'a/B', 'x:1'))
  .map(([host, port, repository]) => `${host}${port}/${repository}`);

const search: fc.Arbitrary<Ask> = fc
  .record({
    term: optional(fc.oneof(fc.constantFrom('x', '', 'a://b', 'Upper', 'a/b', 'a/b.c:d', 'a.b://c/d'), fc.stringMatching(/^[a-z0-9:/._-]{1,12}$/), indexTerm)),
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

/** An auth config as JSON: its fields (spelled in any case, and others) holding any JSON type, or another value in its place. */
const authConfig = fc
  .oneof(
    fc.dictionary(
      fc.constantFrom(
        'username',
        'Username',
        'PASSWORD',
        'auth',
        'email',
        'serveraddress',
        'ServerAddress',
        'identitytoken',
        'IdentityToken',
        'registrytoken',
        'other',
      ),
      jsonValue,
      { maxKeys: 4 },
    ),
    jsonValue,
  )
  .map((value) => JSON.stringify(value));

/** A push, with or without X-Registry-Auth (whose value is taken as it comes), and a body that may hold an auth config. */
interface PushAsk extends Ask {
  readonly auth?: string;
}

/** A push's platform (API 1.46) as JSON: its fields in any case, of the image's platform or another, of any JSON type; or no JSON document. */
const pushPlatformJson = fc.oneof(
  fc.constantFrom('x', '{', '[]', 'null', '"linux"', '{}'),
  fc
    .record(
      {
        os: fc.constantFrom<unknown>('linux', 'windows', 'Linux', '', 1, null, ['linux']),
        architecture: fc.constantFrom<unknown>('amd64', 'x86_64', 'AMD64', 'arm64', '386', '', 2, true),
        variant: fc.constantFrom<unknown>('', 'v1', 'v2', 'v8', false),
        'os.version': fc.constantFrom<unknown>('', '10.0', 1),
        'os.features': fc.constantFrom<unknown>([], ['a'], [1], 'a'),
      },
      { requiredKeys: [] },
    )
    .chain((platform) =>
      fc.boolean().map((upper) => JSON.stringify(Object.fromEntries(Object.entries(platform).map(([key, value]) => [upper ? key.toUpperCase() : key, value])))),
    ),
);

const push: fc.Arbitrary<PushAsk> = fc
  .record({
    version: fc.constantFrom('', '/v1.45', '/v1.46'),
    platform: optional(pushPlatformJson),
    name: names.filter((name) => name !== '' && !name.endsWith('/')),
    tag: optional(fc.constantFrom('', '1', '2', 'latest', 'Bad Tag', 'x'.repeat(129))),
    auth: optional(
      fc.oneof(
        fc.constantFrom('e30=', 'not base64'),
        authConfig.map((config) => Buffer.from(config).toString('base64url')),
      ),
    ),
    body: fc.oneof(fc.constantFrom('', '{}', 'null', '[]', 'x', '{"username":"a"}', ' ', '{"username":"a"} x'), authConfig),
  })
  .map(({ version, platform, name, tag, auth, body }) => ({
    method: 'POST',
    path: `${version}/images/${encodeURI(name)}/push${query([
      ['tag', tag],
      ['platform', platform],
    ])}`,
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

checkAgainstObservedReleases('the routes that reach a registry, up to where they would', 'ctc-registry-', requests, 400, {
  setup: async (client) => {
    await importBusybox(client);
    // A second tag of ctc-img, before `1` by name: containerd's store pushes a repository's tags in that order.
    await client.request('POST', '/images/ctc-img:1/tag?repo=ctc-img&tag=0a', { timeoutMs: 10_000 });
    return pluginSetup(client);
  },
  read,
  isolated: true,
});
