/**
 * Benchmark section 6 (not a test): the model runner. One run, ctrd-sim as a process against a
 * bare node:http server that answers the same bodies without routing, checks, store or engine
 * (the ceiling):
 * - chat completions with 64 concurrent clients, whole and streamed: latency p50/p99 and req/s;
 * - GET /models with 1 000 models in the store: latency p50/p99.
 *
 *   node dist/bench/model-runner.js [--no-write]
 */
import { Agent, createServer, type Server } from 'node:http';
import { load, send, type Base, type Load } from './http-load.js';
import { writeResultsSection } from './results-section.js';
import { SIM_BIN } from '../suites/targets/resolve.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';

const WRITE = !process.argv.includes('--no-write');
const CLIENTS = 64;
const CHAT_REQUESTS = 4_000;
const LIST_MODELS = 1_000;
const LIST_REQUESTS = 200;
/** Issue 20: the simulator's chat at least this share of the bare server's requests per second. */
const GOAL_CHAT_SHARE = 80;
const MODEL = 'bench/tiny:latest';
const CHAT = {
  model: MODEL,
  messages: [
    { role: 'system', content: 'You are brief.' },
    { role: 'user', content: 'Say something about conformance.' },
  ],
  max_tokens: 32,
  seed: 1,
};

/** The ceiling: the same answers, canned, from a bare server. */
async function bareServer(chat: string, stream: string, list: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/models') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(list);
      } else if (Buffer.concat(chunks).toString().includes('"stream":true')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(stream);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(chat);
      }
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const target = new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true });
  const started = await target.start({});
  if (!started.ok) throw new Error(`ctrd-sim did not start: ${started.output}`);
  const tcp = started.instance.endpoints.modelRunnerService?.tcp;
  if (tcp?.kind !== 'tcp') throw new Error('ctrd-sim names no model runner address');
  const sim: Base = { port: tcp.port, agent: new Agent({ keepAlive: true, maxSockets: CLIENTS }) };
  let bare: Server | undefined;
  try {
    await send(sim, 'POST', '/models/create', { from: MODEL });
    const chat = (await send(sim, 'POST', '/engines/v1/chat/completions', CHAT)).text;
    const stream = (await send(sim, 'POST', '/engines/v1/chat/completions', { ...CHAT, stream: true })).text;
    for (let i = 0; i < LIST_MODELS - 1; i++) await send(sim, 'POST', '/models/create', { from: `bench/m${i}` });
    const list = (await send(sim, 'GET', '/models')).text;
    bare = await bareServer(chat, stream, list);
    const ceiling: Base = { port: (bare.address() as { port: number }).port, agent: new Agent({ keepAlive: true, maxSockets: CLIENTS }) };

    const rows: [string, Load, Load][] = [];
    for (const [label, path, body, method, count, clients] of [
      ['chat completion, whole', '/engines/v1/chat/completions', CHAT, 'POST', CHAT_REQUESTS, CLIENTS],
      ['chat completion, streamed', '/engines/v1/chat/completions', { ...CHAT, stream: true }, 'POST', CHAT_REQUESTS, CLIENTS],
      [`GET /models (${LIST_MODELS} models)`, '/models', undefined, 'GET', LIST_REQUESTS, 1],
    ] as const) {
      // Warm-up, then both measured in one run, the simulator first.
      await load(sim, clients, Math.min(200, count), path, body, method);
      await load(ceiling, clients, Math.min(200, count), path, body, method);
      rows.push([label, await load(sim, clients, count, path, body, method), await load(ceiling, clients, count, path, body, method)]);
    }
    const chatShare = Math.min(...rows.filter(([label]) => label.startsWith('chat')).map(([, sim, bare]) => (100 * sim.perSecond) / bare.perSecond));
    const lines = [
      '## 6. Model runner',
      '',
      `ctrd-sim as a process (\`--model-runner-tcp 0\`) against a bare node:http server answering the same bodies, canned (the ceiling: no routing, checks, store or engine).`,
      `Chat: ${CHAT_REQUESTS} requests from ${CLIENTS} closed-loop keep-alive clients over TCP, max_tokens 32 (streamed: one event per token), after a warm-up; GET /models: ${LIST_REQUESTS} requests from one client with ${LIST_MODELS} models in the store (a ${(list.length / 1024).toFixed(0)} KiB answer).`,
      '',
      '| what | ctrd-sim p50 | p99 | req/s | bare p50 | p99 | req/s | ctrd-sim / bare req/s |',
      '|:--|--:|--:|--:|--:|--:|--:|--:|',
      ...rows.map(
        ([label, s, b]) =>
          `| ${label} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.perSecond.toFixed(0)} | ${ms(b.p50)} | ${ms(b.p99)} | ${b.perSecond.toFixed(0)} | ${((100 * s.perSecond) / b.perSecond).toFixed(0)} % |`,
      ),
      '',
      `- chat, ctrd-sim / bare (the lower of the two chat rows): **${chatShare.toFixed(0)} %**; goal (issue 20) ≥ ${GOAL_CHAT_SHARE} %: **${chatShare >= GOAL_CHAT_SHARE ? 'met' : 'NOT met'}**`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (WRITE) writeResultsSection('## 6. Model runner', lines);
  } finally {
    bare?.close();
    await started.instance.stop();
  }
}

await main();
