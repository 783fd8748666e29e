import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import t from 'tap';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, askText, json, simClient, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * Networks the bridge driver makes (simulator/engine/networks/bridge-network.ts, address-space.ts,
 * bridge-options.ts): generated creates, inspects, deletes and prunes, sent to each observed
 * release and to ctrd-sim emulating it. The real daemons run in a private network namespace with
 * only loopback, so the bridges they make live and go with it (the host's links are untouched).
 * The daemon's state carries over from one request to the next: the pools taken, where 20.10's and
 * 26.1's round-robin pick stands, the bridge names in use.
 */

const NAMES = ['ctc-bn-a', 'ctc-bn-b', 'ctc-bn-c', 'ctc-bn-d'];

/** Well-formed IPAM entries (a malformed one is refused before any driver: test/sim-network-create.test.ts), overlapping each other and the predefined pools. */
const ENTRIES = [
  { Subnet: '10.90.0.0/16' },
  { Subnet: '10.90.5.0/24' },
  { Subnet: '172.18.0.0/16' },
  { Subnet: '172.17.128.0/17' },
  { Subnet: '192.168.16.0/20', Gateway: '192.168.16.9' },
  { Subnet: '10.91.0.0/16', IPRange: '10.91.1.0/24' },
  { Subnet: '10.92.0.0/24', IPRange: '10.92.0.0/25' },
  { Subnet: '10.93.0.0/24', Gateway: '10.93.0.7', AuxiliaryAddresses: { h: '10.93.0.5' } },
  { Subnet: '10.94.0.0/24', AuxiliaryAddresses: { DefaultGatewayIPv4: '10.94.0.254' } },
  { Subnet: 'fd10::/64' },
  { Subnet: 'fd10::/80' },
  { Subnet: 'fd11::/64', Gateway: 'fd11::9' },
  { Subnet: 'fd12::/64', IPRange: 'fd12::/80' },
];

/** Driver options with values each parser takes and refuses, bridge names the kernel takes and refuses. */
const OPTIONS: readonly (readonly [string, readonly string[]])[] = [
  ['com.docker.network.driver.mtu', ['1400', '0', '-5', 'x', '10', '100000', '65535', '65536']],
  ['com.docker.network.bridge.enable_icc', ['false', 'x']],
  ['com.docker.network.bridge.enable_ip_masquerade', ['true', 'x']],
  ['com.docker.network.bridge.host_binding_ipv4', ['127.0.0.1', '::1', 'x']],
  ['com.docker.network.bridge.inhibit_ipv4', ['false', 'x']],
  ['com.docker.network.enable_ipv6', ['true', 'false', 'x']],
  ['com.docker.network.enable_ipv4', ['true', 'false', 'x']],
  ['com.docker.network.bridge.name', ['ctcbr1', 'ctcbr2', 'ctc-averylongname', 'lo', 'a/b', '.', '']],
];

const option: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc.constantFrom(...OPTIONS).chain(([key, values]) => fc.constantFrom(...values).map((value) => ({ [key]: value }))),
);

const createBody = fc
  .record(
    {
      Name: fc.constantFrom(...NAMES),
      Driver: fc.constantFrom('', 'bridge'),
      EnableIPv6: fc.boolean(),
      EnableIPv4: fc.boolean(),
      Internal: fc.boolean(),
      Attachable: fc.boolean(),
      Labels: fc.constant({ ctc: 'x' }),
      IPAM: fc.record({ Config: fc.array(fc.constantFrom(...ENTRIES), { maxLength: 2 }) }),
      Options: fc.tuple(option, fc.boolean()).map(([chosen, extra]) => ({ ...chosen, ...(extra ? { 'ctc.opt': 'v' } : {}) })),
    },
    { requiredKeys: ['Name'] },
  )
  // 20.10 makes a second network of a name unless asked not to; the later releases read no such field.
  .map((body) => ({ ...body, CheckDuplicate: true }));

const requests: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('', '', '/v1.41'), createBody)
      .map(([version, body]) => ({ method: 'POST', path: `${version}/networks/create`, ...json(JSON.stringify(body)) })),
  },
  { weight: 2, arbitrary: fc.constantFrom(...NAMES).map((name) => ({ method: 'DELETE', path: `/networks/${name}` })) },
  { weight: 2, arbitrary: fc.constantFrom(...NAMES).map((name) => ({ method: 'GET', path: `/networks/${name}` })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', `?filters=${encodeURIComponent('{"label":["ctc=x"]}')}`, `?filters=${encodeURIComponent('{"label!":["ctc"]}')}`)
      .map((query) => ({ method: 'POST', path: `/networks/prune${query}` })),
  },
);

