import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { goParseAddr, goParsePrefix } from '../simulator/engine/go-netip.js';
import { json, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * 29.x decodes a network create's IPAM entries into Go's netip types (simulator/engine/go-netip.ts,
 * networks/create-request.ts netipProblem) and checks them on those values (networks/ipam.ts
 * netipIpamProblem). The fixture is what dockerd 29.7.2 answered to 98 configuration-only creates
 * with malformed and unusual prefixes and addresses (its status and message); ctrd-sim emulating
 * 29.7 must answer each alike. Every create is configuration-only, so no real daemon touched the host.
 */

interface Fixture {
  readonly cases: readonly (readonly [body: Record<string, unknown>, answer: readonly [number, string]])[];
}
const FIXTURE = fileURLToPath(new URL('../../test/fixtures/network-create-netip-29.7.json', import.meta.url));
const { cases } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;

t.test("a configuration-only create's IPAM entries on ctrd-sim emulating 29.7, as 29.7.2 answered them", async (t) => {
  const client = await simClient(t, 'ctc-netip-', '29.7');
  for (const [index, [body, expected]] of cases.entries()) {
    const ask = { method: 'POST', path: '/networks/create', ...json(JSON.stringify({ Name: `ctcnetip${index}`, ConfigOnly: true, Driver: 'null', ...body })) };
    const [status, message] = await statusAndMessage(client, ask);
    t.same([status, status === 201 ? 'created' : message], expected, JSON.stringify(body));
  }
});

t.test('netip refuses what it cannot parse and names the input', async (t) => {
  t.same(goParsePrefix('10.0.0.0/8'), { family: 'IPv4', value: 0x0a000000n, bits: 32, zone: '', length: 8 });
  t.same(goParseAddr('::ffff:1.2.3.4'), { family: 'IPv6', value: 0xffff01020304n, bits: 128, zone: '' });
  t.same(goParseAddr('1:2:3:4:5:6:7::'), { family: 'IPv6', value: 0x0001000200030004000500060007_0000n, bits: 128, zone: '' });
  t.same(goParseAddr('fe80::1%eth0'), { family: 'IPv6', value: (0xfe80n << 112n) | 1n, bits: 128, zone: 'eth0' });
  t.same(goParseAddr('1.2.3.4.5'), { error: 'ParseAddr("1.2.3.4.5"): IPv4 address too long' });
});
