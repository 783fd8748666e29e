/**
 * Benchmark section 6 (not a test): the model runner. One run, ctrd-sim as a process against a
 * bare node:http server in a process of its own that answers the same bodies without routing,
 * checks, store or engine (the ceiling, bench/bare-server.ts --canned):
 * - chat completions with 64 concurrent clients, whole and streamed: latency p50/p99, req/s and
 *   the server's CPU per answer;
 * - GET /models with 1 000 models in the store.
 * Rounds interleave the two servers (the order alternating), so that a machine that gets busier
 * or quieter during the run weighs on both; ratios are medians of per-round ratios.
 *
 *   node dist/bench/model-runner.js [--no-write]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../suites/listeners/ports.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { waitForOk } from '../suites/targets/wait-ready.js';
import { type Base, type Load, load, loadFor, send } from './http-load.js';
import { CLOCK_TICKS, cpuTicks } from './process-cpu.js';
import { writeResultsSection } from './results-section.js';
import { median } from './stats.js';

const WRITE = !process.argv.includes('--no-write');
const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url));
const CLIENTS = 64;
const ROUNDS = 5;
const WARM_MS = 300;
const WINDOW_MS = 1_500;
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

interface Row {
  readonly label: string;
  readonly path: string;
  readonly body: unknown;
  readonly method: string;
  /** Measured by time (closed loop for WINDOW_MS) or by a count of requests. */
  readonly count?: number;
  readonly clients: number;
}

const ROWS: readonly Row[] = [
  { label: 'chat completion, whole', path: '/engines/v1/chat/completions', body: CHAT, method: 'POST', clients: CLIENTS },
  { label: 'chat completion, streamed', path: '/engines/v1/chat/completions', body: { ...CHAT, stream: true }, method: 'POST', clients: CLIENTS },
  { label: `GET /models (${LIST_MODELS} models)`, path: '/models', body: undefined, method: 'GET', count: LIST_REQUESTS, clients: 1 },
];

interface Server {
  /** Which column of the table it fills. */
  readonly name: 'sim' | 'bare';
  readonly base: Base;
  readonly pid: number | undefined;
}

interface Sample extends Load {
  /** The server's user + system CPU per answer, µs; undefined when /proc could not be read. */
  readonly cpuPerAnswer: number | undefined;
  readonly answers: number;
}

async function measure(server: Server, row: Row): Promise<Sample> {
  const before = cpuTicks(server.pid);
  const result =
    row.count === undefined
      ? await loadFor(server.base, row.clients, WINDOW_MS, row.path, row.body, row.method)
      : await load(server.base, row.clients, row.count, row.path, row.body, row.method);
  const after = cpuTicks(server.pid);
  const cpuPerAnswer = before === undefined || after === undefined ? undefined : ((after - before) / CLOCK_TICKS / result.answers) * 1e6;
  return { ...result, cpuPerAnswer };
}

