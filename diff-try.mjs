import { LlamaServerTarget } from './dist/suites/targets/llama-server/llama-server-target.js';
import { SpawnedDaemonTarget } from './dist/suites/targets/spawned-daemon.js';
import { SIM_BIN } from './dist/suites/targets/resolve.js';
import { HttpClient } from './dist/suites/http/client.js';
import { runDifferential } from './dist/suites/model-runner/engine-differential/differential.js';
import { LLAMA_EXPLANATIONS } from './dist/suites/model-runner/engine-differential/llama-explanations.js';
const llama = await new LlamaServerTarget('llama-server').start();
const sim = await new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true }).start({});
try {
  const simClient = new HttpClient(sim.instance.endpoints.modelRunner);
  const root = new HttpClient(sim.instance.endpoints.modelRunnerService.tcp);
  await root.request('POST', '/models/create', { json: { from: 'ai/smollm2' } });
  const llamaClient = new HttpClient(llama.instance.endpoints.modelRunner);
  for (const seed of process.argv.slice(2).map(Number)) {
    const t0 = Date.now();
    const out = await runDifferential({ label: 'ctrd-sim', client: simClient, model: 'ai/smollm2' }, { label: 'llama-server', client: llamaClient, model: 'tiny-llama-chat' }, LLAMA_EXPLANATIONS, { seed, numRuns: 150 });
    console.log(seed, Date.now() - t0, 'ms', out.failure?.slice(0, 1500) ?? 'holds', [...out.explained].map(([k, v]) => `${k}:${v.count}`).join(' '));
  }
} finally { await llama.instance.stop(); await sim.instance.stop(); }
