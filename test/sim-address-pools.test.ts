import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { realStartOutcome, simStartOutcome, type StartConfiguration } from './helpers/start-outcome.js';
import { type Ask, askText, json, observedDaemons, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * The daemon's default address pools (simulator/config/file/address-pools.ts, engine/networks/
 * address-space.ts): generated `--default-address-pool` values and `default-address-pools`
 * entries, each release started with them and ctrd-sim emulating it (the refusal, or /info's
 * DefaultAddressPools); then networks made from configured pools (the real daemons in a private
 * network namespace), where 20.10 and 26.1 walk one list of both families round from where they
 * stopped and the later releases take the first free subnet of each family's sorted pools.
 */

/** Flag values the flag's parser takes and refuses (csv, keys, the base, the size), and pools the network controller refuses. */
const FLAG_VALUES = [
  'base=10.123.0.0/22,size=24',
  'base=fd77:1::/62,size=64',
  'BASE=10.125.1.0/22,SIZE=24',
  '"base=10.126.0.0/23",size=24',
  'base=10.0.0.0/8,size=24',
  'base=x,size=24',
  'size=24',
  'base=10.123.0.0/22',
  'foo=1',
  'base=10.123.0.0/22,size=x',
  '10.123.0.0/22',
  'base=10.0.0.0/8,size=4',
  'base="x',
  '"base=x',
  '"base=10.123.0.0/22"x',
  '',
  'base=10.123.0.0/22,,size=24',
];

/** The file's entries: whole, without a base or a size, a base netip refuses, a size below the base's, a size of the wrong type. */
const FILE_ENTRIES: readonly Readonly<Record<string, unknown>>[] = [
  { base: '10.123.0.0/22', size: 24 },
  { base: '10.123.1.0/22', size: 24 },
  { base: 'FD77::/62', size: 64 },
  { base: 'fd77:2::/64', size: 64 },
  { base: 'x', size: 24 },
  { base: '10.0.0.0/8', size: 4 },
  { base: '10.123.0.0/22' },
  { size: 24 },
  { base: '10.123.0.0/22', size: '24' },
];

/**
 * The pools on the command line, or in the file with, maybe, a mistyped key before or after them
 * (the decoder's order: the pools' own problem wins over it, but on 28.x whichever comes first).
 */
type PoolConfig =
  | { readonly flags: readonly string[] }
  | { readonly file: readonly Readonly<Record<string, unknown>>[]; readonly mistyped: 'before' | 'after' | 'none' };

const configs: fc.Arbitrary<PoolConfig> = fc.oneof(
  fc.record({ flags: fc.array(fc.constantFrom(...FLAG_VALUES), { minLength: 1, maxLength: 2 }) }),
  fc.record({
    file: fc.array(fc.constantFrom(...FILE_ENTRIES), { minLength: 1, maxLength: 2 }),
    mistyped: fc.constantFrom('before' as const, 'after' as const, 'none' as const, 'none' as const),
  }),
);

/** The file's document, or null without one. */
function fileOf(config: PoolConfig): Record<string, unknown> | null {
  if (!('file' in config)) return null;
  const pools = { 'default-address-pools': config.file };
  if (config.mistyped === 'none') return pools;
  return config.mistyped === 'before' ? { debug: 'x', ...pools } : { ...pools, debug: 'x' };
}

/** The configuration's flags and file. */
const startConfiguration = (config: PoolConfig): StartConfiguration => ({
  args: 'flags' in config ? config.flags.flatMap((value) => ['--default-address-pool', value]) : [],
  file: fileOf(config),
});

async function infoPools(client: HttpClient): Promise<unknown> {
  const info = JSON.parse((await client.request('GET', '/info', { timeoutMs: 10_000 })).body) as Record<string, unknown>;
  return info['DefaultAddressPools'] ?? '(absent)';
}