/** The daemon's ULA /48 (random per data root from 27.0) as one word, and network IDs as <id>. */
const normalized = (text: string): string => text.replace(/[0-9a-f]{64}/g, '<id>').replace(/fd[0-9a-f]{2}:[0-9a-f]{1,4}:[0-9a-f]{1,4}(?=:)/g, '<ula>');

/** What of a network document the property compares: everything but its ID, its creation time and its containers. */
function networkSummary(body: string): unknown {
  const document = JSON.parse(body) as Record<string, unknown>;
  // Status's counts go beyond a double's precision: compared as the daemon wrote them.
  const status = /"Status":(\{.*\})\}\s*$/.exec(body)?.[1] ?? null;
  const { Id: _id, Created: _created, Containers: _containers, Status: _status, ...rest } = document;
  return [normalized(JSON.stringify(rest)), status === null ? null : normalized(status)];
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 10_000,
  });
  const text = reply.body.trim();
  if (reply.status >= 400) return [reply.status, normalized((JSON.parse(text) as { message: string }).message)];
  if (ask.method === 'DELETE') return [reply.status, text];
  if (ask.path.includes('/prune')) {
    const deleted = (JSON.parse(text) as { NetworksDeleted: string[] | null }).NetworksDeleted;
    return [reply.status, deleted === null ? null : [...deleted].sort()];
  }
  if (ask.method === 'GET') return [reply.status, networkSummary(text)];
  const created = JSON.parse(text) as { Warning: string };
  const name = (JSON.parse(ask.body ?? '{}') as { Name: string }).Name;
  const inspect = await client.request('GET', `/networks/${name}`, { timeoutMs: 10_000 });
  return [reply.status, created.Warning, inspect.status, networkSummary(inspect.body)];
}

/** A run: the networks of the names removed on both sides, then the steps, each answered alike. */
const runs = fc.array(requests, { minLength: 1, maxLength: 8 });

async function cleanUp(client: HttpClient): Promise<void> {
  for (const name of NAMES) await client.request('DELETE', `/networks/${name}`, { timeoutMs: 10_000 });
}

withObservedReleases('bridge networks: creates, inspects, deletes and prunes', 'ctc-netbr-', { isolated: true }, async (_t, release, real, sim) => {
  // The daemons keep what earlier runs left (where the round-robin pick stands, a pool a release
  // keeps): a run is not shrunk, and a disagreement shows every step since the daemons started.
  const history: string[] = [];
  await fc.assert(
    fc.asyncProperty(fc.noShrink(runs), async (steps) => {
      await Promise.all([cleanUp(real), cleanUp(sim)]);
      history.push('    (the names removed)');
      for (const step of steps) {
        const [fromReal, fromSim] = await Promise.all([read(real, step), read(sim, step)]);
        const answer = JSON.stringify(fromReal);
        if (answer !== JSON.stringify(fromSim))
          throw new Error(`${askText(step)}\n  dockerd ${release}: ${answer}\n  ctrd-sim: ${JSON.stringify(fromSim)}\n  after:\n${history.join('\n')}`);
        history.push(`    ${askText(step)} => ${answer.length > 160 ? `${answer.slice(0, 160)}…` : answer}`);
      }
    }),
    { numRuns: 100 },
  );
});

/** What ctrd-sim does not model says so: an endpoint on a bridge network has addresses it does not give. */
t.test('ctrd-sim: a start on a bridge network, or a running container connected to one, is not implemented (501)', async (t) => {
  const client = await simClient(t, 'ctc-netbr-', '28.5');
  await importBusybox(client);
  await sendOk(client, 'POST', '/networks/create', JSON.stringify({ Name: 'ctc-br' }));
  await sleeper(client, 'on-bridge', {}, 'ctc-br');
  const started = await client.request('POST', '/containers/on-bridge/start', { timeoutMs: 10_000 });
  t.same(
    [started.status, JSON.parse(started.body).message],
    [501, 'POST /containers/{name}/start (an endpoint on a bridge network (its addresses are not modelled)) is not implemented by ctrd-sim'],
  );
  // On the default bridge, which a daemon without one disables at the start: another network may be joined beside it.
  await sleeper(client, 'on-default', {}, 'bridge');
  await sendOk(client, 'POST', '/containers/on-default/start');
  const connected = await client.request('POST', '/networks/ctc-br/connect', {
    body: JSON.stringify({ Container: 'on-default' }),
    headers: { 'Content-Type': 'application/json' },
    timeoutMs: 10_000,
  });
  t.equal(connected.status, 501, `a running container's connect: ${connected.body}`);
  const inspect = JSON.parse(await sendOk(client, 'GET', '/containers/on-default/json')) as { NetworkSettings: { Networks: Record<string, unknown> } };
  t.same(Object.keys(inspect.NetworkSettings.Networks), ['bridge'], 'and the container is left as it was');
});
