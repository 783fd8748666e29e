/**
 * Benchmark section 12 (not a test): ctrd-sim's model runner against a real engine, llama.cpp's
 * llama-server with the tiny generated model (scripts/provision-llama.sh), in one run, on the same
 * client: chat completion latency and requests per second with 1 and 8 concurrent clients, and
 * embeddings per second. Goal (issue 20): ctrd-sim at least 10× llama-server's chat throughput.
 *
 *   node dist/bench/model-runner-engines.js [--no-write]
 */
import { Agent } from 'node:http';
import { loadFor, send, type Base, type Load } from './http-load.js';
import { writeResultsSection } from './results-section.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { LlamaServerTarget } from '../suites/targets/llama-server/llama-server-target.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';

const WRITE = !process.argv.includes('--no-write');
const HEADING = '## 12. Model runner against a real engine';
/** How long each cell runs (after a warm-up of its own). */
const WINDOW_MS = 3_000;
const WARM_MS = 500;
const GOAL_CHAT_RATIO = 10;
const SIM_MODEL = 'ai/smollm2';

const chat = (model: string) => ({
  model,
  messages: [
    { role: 'system', content: 'You are brief.' },
    { role: 'user', content: 'Say something about conformance.' },
  ],
  max_tokens: 32,
  temperature: 0,
  seed: 1,
});
const embedding = (model: string) => ({ model, input: 'Say something about conformance.' });

interface Side {
  readonly label: string;
  readonly base: Base;
  /** The OpenAI base path on that port. */
  readonly api: string;
  readonly model: string;
}

const tcpPort = (endpoint: { kind: string; port?: number } | undefined, what: string): number => {
  if (endpoint?.kind !== 'tcp' || endpoint.port === undefined) throw new Error(`${what} names no TCP address`);
  return endpoint.port;
};

async function measure(side: Side, clients: number, path: string, body: unknown): Promise<Load> {
  await loadFor(side.base, clients, WARM_MS, `${side.api}${path}`, body);
  return loadFor(side.base, clients, WINDOW_MS, `${side.api}${path}`, body);
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const simTarget = new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true });
  const simStart = await simTarget.start({});
  if (!simStart.ok) throw new Error(`ctrd-sim did not start: ${simStart.output}`);
  const llamaStart = await new LlamaServerTarget('llama-server').start();
  try {
    if (!llamaStart.ok) throw new Error(`llama-server did not start: ${llamaStart.output}`);
    const agent = (): Agent => new Agent({ keepAlive: true, maxSockets: 8 });
    const sim: Side = {
      label: 'ctrd-sim',
      base: { port: tcpPort(simStart.instance.endpoints.modelRunnerService?.tcp, 'ctrd-sim'), agent: agent() },
      api: '/engines/v1',
      model: SIM_MODEL,
    };
    const llamaEndpoint = llamaStart.instance.endpoints.modelRunner;
    const llamaBase: Base = { port: tcpPort(llamaEndpoint, 'llama-server'), agent: agent() };
    const listed = JSON.parse((await send(llamaBase, 'GET', `${llamaEndpoint?.basePath ?? '/v1'}/models`)).text) as { data: { id: string }[] };
    const llama: Side = { label: 'llama-server', base: llamaBase, api: llamaEndpoint?.basePath ?? '/v1', model: listed.data[0]!.id };
    const created = await send(sim.base, 'POST', '/models/create', { from: SIM_MODEL });
    if (created.status !== 200) throw new Error(`ctrd-sim create answered ${created.status}`);

    const cells: [string, number, string, (model: string) => unknown][] = [
      ['chat completion, 1 client', 1, '/chat/completions', chat],
      ['chat completion, 8 clients', 8, '/chat/completions', chat],
      ['embeddings, 8 clients', 8, '/embeddings', embedding],
    ];
    const rows: [string, Load, Load][] = [];
    for (const [label, clients, path, body] of cells) {
      rows.push([label, await measure(sim, clients, path, body(sim.model)), await measure(llama, clients, path, body(llama.model))]);
    }
    const chatRatio = Math.min(...rows.filter(([label]) => label.startsWith('chat')).map(([, s, l]) => s.perSecond / l.perSecond));
    const lines = [
      HEADING,
      '',
      `Written by bench/model-runner-engines.ts (${new Date().toISOString()}, node ${process.version}). One run, the same client (closed-loop keep-alive clients over TCP 127.0.0.1) for both:`,
      `ctrd-sim as a process (\`--model-runner-tcp 0\`, its deterministic engine) and llama.cpp's llama-server (the \`llama-server\` target: two processes, chat and \`--embeddings\`, behind its path front,`,
      'one compute thread each, the tiny generated model of scripts/provision-llama.sh). Chat: max_tokens 32, temperature 0, seed 1; embeddings: one input.',
      `Each cell: a ${WARM_MS} ms warm-up, then ${WINDOW_MS} ms counted.`,
      '',
      '| what | ctrd-sim p50 | p99 | req/s | llama-server p50 | p99 | req/s | ctrd-sim / llama-server req/s |',
      '|:--|--:|--:|--:|--:|--:|--:|--:|',
      ...rows.map(
        ([label, s, l]) =>
          `| ${label} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.perSecond.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p99)} | ${l.perSecond.toFixed(0)} | **${(s.perSecond / l.perSecond).toFixed(1)}×** |`,
      ),
      '',
      `- chat throughput, ctrd-sim / llama-server (the lower of the two chat rows): **${chatRatio.toFixed(1)}×**; goal ≥ ${GOAL_CHAT_RATIO}×: **${chatRatio >= GOAL_CHAT_RATIO ? 'met' : 'NOT met'}**`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (WRITE) writeResultsSection(HEADING, lines);
  } finally {
    if (llamaStart.ok) await llamaStart.instance.stop();
    await simStart.instance.stop();
  }
}

await main();