for (const daemon of observedDaemons('the default address pools at start'))
  t.test(`the default address pools at start: ctrd-sim --emulate ${daemon.release} and dockerd ${daemon.release}`, async (t) => {
    const seen = { started: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(configs, async (config) => {
        const [real, sim] = await Promise.all([
          realStartOutcome(daemon.path, startConfiguration(config), infoPools),
          simStartOutcome(daemon.release, startConfiguration(config), infoPools),
        ]);
        if (JSON.stringify(real) !== JSON.stringify(sim))
          throw new Error(`${JSON.stringify(config)}\n  dockerd ${daemon.release}: ${JSON.stringify(real)}\n  ctrd-sim: ${JSON.stringify(sim)}`);
        seen[real[0]]++;
      }),
      { numRuns: 25 },
    );
    t.ok(seen.started > 0 && seen.refused > 0, `the runs both started the daemon and had it refuse a configuration: ${JSON.stringify(seen)}`);
  });

/**
 * Pools of two subnets each, given out of order (27.0 sorts them), one inside another (27.0 drops
 * it; 20.10 and 26.1 walk its subnets too), and IPv6 among them (20.10 and 26.1 walk both families
 * in one list): few enough that runs exhaust them and wrap the round-robin walk.
 */
const CONFIGURED = ['base=10.124.0.0/23,size=24', 'base=fd77:1::/63,size=64', 'base=10.123.0.0/23,size=24', 'base=10.124.0.0/24,size=25'].flatMap((value) => [
  '--default-address-pool',
  value,
]);

const NAMES = ['ctc-ap-a', 'ctc-ap-b', 'ctc-ap-c', 'ctc-ap-d', 'ctc-ap-e'];

/** Subnets a create may name: inside a configured pool, across two of its subnets, outside every pool, IPv6 inside one. */
const SUBNETS = ['10.123.1.0/24', '10.124.0.128/25', '10.124.0.0/23', '10.200.0.0/24', 'fd77:1:0:1::/64'];

const requests: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ Name: fc.constantFrom(...NAMES), EnableIPv6: fc.boolean(), subnet: fc.option(fc.constantFrom(...SUBNETS), { freq: 4 }) })
      .map(({ Name, EnableIPv6, subnet }) => ({
        method: 'POST',
        path: '/networks/create',
        ...json(JSON.stringify({ Name, EnableIPv6, CheckDuplicate: true, ...(subnet === null ? {} : { IPAM: { Config: [{ Subnet: subnet }] } }) })),
      })),
  },
  { weight: 3, arbitrary: fc.constantFrom(...NAMES).map((name) => ({ method: 'DELETE', path: `/networks/${name}` })) },
);

/** A create's answer with the subnets the network took; a delete's status; a refusal's status and words. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 10_000,
  });
  if (reply.status >= 400) return [reply.status, (JSON.parse(reply.body) as { message: string }).message.replace(/[0-9a-f]{64}/g, '<id>')];
  if (ask.method === 'DELETE') return [reply.status];
  const name = (JSON.parse(ask.body ?? '{}') as { Name: string }).Name;
  const network = JSON.parse((await client.request('GET', `/networks/${name}`, { timeoutMs: 10_000 })).body) as {
    IPAM: { Config: { Subnet: string }[] | null };
  };
  return [reply.status, (network.IPAM.Config ?? []).map((entry) => entry.Subnet)];
}

withObservedReleases('networks from configured address pools', 'ctc-pools-', { isolated: true, daemonArgs: CONFIGURED }, async (t, release, real, sim) => {
  // The daemons keep what earlier runs left (the pools taken, where the round-robin walk stands): runs are not shrunk.
  const history: string[] = [];
  let fromPools = 0;
  await fc.assert(
    fc.asyncProperty(fc.noShrink(fc.array(requests, { minLength: 1, maxLength: 8 })), async (steps) => {
      for (const step of steps) {
        const [fromReal, fromSim] = await Promise.all([read(real, step), read(sim, step)]);
        const answer = JSON.stringify(fromReal);
        if (answer !== JSON.stringify(fromSim))
          throw new Error(`${askText(step)}\n  dockerd ${release}: ${answer}\n  ctrd-sim: ${JSON.stringify(fromSim)}\n  after:\n${history.join('\n')}`);
        history.push(`    ${askText(step)} => ${answer}`);
        if (!(step.body ?? '').includes('Subnet') && (fromReal as unknown[])[0] === 201) fromPools++;
      }
    }),
    { numRuns: 40 },
  );
  t.ok(fromPools >= 3, `the runs made networks from the configured pools: ${fromPools}`);
});