/** Starts the bare server with the canned bodies; resolves once it answers. */
async function startBare(bodies: { chat: string; stream: string; models: string }, dir: string): Promise<{ server: Server; stop: () => void }> {
  const file = join(dir, 'canned.json');
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(process.execPath, [BARE_SERVER, '-H', `tcp://127.0.0.1:${port}`, '--canned', file], { stdio: 'ignore' });
  const stop = (): void => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const ready = await waitForOk({ kind: 'tcp', host: '127.0.0.1', port }, '/models', () => child.exitCode !== null, 10_000);
  if (ready !== 'ready') {
    stop();
    throw new Error(`the bare server did not answer GET /models within 10 s (${ready})`);
  }
  return { server: { name: 'bare', base: { port, agent: new Agent({ keepAlive: true, maxSockets: CLIENTS }) }, pid: child.pid }, stop };
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const us = (value: number | undefined): string => (value === undefined ? '–' : `${value.toFixed(1)} µs`);
const defined = (values: readonly (number | undefined)[]): number[] => values.filter((v): v is number => v !== undefined && Number.isFinite(v));

async function main(): Promise<void> {
  const target = new SpawnedDaemonTarget({
    spec: 'sim-process',
    command: [process.execPath, SIM_BIN],
    fixedArgs: ['--model-registry', 'any'],
    modelRunner: true,
  });
  const started = await target.start({});
  if (!started.ok) throw new Error(`ctrd-sim did not start: ${started.output}`);
  const tcp = started.instance.endpoints.modelRunnerService?.tcp;
  if (tcp?.kind !== 'tcp') throw new Error('ctrd-sim names no model runner address');
  const sim: Server = { name: 'sim', base: { port: tcp.port, agent: new Agent({ keepAlive: true, maxSockets: CLIENTS }) }, pid: started.instance.pid };
  const dir = mkdtempSync(join(tmpdir(), 'ctc-bench-mr-'));
  let stopBare = (): void => {};
  try {
    await send(sim.base, 'POST', '/models/create', { from: MODEL });
    const chat = (await send(sim.base, 'POST', '/engines/v1/chat/completions', CHAT)).text;
    const stream = (await send(sim.base, 'POST', '/engines/v1/chat/completions', { ...CHAT, stream: true })).text;
    for (let i = 0; i < LIST_MODELS - 1; i++) await send(sim.base, 'POST', '/models/create', { from: `bench/m${i}` });
    const models = (await send(sim.base, 'GET', '/models')).text;
    const bare = await startBare({ chat, stream, models }, dir);
    stopBare = bare.stop;

    // samples[row][server][round]
    const samples = ROWS.map(() => ({ sim: [] as Sample[], bare: [] as Sample[] }));
    for (const row of ROWS) {
      // Warm-up of both (connections made, code optimised) before any round counts.
      for (const server of [sim, bare.server]) await loadFor(server.base, row.clients, WARM_MS, row.path, row.body, row.method);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, row] of ROWS.entries()) {
        const order = round % 2 === 0 ? [sim, bare.server] : [bare.server, sim];
        for (const server of order) samples[k]![server.name].push(await measure(server, row));
      }
    }

    const rowLines = ROWS.map((row, k) => {
      const { sim: s, bare: b } = samples[k]!;
      const rps = median(s.map((x, i) => x.perSecond / b[i]!.perSecond));
      const cpu = defined(
        s.map((x, i) => (x.cpuPerAnswer === undefined || b[i]!.cpuPerAnswer === undefined ? undefined : b[i]!.cpuPerAnswer! / x.cpuPerAnswer)),
      );
      return {
        row,
        rpsShare: 100 * rps,
        cpuShare: cpu.length === 0 ? undefined : 100 * median(cpu),
        text: `| ${row.label} | ${ms(median(s.map((x) => x.p50)))} | ${ms(median(s.map((x) => x.p99)))} | ${median(s.map((x) => x.perSecond)).toFixed(0)} | ${us(median(defined(s.map((x) => x.cpuPerAnswer))))} | ${ms(median(b.map((x) => x.p50)))} | ${ms(median(b.map((x) => x.p99)))} | ${median(b.map((x) => x.perSecond)).toFixed(0)} | ${us(median(defined(b.map((x) => x.cpuPerAnswer))))} | ${(100 * rps).toFixed(0)} % | ${cpu.length === 0 ? '–' : `${(100 * median(cpu)).toFixed(0)} %`} |`,
      };
    });
    const chatRows = rowLines.filter(({ row }) => row.label.startsWith('chat'));
    const chatShare = Math.min(...chatRows.map((r) => r.rpsShare));
    const chatCpuShare = Math.min(...chatRows.map((r) => r.cpuShare ?? Number.NaN));
    const spread = (values: number[]): string => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
    const lines = [
      '## 6. Model runner',
      '',
      'ctrd-sim as a process (`--model-runner-tcp 0`) against a bare node:http server in a process of its own answering the same bodies, canned (the ceiling: no routing, checks, store or engine; bench/bare-server.ts --canned).',
      `Chat: ${CLIENTS} closed-loop keep-alive clients over TCP for ${WINDOW_MS} ms per round, max_tokens 32 (streamed: one event per token); GET /models: ${LIST_REQUESTS} requests from one client with ${LIST_MODELS} models in the store (a ${(models.length / 1024).toFixed(0)} KiB answer).`,
      `One warm-up, then ${ROUNDS} rounds interleaving the two servers (the order alternating); figures are medians over the rounds, ratios medians of per-round ratios. "CPU/answer": the server process's user + system CPU per answer (/proc/PID/stat); "of bare, CPU" = bare's CPU per answer ÷ ctrd-sim's, the req/s ratio both would reach when CPU-bound (less sensitive to a busy machine than req/s).`,
      '',
      '| what | ctrd-sim p50 | p99 | req/s | CPU/answer | bare p50 | p99 | req/s | CPU/answer | of bare, req/s | of bare, CPU |',
      '|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...rowLines.map((r) => r.text),
      '',
      `- chat, ctrd-sim / bare (the lower of the two chat rows, median of per-round req/s ratios): **${chatShare.toFixed(0)} %**; goal (issue 20) ≥ ${GOAL_CHAT_SHARE} %: **${chatShare >= GOAL_CHAT_SHARE ? 'met' : 'NOT met'}**; by CPU per answer: ${Number.isFinite(chatCpuShare) ? `${chatCpuShare.toFixed(0)} %` : 'not read'}`,
      `- Noise: the bare server's chat req/s ranged ${spread(samples[0]!.bare.map((x) => x.perSecond))} (whole) and ${spread(samples[1]!.bare.map((x) => x.perSecond))} (streamed) over the rounds`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (WRITE) writeResultsSection('## 6. Model runner', lines);
  } finally {
    stopBare();
    rmSync(dir, { recursive: true, force: true });
    await started.instance.stop();
  }
}

await main();
