import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, statusAndNamedMessage } from './helpers/real-versus-sim.js';

/**
 * DELETE /networks/{id} (simulator/engine/networks/routes.ts): the pre-defined networks are
 * refused (403), any other term not found (404), the network found as inspect finds it. The table
 * is what the releases answered; the property sends generated terms (names, full IDs and prefixes
 * of each side's own IDs) to each real release and to ctrd-sim emulating it.
 */

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27.
const OBSERVED: Observed = [
  [{ method: 'DELETE', path: '/networks/none' }, [403, 'none is a pre-defined network and cannot be removed'], '=', '='],
  [{ method: 'DELETE', path: '/networks/host' }, [403, 'host is a pre-defined network and cannot be removed'], '=', '='],
  [{ method: 'DELETE', path: '/networks/nosuch' }, [404, 'network nosuch not found'], '=', '='],
  [{ method: 'DELETE', path: '/networks/bridge' }, [404, 'network bridge not found'], '=', '='],
  [{ method: 'DELETE', path: '/networks/NONE' }, [404, 'network NONE not found'], '=', '='],
  [{ method: 'DELETE', path: '/networks/' }, [400, 'network  is ambiguous (2 matches found based on ID prefix)'], '=', '='],
];

checkObserved('the pre-defined networks cannot be removed, other terms are not found', 'ctc-netdel-', OBSERVED);

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const name of ['none', 'host']) {
    const id = (JSON.parse((await client.request('GET', `/networks/${name}`, { timeoutMs: 10_000 })).body) as { Id: string }).Id;
    values[`{${name}}`] = id;
    values[`{${name}:12}`] = id.slice(0, 12);
  }
  return values;
}

const term = fc.constantFrom('', 'none', 'host', 'bridge', 'nosuch', 'NONE', 'ctc-missing', 'a%20b', 'n/x', '{none}', '{host}', '{none:12}', '{host:12}');
const request: fc.Arbitrary<Ask> = fc
  .tuple(term, fc.constantFrom('', '/v1.24', '/v1.41'))
  .map(([name, prefix]) => ({ method: 'DELETE', path: `${prefix}/networks/${name}` }));

checkAgainstRealReleases('network deletes', 'ctc-netdel-', request, 60, {
  setup,
  // A refusal names a side's own ID only as the term the request gave: it reads the same with the placeholder back.
  read: statusAndNamedMessage,
});
