import t, { type Test } from 'tap';
import OpenAI from 'openai';
import { ENGINE_DEVIATIONS } from '../specs/engine-deviations.js';
import { HttpClient } from '../suites/http/client.js';
import { runDifferential } from '../suites/model-runner/engine-differential/differential.js';
import { LLAMA_EXPLANATIONS } from '../suites/model-runner/engine-differential/llama-explanations.js';
import { runSuites } from '../suites/run/index.js';
import { LlamaServerTarget } from '../suites/targets/llama-server/llama-server-target.js';
import { provisionedLlama } from '../suites/targets/llama-server/provisioned-llama.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { TargetError, type TargetInstance } from '../suites/targets/target.js';
import { inCI } from './helpers/real-daemons.js';

/**
 * The model-runner suite against a real engine: llama.cpp's llama-server (scripts/provision-llama.sh).
 * Its report fails exactly the catalogued deviations of that engine (specs/engine-deviations.ts);
 * the same generated calls to it and to ctrd-sim differ only where an explanation says why; the
 * official openai SDK drives it, streaming included.
 */
const ENGINE = 'llama.cpp (llama-server)';
const SEED = 20261127;

let missing: string | null = null;
try {
  provisionedLlama();
} catch (error) {
  if (!(error instanceof TargetError)) throw error;
  missing = error.message;
}

async function started(t: Test): Promise<TargetInstance> {
  const outcome = await new LlamaServerTarget('llama-server').start();
  if (!outcome.ok) throw new Error(`llama-server did not start: ${outcome.output}`);
  t.teardown(() => outcome.instance.stop());
  return outcome.instance;
}

if (missing !== null) {
  if (inCI()) t.fail(`llama-server is required in CI: ${missing}`);
  else t.test('the model-runner suite against llama-server', { skip: missing }, async () => {});
} else {
  t.test("llama-server's report: the engine named, and its failures exactly its known deviations", async (t) => {
    const run = await runSuites({ target: new LlamaServerTarget('llama-server'), seed: SEED, numRuns: 15, numStarts: 2 });
    t.equal(run.target.engine?.name, ENGINE, `the report names the engine: ${run.target.engine?.evidence.join('; ')}`);
    const known = new Set(ENGINE_DEVIATIONS.filter((d) => d.engine === ENGINE).map((d) => d.rule));
    const failing = run.results.filter((r) => r.status === 'fail' || r.status === 'error');
    t.same(
      failing.filter((r) => !known.has(r.rule)).map((r) => `${r.rule} ${r.status}: ${r.evidence.summary}`),
      [],
      'no failure beyond the known deviations',
    );
    t.same(
      [...known].filter((rule) => !failing.some((r) => r.rule === rule && r.status === 'fail')),
      [],
      `each known deviation still fails on seed ${SEED} (the catalogue is not stale)`,
    );
    t.ok(run.results.filter((r) => r.status === 'pass').length >= 10, 'the other inference rules are judged and pass');
  });

  t.test('ctrd-sim and llama-server on the same generated calls: every difference explained', async (t) => {
    const llama = await started(t);
    const sim = await new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true }).start({});
    if (!sim.ok) throw new Error(`ctrd-sim did not start: ${sim.output}`);
    t.teardown(() => sim.instance.stop());
    const service = new HttpClient(sim.instance.endpoints.modelRunnerService!.tcp);
    t.equal((await service.request('POST', '/models/create', { json: { from: 'ai/smollm2' } })).status, 200);
    service.close();
    const simClient = new HttpClient(sim.instance.endpoints.modelRunner!);
    const llamaClient = new HttpClient(llama.endpoints.modelRunner!);
    t.teardown(() => {
      simClient.close();
      llamaClient.close();
    });
    const listed = JSON.parse((await llamaClient.request('GET', '/models')).body) as { data: { id: string }[] };
    const outcome = await runDifferential(
      { label: 'ctrd-sim', client: simClient, model: 'ai/smollm2' },
      { label: 'llama-server', client: llamaClient, model: listed.data[0]!.id },
      LLAMA_EXPLANATIONS,
      { seed: SEED, numRuns: 100 },
    );
    t.equal(outcome.failure, null, 'no unexplained difference');
    for (const [id, { count, example }] of outcome.explained) t.comment(`${id}: ${count} (e.g. ${example})`);
    t.ok(outcome.explained.size >= 4, 'the engine and the runner do differ, and the explanations were used');
  });

  t.test('the official openai SDK against llama-server over TCP, streaming included', async (t) => {
    const llama = await started(t);
    const endpoint = llama.endpoints.modelRunner!;
    if (endpoint.kind !== 'tcp') throw new Error('llama-server is reached over TCP');
    const client = new OpenAI({ baseURL: `http://127.0.0.1:${endpoint.port}${endpoint.basePath ?? ''}`, apiKey: 'not-needed', maxRetries: 0 });
    const models = await client.models.list();
    const model = models.data[0]?.id;
    t.ok(model !== undefined, `models.list: ${model}`);
    const asked = { model: model!, messages: [{ role: 'user' as const, content: 'Say hi.' }], max_tokens: 8, temperature: 0, seed: 1 };
    const chat = await client.chat.completions.create(asked);
    t.equal(chat.object, 'chat.completion');
    t.equal(chat.choices.length, 1);
    t.equal(typeof chat.choices[0]!.message.content, 'string', 'chat.completions.create');
    t.ok((chat.usage?.completion_tokens ?? 0) > 0, 'with usage');
    const stream = await client.chat.completions.create({
      ...asked,
      stream: true,
      stream_options: { include_usage: true },
    });
    let streamed = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      streamed += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    t.equal(streamed, chat.choices[0]!.message.content, 'the stream joins to the whole answer (temperature 0, same seed)');
    t.ok(finish === 'length' || finish === 'stop', `the stream ends with a finish reason (${finish})`);
    const completion = await client.completions.create({ model: model!, prompt: 'Once', max_tokens: 4, temperature: 0 });
    t.equal(completion.choices.length, 1, 'completions.create');
    const embedded = await client.embeddings.create({ model: model!, input: ['one', 'two'] });
    t.equal(embedded.data.length, 2, 'embeddings.create (base64, the SDK default, decoded by the SDK)');
    t.ok(embedded.data.every((e) => e.embedding.length > 0 && e.embedding.every((v) => Number.isFinite(v))));
    const floats = await client.embeddings.create({ model: model!, input: 'one', encoding_format: 'float' });
    t.equal(floats.data[0]!.embedding.length, embedded.data[0]!.embedding.length, 'float vectors of the same width');
  });
}
