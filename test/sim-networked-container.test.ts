import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * A container whose network is another container's (`NetworkMode: container:<ref>`,
 * simulator/engine/containers/networked-container.ts): generated donors (none, created, running,
 * exited, paused) named by name, ID, ID prefix, a missing name or the container itself, then the
 * create, the start and the inspect of the container that joins it, on each observed release and
 * on ctrd-sim emulating it.
 */

const DONOR = 'ctc-nc-donor';
const JOINER = 'ctc-nc-joiner';

interface Scenario {
  readonly donor: 'none' | 'created' | 'running' | 'exited' | 'paused';
  readonly reference: 'name' | 'id' | 'prefix' | 'missing' | 'self';
  readonly restart: boolean;
}

const scenarios: fc.Arbitrary<Scenario> = fc.record({
  donor: fc.constantFrom('none', 'created', 'running', 'exited', 'paused'),
  reference: fc.constantFrom('name', 'id', 'prefix', 'missing', 'self'),
  restart: fc.boolean(),
});

const json = { 'Content-Type': 'application/json' };
const create = (client: HttpClient, name: string, mode: string) =>
  client.request('POST', `/containers/create?name=${name}`, {
    headers: json,
    body: JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: mode, Init: true } }),
    timeoutMs: 20_000,
  });

/** The scenario played on one side: what the joiner's create, start (or restart) and inspect answered, IDs as words. */
async function play(client: HttpClient, scenario: Scenario): Promise<unknown> {
  for (const name of [JOINER, DONOR]) await client.request('DELETE', `/containers/${name}?force=1`, { timeoutMs: 20_000 });
  let donorId = '';
  if (scenario.donor !== 'none') {
    donorId = (JSON.parse((await create(client, DONOR, 'none')).body) as { Id: string }).Id;
    if (scenario.donor !== 'created') await client.request('POST', `/containers/${DONOR}/start`, { timeoutMs: 20_000 });
    if (scenario.donor === 'exited') await client.request('POST', `/containers/${DONOR}/kill`, { timeoutMs: 20_000 });
    if (scenario.donor === 'paused') await client.request('POST', `/containers/${DONOR}/pause`, { timeoutMs: 20_000 });
  }
  const reference = { name: DONOR, id: donorId || DONOR, prefix: donorId.slice(0, 12) || DONOR, missing: 'ctc-nc-missing', self: JOINER }[scenario.reference];
  const words = (text: string): string => (donorId === '' ? text : text.replaceAll(donorId, '<donor id>')).replace(/[0-9a-f]{64}/g, '<id>');
  const created = await create(client, JOINER, `container:${reference}`);
  const started = await client.request('POST', `/containers/${JOINER}/${scenario.restart ? 'restart?t=0' : 'start'}`, { timeoutMs: 20_000 });
  const inspect = await client.request('GET', `/containers/${JOINER}/json`, { timeoutMs: 10_000 });
  const document = JSON.parse(inspect.body) as { State: Record<string, unknown>; HostConfig: Record<string, unknown> };
  return [
    created.status,
    started.status,
    words(started.body.trim()),
    words(String(document.HostConfig['NetworkMode'])),
    document.State['Status'],
    document.State['ExitCode'],
    words(String(document.State['Error'])),
  ];
}

withObservedReleases("a container on another container's network", 'ctc-netcont-', {}, async (_t, release, real, sim) => {
  await Promise.all([importBusybox(real), importBusybox(sim)]);
  await fc.assert(
    fc.asyncProperty(scenarios, async (scenario) => {
      const [fromReal, fromSim] = await Promise.all([play(real, scenario), play(sim, scenario)]);
      if (JSON.stringify(fromReal) !== JSON.stringify(fromSim))
        throw new Error(`${JSON.stringify(scenario)}\n  dockerd ${release}: ${JSON.stringify(fromReal)}\n  ctrd-sim: ${JSON.stringify(fromSim)}`);
    }),
    { numRuns: 20 },
  );
});
