import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * Network connect and disconnect (simulator/engine/networks/connect.ts) and what a start then does
 * with the networks a container is on (containers/container-networks.ts). Every network is one no
 * real daemon makes on the host: none, host, a configuration-only one (c1, with a subnet), names
 * the daemon lacks (bridge, under --bridge=none). The table holds the answers that differ per
 * release (observed 2026-12-06 on 20.10.24, 26.1.5, 28.5.2 and 29.7.2); the property sends
 * generated connects, disconnects, starts and kills to each real release and to ctrd-sim emulating
 * it and compares the answer, the container's networks and state, and the network events.
 */

/** Containers of each mode (cn none, ch host, cd the default, cr none and running) and c1; the placeholder of c1's ID prefix. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sleeper(client, 'cn', {}, 'none');
  await sleeper(client, 'ch', {}, 'host');
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { Init: true } };
  await sendOk(client, 'POST', '/containers/create?name=cd', JSON.stringify(config));
  await sleeper(client, 'cr', {}, 'none');
  await sendOk(client, 'POST', '/containers/cr/start', '');
  const made = await sendOk(
    client,
    'POST',
    '/networks/create',
    JSON.stringify({ Name: 'c1', ConfigOnly: true, IPAM: { Config: [{ Subnet: '10.99.0.0/24' }] } }),
  );
  return { '{c1}': (JSON.parse(made) as { Id: string }).Id.slice(0, 10) };
}

const seenEvents = new WeakMap<HttpClient, number>();

/**
 * The network events since the last read, as "action:network": a window that ends now (a later
 * `until` holds the stream open until then, which took most of each run's time).
 */
async function newNetworkEvents(client: HttpClient): Promise<string[]> {
  const filters = encodeURIComponent('{"type":["network"]}');
  const until = ((Date.now() + 2) / 1000).toFixed(3);
  const reply = await client.request('GET', `/events?since=0&until=${until}&filters=${filters}`, { timeoutMs: 10_000 });
  const lines = reply.body.trim().split('\n').filter(Boolean);
  const fresh = lines.slice(seenEvents.get(client) ?? 0);
  seenEvents.set(client, lines.length);
  return fresh.map((line) => {
    const event = JSON.parse(line) as { Action: string; Actor: { Attributes: Record<string, string> } };
    return `${event.Action}:${event.Actor.Attributes['name'] ?? ''}`;
  });
}

interface Inspect {
  Id: string;
  State: { Status: string };
  Config: { NetworkDisabled?: boolean };
  NetworkSettings: { SandboxID: string; Networks: Record<string, Record<string, unknown>> };
}

/** A container's networks: each key with its settings, whether it has the network's ID and an endpoint; its state, sandbox and NetworkDisabled. */
async function networksOf(client: HttpClient, name: string): Promise<string> {
  const reply = await client.request('GET', `/containers/${name}/json`, { timeoutMs: 10_000 });
  if (reply.status !== 200) return `${reply.status}`;
  const inspect = JSON.parse(reply.body) as Inspect;
  const entries = Object.entries(inspect.NetworkSettings.Networks).map(([key, endpoint]) => {
    const { Aliases, Links, IPAMConfig, DriverOpts, DNSNames, NetworkID, EndpointID } = endpoint;
    return [key, { Aliases, Links, IPAMConfig, DriverOpts, DNSNames, joined: NetworkID !== '', endpoint: EndpointID !== '' }];
  });
  const text = JSON.stringify([
    Object.fromEntries(entries),
    inspect.State.Status,
    inspect.NetworkSettings.SandboxID !== '',
    inspect.Config.NetworkDisabled ?? false,
  ]);
  return text.replaceAll(inspect.Id, '<id>').replaceAll(inspect.Id.slice(0, 12), '<short>');
}

const containerOf = (ask: Ask): string =>
  /\/containers\/([^/]+)\//.exec(ask.path)?.[1] ?? (JSON.parse(ask.body ?? '{}') as { Container?: string }).Container ?? '';

