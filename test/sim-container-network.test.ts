import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * A container on a built-in network as it starts and ends (simulator/engine/containers/routes.ts
 * start, endRunning; network-settings.ts): a sandbox and an endpoint at each start, the network's
 * connect and disconnect events, the endpoint gone when it ends (and from 28.0 the sandbox), the
 * fields in each release's order. The events are what 20.10.24, 26.1.5 and 28.5.2 recorded
 * (2026-11-27); the property starts, stops, kills and restarts alike-made containers on each real
 * release and on ctrd-sim emulating it, and compares NetworkSettings after each, field order too.
 */

async function makeContainers(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  for (const [name, mode] of [
    ['ctc-n1', 'none'],
    ['ctc-h1', 'host'],
    ['ctc-n2', 'none'],
  ] as const)
    await sleeper(client, name, {}, mode);
  return {};
}

/** The network and container events of a side, as "type:action(name signal exitCode)". */
async function lifeEvents(client: HttpClient): Promise<string[]> {
  const reply = await client.request('GET', `/events?since=0&until=${Math.floor(Date.now() / 1000) + 1}`, { timeoutMs: 10_000 });
  return reply.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { Type: string; Action: string; Actor: { Attributes: Record<string, string> } })
    .filter((event) => event.Type !== 'image')
    .map(
      ({ Type, Action, Actor: { Attributes: a } }) =>
        `${Type[0]}:${Action}(${[a['name'], a['signal'], a['exitCode']].filter((v) => v !== undefined).join(' ')})`,
    );
}

const start = (name: string) => `c:start(${name})`;
const LIFE = {
  '20.10': [
    'n:connect(none)',
    start('ctc-n1'),
    'n:connect(host)',
    start('ctc-h1'),
    'c:kill(ctc-n1 15)',
    'c:die(ctc-n1 143)',
    'n:disconnect(none)',
    'c:stop(ctc-n1)',
    'n:connect(none)',
    start('ctc-n1'),
    'c:kill(ctc-n1 9)',
    'c:die(ctc-n1 137)',
    'n:disconnect(none)',
    'n:connect(none)',
    start('ctc-n1'),
    'c:restart(ctc-n1)',
    'c:kill(ctc-n1 9)',
    'c:die(ctc-n1 137)',
    'n:disconnect(none)',
    'c:destroy(ctc-n1)',
    'c:kill(ctc-h1 15)',
    'c:die(ctc-h1 143)',
    'n:disconnect(host)',
    'c:stop(ctc-h1)',
  ],
  '26.1': [
    'n:connect(none)',
    start('ctc-n1'),
    'n:connect(host)',
    start('ctc-h1'),
    'c:kill(ctc-n1 15)',
    'n:disconnect(none)',
    'c:stop(ctc-n1)',
    'c:die(ctc-n1 143)',
    'n:connect(none)',
    start('ctc-n1'),
    'c:kill(ctc-n1 9)',
    'n:disconnect(none)',
    'c:die(ctc-n1 137)',
    'n:connect(none)',
    start('ctc-n1'),
    'c:restart(ctc-n1)',
    'c:kill(ctc-n1 9)',
    'n:disconnect(none)',
    'c:die(ctc-n1 137)',
    'c:destroy(ctc-n1)',
    'c:kill(ctc-h1 15)',
    'n:disconnect(host)',
    'c:stop(ctc-h1)',
    'c:die(ctc-h1 143)',
  ],
} as const;

t.test('a start joins the network before its start event; the network is left after the die on 20.10, before it later', async (t) => {
  for (const release of ['20.10', '26.1', '28.5'] as const) {
    const client = await simClient(t, 'ctc-cnet-', release);
    await makeContainers(client);
    for (const [method, path] of [
      ['POST', '/containers/ctc-n1/start'],
      ['POST', '/containers/ctc-h1/start'],
      ['POST', '/containers/ctc-n1/stop?t=10'],
      ['POST', '/containers/ctc-n1/start'],
      ['POST', '/containers/ctc-n1/kill'],
      ['POST', '/containers/ctc-n1/wait'],
      ['POST', '/containers/ctc-n1/restart?t=10'],
      ['DELETE', '/containers/ctc-n1?force=1'],
      ['POST', '/containers/ctc-h1/stop?t=10'],
    ] as const)
      await client.request(method, path, { timeoutMs: 10_000 });
    const expected = [...['ctc-n1', 'ctc-h1', 'ctc-n2'].map((name) => `c:create(${name})`), ...LIFE[release === '20.10' ? '20.10' : '26.1']];
    t.same(await lifeEvents(client), expected, release);
  }
});

