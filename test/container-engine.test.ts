import t, { type Test } from 'tap';
import { testcontainersOn } from '../suites/targets/container/container-sim-target.js';
import { InProcessSimTarget } from '../suites/targets/in-process-sim.js';
import type { TargetInstance } from '../suites/targets/target.js';

/**
 * testcontainers keeps one engine client per process: the container target binds it to the first
 * engine it is given and refuses another by name, never serving it from the first. Two in-process
 * ctrd-sims stand in for the engines (testcontainers asks an engine only for GET /info here).
 */
async function engine(t: Test): Promise<string> {
  const outcome = await new InProcessSimTarget('sim', ['--brand', 'docker']).start();
  if (!outcome.ok) throw new Error(outcome.output);
  const instance: TargetInstance = outcome.instance;
  t.teardown(() => instance.stop());
  if (instance.endpoint.kind !== 'unix') throw new Error('the simulator listens on a unix socket');
  return instance.endpoint.path;
}

t.test('the first engine binds testcontainers; a second one is refused by name; the environment is put back', async (t) => {
  const before = { host: process.env['DOCKER_HOST'], override: process.env['TESTCONTAINERS_HOST_OVERRIDE'] };
  const first = await engine(t);
  const second = await engine(t);
  await testcontainersOn(first);
  t.same({ host: process.env['DOCKER_HOST'], override: process.env['TESTCONTAINERS_HOST_OVERRIDE'] }, before, 'DOCKER_HOST and the host override as they were');
  await testcontainersOn(first);
  t.pass('the same engine again is served');
  await t.rejects(testcontainersOn(second), {
    code: 'TARGET_START',
    message: `container:unix://${second}: this process already runs its containers on unix://${first} (testcontainers keeps one engine per process): run the targets of another engine in a process of their own`,
  });
  t.same({ host: process.env['DOCKER_HOST'], override: process.env['TESTCONTAINERS_HOST_OVERRIDE'] }, before, 'put back after the refusal too');
});
