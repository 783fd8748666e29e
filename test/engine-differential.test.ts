import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { HttpClient } from '../suites/http/client.js';
import { parseEndpoint } from '../suites/http/endpoint.js';
import { runDifferential, type DifferentialSide, type Explanation } from '../suites/model-runner/engine-differential/differential.js';
import { startSimProcess } from './helpers/sim-process.js';

const MODEL = 'ai/smollm2';

/** A ctrd-sim process with its model runner on a free TCP port and one model held; its OpenAI base. */
async function simSide(t: Test, label: string, extra: readonly string[] = []): Promise<DifferentialSide> {
  const dir = mkdtempSync('/tmp/ctc-diff-');
  const sim = startSimProcess(['-H', `unix://${join(dir, 'd.sock')}`, '--model-runner-tcp', '0', ...extra]);
  t.teardown(async () => {
    await sim.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const [, address] = await sim.waitFor(/Model runner listen on tcp:\/\/(127\.0\.0\.1:\d+)/);
  const root = new HttpClient(parseEndpoint(`http://${address}`, false));
  const created = await root.request('POST', '/models/create', { json: { from: MODEL } });
  root.close();
  if (created.status !== 200) throw new Error(`${label}: create answered ${created.status} ${created.body}`);
  const client = new HttpClient(parseEndpoint(`http://${address}/engines/v1`, false));
  t.teardown(() => client.close());
  return { label, client, model: MODEL };
}

t.test('two servers that answer alike: no difference, and the property holds', async (t) => {
  const [a, b] = await Promise.all([simSide(t, 'ctrd-sim A'), simSide(t, 'ctrd-sim B')]);
  const outcome = await runDifferential(a, b, [], { seed: 20261127, numRuns: 40 });
  t.equal(outcome.failure, null, 'the same implementation on both sides');
  t.same([...outcome.explained.keys()], [], 'nothing needed explaining');
});

t.test('a difference nothing explains fails the property, shrunk, with its seed and path; explained, it is counted', async (t) => {
  const [a, b] = await Promise.all([simSide(t, 'ctrd-sim'), simSide(t, 'ctrd-sim --fault mr.chat.shape', ['--fault', 'mr.chat.shape'])]);
  const outcome = await runDifferential(a, b, [], { seed: 20261127, numRuns: 60 });
  t.match(outcome.failure ?? '', /seed: 20261127, path: "[0-9:]+"/, 'the seed and the path to replay it');
  t.match(outcome.failure ?? '', /differ, unexplained:/, 'what differs');
  t.match(outcome.failure ?? '', /POST|chat/, 'a chat request');
  // The fault misspells the chat object's type tag (`object`), which the form keeps: clients dispatch on it.
  const allowAll: Explanation = { id: 'everything', kind: 'extension', what: 'anything', covers: () => true };
  const explained = await runDifferential(a, b, [allowAll], { seed: 20261127, numRuns: 20 });
  t.equal(explained.failure, null, 'with an explanation that covers it, the property holds');
  t.ok((explained.explained.get('everything')?.count ?? 0) > 0, 'and the differences it covered are counted, with an example');
});
