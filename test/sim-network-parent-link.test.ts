import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { SIMULATED_HOST } from '../simulator/engine/networks/parent-link-network.js';
import { type Ask, assertRunsAlike, sendAsk, json, withObservedReleases } from './helpers/real-versus-sim.js';
import { networkWords } from './helpers/network-words.js';

/**
 * Networks the macvlan and ipvlan drivers make (simulator/engine/networks/parent-link-network.ts):
 * generated creates, inspects, lists and deletes, sent to each observed release and to ctrd-sim
 * emulating it. The real daemons run in a private network namespace that holds the simulated
 * host's links (loopback and `eth0`, an ifb device that leads nowhere): a create whose parent is
 * missing makes the driver try a dummy or a VLAN link there, which this kernel refuses. The state
 * carries over: the parents in use, the pools taken.
 */

const NAMES = ['ctc-pl-a', 'ctc-pl-b', 'ctc-pl-c'];

/** Parents: the host's link, loopback, none, a missing one, VLANs of each (ids in and out of range, malformed). */
const PARENTS = ['eth0', 'eth0', 'lo', '', 'nope', 'eth0.10', 'eth0.0', 'eth0.4095', 'eth0.x', 'eth0.1.2', 'nope.10'];
const MODE_OPTIONS: Readonly<Record<'macvlan' | 'ipvlan', readonly (readonly [string, readonly string[]])[]>> = {
  macvlan: [['macvlan_mode', ['bridge', 'private', 'vepa', 'passthru', 'bogus']]],
  ipvlan: [
    ['ipvlan_mode', ['l2', 'l3', 'l3s', 'l9']],
    ['ipvlan_flag', ['bridge', 'private', 'vepa', 'nope']],
  ],
};
/** At most one subnet of each family (more is not modelled), overlapping the predefined pools and each other. */
const ENTRIES = [
  { Subnet: '10.90.0.0/16' },
  { Subnet: '172.17.0.0/16' },
  { Subnet: '10.93.0.0/24', Gateway: '10.93.0.7' },
  { Subnet: '10.91.0.0/16', IPRange: '10.91.1.0/24' },
  { Subnet: 'fd10::/64' },
];

const driverOptions = (driver: 'macvlan' | 'ipvlan'): fc.Arbitrary<Record<string, string>> =>
  fc
    .tuple(
      fc.option(fc.constantFrom(...PARENTS), { nil: undefined }),
      fc.array(
        fc.constantFrom(...MODE_OPTIONS[driver]).chain(([key, values]) => fc.constantFrom(...values).map((value) => [key, value] as const)),
        { maxLength: 2 },
      ),
    )
    .map(([parent, modes]) => ({ ...(parent === undefined ? {} : { parent }), ...Object.fromEntries(modes) }));

const createBody = fc.constantFrom('macvlan' as const, 'ipvlan' as const).chain((driver) =>
  fc.record(
    {
      Name: fc.constantFrom(...NAMES),
      Driver: fc.constant(driver),
      EnableIPv6: fc.boolean(),
      EnableIPv4: fc.boolean(),
      Internal: fc.boolean(),
      Labels: fc.constant({ ctc: 'x' }),
      IPAM: fc.record({ Driver: fc.constantFrom('', 'default', 'null'), Config: fc.subarray(ENTRIES, { maxLength: 2 }) }),
      Options: driverOptions(driver),
    },
    { requiredKeys: ['Name', 'Driver', 'Options'] },
  ),
);

const requests: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 6,
    arbitrary: createBody.map((body) => ({ method: 'POST', path: '/networks/create', ...json(JSON.stringify({ ...body, CheckDuplicate: true })) })),
  },
  { weight: 2, arbitrary: fc.constantFrom(...NAMES).map((name) => ({ method: 'DELETE', path: `/networks/${name}` })) },
  { weight: 1, arbitrary: fc.constantFrom(...NAMES).map((name) => ({ method: 'GET', path: `/networks/${name}` })) },
);

const normalized = networkWords;

function networkSummary(body: string): string {
  const { Id: _id, Created: _created, Containers: _containers, Status: _status, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return normalized(JSON.stringify(rest));
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await sendAsk(client, ask);
  const text = reply.body.trim();
  if (reply.status >= 400) return [reply.status, normalized((JSON.parse(text) as { message: string }).message)];
  if (ask.method === 'DELETE') return [reply.status, text];
  if (ask.method === 'GET') return [reply.status, networkSummary(text)];
  const name = (JSON.parse(ask.body ?? '{}') as { Name: string }).Name;
  const inspect = await client.request('GET', `/networks/${name}`, { timeoutMs: 10_000 });
  // The list too: each network as a list shows it.
  const listed = (JSON.parse((await client.request('GET', '/networks', { timeoutMs: 10_000 })).body) as { Name: string }[]).find((n) => n.Name === name);
  return [
    reply.status,
    (JSON.parse(text) as { Warning: string }).Warning,
    inspect.status,
    networkSummary(inspect.body),
    networkSummary(JSON.stringify(listed)),
  ];
}

const runs = fc.array(requests, { minLength: 1, maxLength: 8 });

async function cleanUp(client: HttpClient): Promise<void> {
  for (const name of NAMES) await client.request('DELETE', `/networks/${name}`, { timeoutMs: 10_000 });
}

const links = SIMULATED_HOST.links.filter((link) => link !== 'lo');

withObservedReleases('macvlan and ipvlan networks: creates, inspects, deletes', 'ctc-netpl-', { isolated: true, links }, (_t, release, real, sim) =>
  assertRunsAlike(release, [real, sim], runs, read, cleanUp, 30),
);