/** The answer (the container's ID as a placeholder), the container's networks after it, and the network events it logged. */
async function read(client: HttpClient, ask: Ask): Promise<[number, string, string, string[]]> {
  const name = containerOf(ask);
  const [status, message] = await statusAndMessage(client, ask);
  if (ask.path.endsWith('/kill') && status === 204) {
    await client.request('POST', `/containers/${name}/wait`, { timeoutMs: 20_000 });
    // The releases log the exit's disconnect events as they clean up, after the wait has answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const inspect = await client.request('GET', `/containers/${name}/json`, { timeoutMs: 10_000 });
  const id = inspect.status === 200 ? (JSON.parse(inspect.body) as { Id: string }).Id : '';
  return [status, id === '' ? message : message.replaceAll(id, '<id>'), await networksOf(client, name), await newNetworkEvents(client)];
}

const connectAsk = (action: string, network: string, body: Record<string, unknown>): Ask => ({
  method: 'POST',
  path: `/networks/${network}/${action}`,
  ...json(JSON.stringify(body)),
});

/** What a connect gives: nothing, or one of the settings moby keeps (an alias, a link, driver options, an address in c1's subnet or outside it). */
const endpointConfig = fc.constantFrom<Record<string, unknown> | undefined>(
  undefined,
  {},
  { Aliases: ['al'] },
  { Links: ['cd:x'] },
  { DriverOpts: { o: 'p' } },
  { IPAMConfig: { IPv4Address: '10.99.0.5' } },
  { IPAMConfig: { IPv4Address: '10.98.0.5' } },
);
/**
 * A start goes through the container's networks in Go's map order, so one with a network it cannot
 * join beside another answers either way, run to run (observed on 20.10.24, 26.1.5 and 28.5.2):
 * cn and cd never start and take any name; ch and cr start and stop, and take only networks the
 * daemon has, which leaves them at most one they cannot join (c1).
 */
const neverStarted = fc.constantFrom('cn', 'cd');
const started = fc.constantFrom('ch', 'cr');
const anyNetwork = fc.constantFrom('none', 'host', 'c1', '{c1}', 'nosuch', 'bridge', 'default');
const existing = fc.constantFrom('none', 'host', 'c1', '{c1}');
const pairs = fc.oneof(fc.tuple(anyNetwork, neverStarted), fc.tuple(existing, started));

const request: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(pairs, endpointConfig)
      .map(([[network, name], config]) => connectAsk('connect', network, { Container: name, ...(config === undefined ? {} : { EndpointConfig: config }) })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(pairs, fc.boolean())
      .map(([[network, name], force]) => connectAsk('disconnect', network, { Container: name, ...(force ? { Force: true } : {}) })),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('start', 'kill'), started).map(([op, name]) => ({ method: 'POST', path: `/containers/${name}/${op}` })) },
);

checkAgainstRealReleases('connects, disconnects and starts on networks that touch no host networking', 'ctc-conn-', request, 60, { setup, read });

/** The answer's status, and its message with the container's networks after it. */
async function answerAndNetworks(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const [status, message, networks] = await read(client, ask);
  return [status, `${message} ${networks}`];
}

const entry = (extra = ''): string => `{"Aliases":null,"Links":null,"IPAMConfig":null,"DriverOpts":null${extra},"joined":false,"endpoint":false}`;
const HOST_OLD = 'container cannot be disconnected from host network or connected to host network';
const CREATED = (networks: string): string => `[{${networks}},"created",false,false]`;
/** A container's entry on c1 from a connect without settings: 20.10's aliases, later releases' DNS names. */
const C1_20 = entry().replace('"Aliases":null', '"Aliases":["<short>"]');
const C1_26 = (name: string): string => entry(`,"DNSNames":["${name}","<short>"]`);