/** The answer, then the container's NetworkSettings as JSON (its fields' order kept) with each side's IDs and exec root as placeholders. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const [status, message] = await statusAndMessage(client, ask);
  const name = /\/containers\/([^/]+)\//.exec(ask.path)?.[1] ?? '';
  if (ask.path.includes('/kill') && status === 204) await client.request('POST', `/containers/${name}/wait`, { timeoutMs: 20_000 });
  const inspect = JSON.parse((await client.request('GET', `/containers/${name}/json`, { timeoutMs: 10_000 })).body) as { NetworkSettings: unknown };
  const settings = JSON.stringify(inspect.NetworkSettings)
    .replace(/"[^"]*\/netns\/([0-9a-f]{12}|default)"/g, (_all, key: string) => `"<exec>/netns/${key === 'default' ? 'default' : '<12>'}"`)
    .replace(/\b[0-9a-f]{64}\b/g, '<id>');
  return [status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>'), settings];
}

const request: fc.Arbitrary<Ask> = fc
  .tuple(fc.constantFrom('start', 'stop?t=10', 'kill', 'restart?t=10'), fc.constantFrom('ctc-n1', 'ctc-h1', 'ctc-n2'), fc.constantFrom('', '/v1.41'))
  .map(([op, name, prefix]) => ({ method: 'POST', path: `${prefix}/containers/${name}/${op}` }));

checkAgainstRealReleases('starts, stops, kills and restarts on the networks none and host', 'ctc-cnet-', request, 40, { setup: makeContainers, read });

/**
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-05) and read in moby's docker-v29.0.0
 * (api/types/network/endpoint.go, api/types/container/config.go): an endpoint's fields in each
 * release's order (29.0 puts MacAddress after IPAddress), and a container's Config, whose empty
 * OnBuild 29.0 leaves out at every API version.
 */
const ENDPOINT_20 =
  'IPAMConfig Links Aliases NetworkID EndpointID Gateway IPAddress IPPrefixLen IPv6Gateway GlobalIPv6Address GlobalIPv6PrefixLen MacAddress DriverOpts';
const ENDPOINT_26 =
  'IPAMConfig Links Aliases MacAddress NetworkID EndpointID Gateway IPAddress IPPrefixLen IPv6Gateway GlobalIPv6Address GlobalIPv6PrefixLen DriverOpts DNSNames';
const ENDPOINT_28 =
  'IPAMConfig Links Aliases MacAddress DriverOpts GwPriority NetworkID EndpointID Gateway IPAddress IPPrefixLen IPv6Gateway GlobalIPv6Address GlobalIPv6PrefixLen DNSNames';
const ENDPOINT_29 =
  'IPAMConfig Links Aliases DriverOpts GwPriority NetworkID EndpointID Gateway IPAddress MacAddress IPPrefixLen IPv6Gateway GlobalIPv6Address GlobalIPv6PrefixLen DNSNames';
const CONFIG_HEAD = 'Hostname Domainname User AttachStdin AttachStdout AttachStderr Tty OpenStdin StdinOnce Env Cmd Image Volumes WorkingDir Entrypoint';
const SHAPES: Observed = [
  [
    { method: 'GET', path: '/containers/ctc-n1/json' },
    [200, `${ENDPOINT_20} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_26} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_28} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_29} | ${CONFIG_HEAD} Labels`],
  ],
  [
    { method: 'GET', path: '/v1.40/containers/ctc-n1/json' },
    [200, `${ENDPOINT_20} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_26} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_28} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_29} | ${CONFIG_HEAD} Labels`],
  ],
  [
    { method: 'GET', path: '/v1.40/containers/ctc-o1/json' },
    [200, `${ENDPOINT_20} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_26} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_28} | ${CONFIG_HEAD} OnBuild Labels`],
    [200, `${ENDPOINT_29} | ${CONFIG_HEAD} OnBuild Labels`],
  ],
];

/** The keys of a container's endpoint on none and of its Config. */
async function endpointAndConfigKeys(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 10_000 });
  if (reply.status !== 200) return [reply.status, reply.body.trim()];
  const document = JSON.parse(reply.body) as { NetworkSettings: { Networks: Record<string, object> }; Config: object };
  return [200, `${Object.keys(document.NetworkSettings.Networks['none'] ?? {}).join(' ')} | ${Object.keys(document.Config).join(' ')}`];
}

checkObserved('endpoint and Config fields per release', 'ctc-netw-', SHAPES, endpointAndConfigKeys, [], async (client) => {
  await importBusybox(client);
  await sleeper(client, 'ctc-n1', {}, 'none');
  await sleeper(client, 'ctc-o1', { OnBuild: ['RUN x'] }, 'none');
});

/**
 * The list's health summary (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-05; moby
 * docker-v29.0.0 container/view.go): from 29.0 at API 1.52, "none" without a probe or before a
 * start, "starting" once a container with one has started (ctrd-sim runs no probe, so it stays so).
 */
const LIST_HEALTH: Observed = [
  [
    { method: 'GET', path: '/containers/json?all=1' },
    [200, '/ctc-h1 - /ctc-n1 -'],
    '=',
    '=',
    [200, '/ctc-h1 {"Status":"starting","FailingStreak":0} /ctc-n1 {"Status":"none","FailingStreak":0}'],
  ],
  [{ method: 'GET', path: '/v1.40/containers/json?all=1' }, [200, '/ctc-h1 - /ctc-n1 -'], '=', '=', '='],
];

/** Each listed container's name and health summary ("-" without one), by name. */
async function listedHealth(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 10_000 });
  const list = JSON.parse(reply.body) as { Names: string[]; Health?: unknown }[];
  const entries = list.map((entry) => `${entry.Names[0]} ${entry.Health === undefined ? '-' : JSON.stringify(entry.Health)}`);
  return [reply.status, entries.sort().join(' ')];
}

checkObserved("the list's health summary per release and API version", 'ctc-netw-', LIST_HEALTH, listedHealth, [], async (client) => {
  await importBusybox(client);
  await sleeper(client, 'ctc-n1', {}, 'none');
  await sleeper(client, 'ctc-h1', { Healthcheck: { Test: ['CMD', '/bin/busybox', 'true'], Interval: 3_600_000_000_000 } }, 'none');
  await client.request('POST', '/containers/ctc-h1/start', { timeoutMs: 10_000 });
});
