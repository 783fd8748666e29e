import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Test } from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { startDaemon } from './helpers/observe-claims.js';
import { testOnInstalled } from './helpers/real-daemons.js';
import { simClient } from './helpers/real-versus-sim.js';

/**
 * A create's endpoint settings (NetworkingConfig.EndpointsConfig[<its network>]: IPAMConfig,
 * DriverOpts, Aliases) as the releases check them and inspect shows them: ctrd-sim emulating each
 * release against the real one, on generated settings for the networks none and host, the missing
 * bridge (--bridge=none) and a name no network has. 20.10 keeps what it is given and refuses the
 * first malformed address; from 26.0 every problem is listed; 29.x words them anew and decodes the
 * addresses as netip (a word that is no address is invalid JSON). Malformed dotted or colon forms
 * are not generated: netip's words for them are not modelled (docs/simulator.md).
 */

const RELEASES = ['20.10', '26.1', '28.5', '29.7'] as const;

const address = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('0.0.0.0', '::', '::ffff:10.1.2.3', '169.254.7.7', 'fe80::1'),
  fc.stringMatching(/^[a-z]{1,6}$/),
);
const ipamConfig = fc.record({ IPv4Address: address, IPv6Address: address, LinkLocalIPs: fc.array(address, { maxLength: 2 }) }, { requiredKeys: [] });
const endpoint = fc.record(
  {
    IPAMConfig: fc.option(ipamConfig, { nil: null }),
    DriverOpts: fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z.]{0,8}$/), fc.stringMatching(/^[a-z0-9]{0,6}$/), { maxKeys: 3 }), { nil: null }),
    Aliases: fc.array(fc.stringMatching(/^[a-z]{1,5}$/), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const cases = fc.record({ network: fc.constantFrom('none', 'host', 'bridge', 'ctcnonet'), endpoint });

/** The create's status and message, or what inspect shows of the endpoint it made. */
async function outcome(client: HttpClient, name: string, network: string, settings: Readonly<Record<string, unknown>>): Promise<unknown> {
  const body = {
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'true'],
    HostConfig: { NetworkMode: network },
    NetworkingConfig: { EndpointsConfig: { [network]: settings } },
  };
  const created = await client.request('POST', `/containers/create?name=${name}`, { json: body, timeoutMs: 15_000 });
  if (created.status !== 201) return { status: created.status, message: (JSON.parse(created.body) as { message?: string }).message };
  const inspect = JSON.parse((await client.request('GET', `/containers/${name}/json`, { timeoutMs: 15_000 })).body) as {
    NetworkSettings: { Networks: Record<string, { IPAMConfig: unknown; DriverOpts: unknown; Aliases: unknown }> };
  };
  await client.request('DELETE', `/containers/${name}?force=1`, { timeoutMs: 15_000, cleanup: true });
  const shown = inspect.NetworkSettings.Networks[network];
  return { status: 201, IPAMConfig: shown?.IPAMConfig, DriverOpts: shown?.DriverOpts, Aliases: shown?.Aliases };
}

async function compare(t: Test, release: string, real: HttpClient): Promise<void> {
  const sim = await simClient(t, 'ctc-endpoint-', release);
  await importBusybox(real);
  await importBusybox(sim);
  let n = 0;
  await fc.assert(
    fc.asyncProperty(cases, async ({ network, endpoint: settings }) => {
      n += 1;
      const seen = await outcome(real, `ctc-ep-${n}`, network, settings);
      const answered = await outcome(sim, `ctc-ep-${n}`, network, settings);
      t.same(answered, seen, `${network} ${JSON.stringify(settings)}`);
      return isDeepStrictEqual(answered, seen);
    }),
    { numRuns: 40, seed: Number(process.env['CTC_SEED'] ?? 20261205), endOnFailure: true },
  );
}

for (const release of RELEASES) {
  testOnInstalled(release, `ctrd-sim emulating ${release} checks and keeps a create's endpoint settings as dockerd ${release} does`, async (t, daemon) => {
    const started = await startDaemon(t, daemon);
    if (!started.ok) return void t.fail(`dockerd ${release} did not start: ${started.output}`);
    await compare(t, release, started.started.client);
  });
}