/** Observed 2026-12-06 on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, one row after another on the containers of `setup` ('=': as the release before). */
const OBSERVED: Observed = [
  [
    connectAsk('connect', 'none', { Container: 'cn', EndpointConfig: { Aliases: ['al'] } }),
    [400, `network-scoped alias is supported only for containers in user defined networks ${CREATED(`"none":${entry()}`)}`],
    [
      400,
      `invalid endpoint settings:\nnetwork-scoped alias is supported only for containers in user defined networks ${CREATED(`"none":${entry(',"DNSNames":null')}`)}`,
    ],
    '=',
    [400, `invalid endpoint settings:\nnetwork-scoped aliases are only supported for user-defined networks ${CREATED(`"none":${entry(',"DNSNames":null')}`)}`],
  ],
  [
    connectAsk('connect', 'host', { Container: 'cn' }),
    [400, `${HOST_OLD} ${CREATED(`"none":${entry()}`)}`],
    [400, `${HOST_OLD} ${CREATED(`"none":${entry(',"DNSNames":null')}`)}`],
    [400, `cannot connect container to host network - container must be created in host network mode ${CREATED(`"none":${entry(',"DNSNames":null')}`)}`],
    '=',
  ],
  [
    connectAsk('connect', 'c1', { Container: 'cd' }),
    [200, ` ${CREATED(`"bridge":${entry()},"c1":${entry().replace('"Aliases":null', '"Aliases":["<short>"]')}`)}`],
    [200, ` ${CREATED(`"bridge":${entry(',"DNSNames":null')},"c1":${entry(',"DNSNames":["cd","<short>"]')}`)}`],
    '=',
    '=',
  ],
  [
    connectAsk('disconnect', 'bridge', { Container: 'cd' }),
    [200, ` ${CREATED(`"c1":${entry().replace('"Aliases":null', '"Aliases":["<short>"]')}`)}`],
    [200, ` ${CREATED(`"c1":${entry(',"DNSNames":["cd","<short>"]')}`)}`],
    '=',
    '=',
  ],
  [
    { method: 'POST', path: '/containers/cd/start' },
    [403, `cannot create endpoint on configuration-only network ${CREATED(`"c1":${entry().replace('"Aliases":null', '"Aliases":["<short>"]')}`)}`],
    [403, `cannot create endpoint on configuration-only network ${CREATED(`"c1":${entry(',"DNSNames":["cd","<short>"]')}`)}`],
    [
      403,
      `failed to set up container networking: cannot create endpoint on configuration-only network ${CREATED(`"c1":${entry(',"DNSNames":["cd","<short>"]')}`)}`,
    ],
    '=',
  ],
  [connectAsk('disconnect', 'none', { Container: 'cr' }), [200, ' [{},"running",true,false]'], '=', '=', '='],
  [connectAsk('disconnect', 'none', { Container: 'cr' }), [500, 'container <id> is not connected to network none [{},"running",true,false]'], '=', '=', '='],
  [
    connectAsk('connect', 'c1', { Container: 'cr' }),
    [403, `cannot create endpoint on configuration-only network [{"c1":${C1_20}},"running",true,false]`],
    [403, `cannot create endpoint on configuration-only network [{"c1":${C1_26('cr')}},"running",true,false]`],
    '=',
    '=',
  ],
  [
    connectAsk('disconnect', 'c1', { Container: 'cr' }),
    [500, `container <id> is not connected to network c1 [{"c1":${C1_20}},"running",true,false]`],
    [500, `container <id> is not connected to network c1 [{"c1":${C1_26('cr')}},"running",true,false]`],
    '=',
    '=',
  ],
  [
    connectAsk('connect', 'bridge', { Container: 'cr' }),
    [200, ` [{"c1":${C1_20}},"running",true,true]`],
    [200, ` [{"c1":${C1_26('cr')}},"running",true,true]`],
    '=',
    '=',
  ],
];

checkObserved('what connect, disconnect and start answer per release', 'ctc-conn-o-', OBSERVED, answerAndNetworks, [], async (client) => {
  await setup(client);
});

/**
 * A container of the default mode on a daemon without a bridge (observed 2026-12-06 on the four
 * releases): its start makes a sandbox and sets Config.NetworkDisabled instead of joining `bridge`;
 * from 28.0 its end removes the sandbox, and a start of a container so disabled makes none.
 */
const BRIDGE_20 = `"bridge":${entry()}`;
const BRIDGE_26 = `"bridge":${entry(',"DNSNames":null')}`;
const DEFAULT_MODE: Observed = [
  [{ method: 'POST', path: '/containers/cb/start' }, [204, ` [{${BRIDGE_20}},"running",true,true]`], [204, ` [{${BRIDGE_26}},"running",true,true]`], '=', '='],
  [
    { method: 'POST', path: '/containers/cb/kill' },
    [204, ` [{${BRIDGE_20}},"exited",true,true]`],
    [204, ` [{${BRIDGE_26}},"exited",true,true]`],
    [204, ` [{${BRIDGE_26}},"exited",false,true]`],
    '=',
  ],
  [
    { method: 'POST', path: '/containers/cb/start' },
    [204, ` [{${BRIDGE_20}},"running",true,true]`],
    [204, ` [{${BRIDGE_26}},"running",true,true]`],
    [204, ` [{${BRIDGE_26}},"running",false,true]`],
    '=',
  ],
];

checkObserved('a start on the bridge the daemon lacks disables the network', 'ctc-conn-b-', DEFAULT_MODE, answerAndNetworks, [], async (client) => {
  await importBusybox(client);
  await sendOk(
    client,
    'POST',
    '/containers/create?name=cb',
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { Init: true } }),
  );
});
