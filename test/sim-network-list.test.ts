import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, statusAndMessage, statusAndNamedMessage } from './helpers/real-versus-sim.js';

/**
 * GET /networks with filters (simulator/engine/networks/filter.ts) over the built-in networks of a
 * daemon started with --bridge=none: none and host. The table holds what the releases answered;
 * the property sends generated filters to each real release and to ctrd-sim emulating it and
 * compares the names listed (the releases keep networks in a Go map: no fixed order) or the
 * refusal.
 */

const list = (filters: unknown): Ask => ({ method: 'GET', path: `/networks?filters=${encodeURIComponent(JSON.stringify(filters))}` });

/** The names a list answer holds, sorted; the whole body otherwise. */
const namesOf = (body: string): string => {
  const parsed = JSON.parse(body) as { Name: string }[];
  return JSON.stringify(parsed.map((network) => network.Name).sort());
};

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27 ('=': as the release before it). A key
// without values matches every network (moby's ExactMatch), for driver and scope as for the others.
const OBSERVED: Observed = [
  [list({ driver: [] }), [200, '["host","none"]'], '=', '='],
  [list({ driver: {} }), [200, '["host","none"]'], '=', '='],
  [list({ scope: [] }), [200, '["host","none"]'], '=', '='],
  [list({ scope: {} }), [200, '["host","none"]'], '=', '='],
  [list({ driver: ['null'] }), [200, '["none"]'], '=', '='],
  [list({ scope: ['local'] }), [200, '["host","none"]'], '=', '='],
  [list({ scope: ['x'] }), [200, '[]'], '=', '='],
  [list({ type: ['builtin'] }), [200, '["host","none"]'], '=', '='],
];

/** The status and, for a list, the names it holds, sorted; a refusal's message. */
async function statusAndNames(client: HttpClient, ask: Ask): Promise<readonly [number, string]> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 10_000 });
  return reply.status === 200 ? [200, namesOf(reply.body)] : statusAndMessage(client, ask);
}

checkObserved('the network list keeps what its filters match, as each release did', 'ctc-netls-', OBSERVED, statusAndNames);

/** The IDs of none and host on this side, for the id filter's placeholders. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  const networks = JSON.parse(await sendOk(client, 'GET', '/networks')) as { Name: string; Id: string }[];
  const values: Record<string, string> = {};
  for (const network of networks) for (const n of [12, 64]) values[`{${network.Name}:${n}}`] = network.Id.slice(0, n);
  return values;
}

async function read(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>): Promise<unknown> {
  const [status, text] = await statusAndNames(client, ask);
  return status === 200 ? [status, text] : statusAndNamedMessage(client, ask, values);
}

const VALUES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  driver: fc.constantFrom('null', 'host', 'bridge', '', 'NULL'),
  scope: fc.constantFrom('local', 'swarm', 'global', ''),
  name: fc.constantFrom('none', '^h', 'o', '', 'NONE', '^none$', 'x'),
  // moby matches an id value as a regexp anywhere in the ID: a prefix of a few hex digits is found in
  // the other network's random ID on one side and not on the other, so the prefixes are 12 long.
  id: fc.constantFrom('{none:12}', '{host:64}', 'zz', ''),
  label: fc.constantFrom('a', 'a=b', ''),
  type: fc.constantFrom('builtin', 'custom', 'x'),
  dangling: fc.constantFrom('true', 'false', '1', '0', 'x'),
  bogus: fc.constant('x'),
};

/** A refused type names its one value: of two, Go's map order would choose which. */
const MAX_VALUES: Readonly<Record<string, number>> = { type: 1, bogus: 1 };

const request: fc.Arbitrary<Ask> = fc
  .subarray(Object.keys(VALUES), { maxLength: 3 })
  .chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        fc.oneof(
          fc.array(VALUES[key]!, { maxLength: MAX_VALUES[key] ?? 2 }).map((values) => [key, [...new Set(values)]] as const),
          fc.constant([key, {}] as const),
        ),
      ),
    ),
  )
  .map((entries) => list(Object.fromEntries(entries)));

checkAgainstRealReleases('network lists with generated filters', 'ctc-netls-', request, 200, { setup, read });
