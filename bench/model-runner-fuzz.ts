/**
 * Benchmark section 10 (not a test): the model runner under generated bad input (issue 22). ctrd-sim
 * as a process; CLIENTS clients send REQUESTS bodies from the suite's own generator of bad input
 * (suites/model-runner/bad-input-checks.ts: not JSON, wrong shapes and types, a lone surrogate, raw
 * bytes) with four content types to the inference and create paths over the runner's TCP port,
 * while a second client pings the daemon; the statuses, the throughput, the daemon's /_ping
 * latency and the process's memory before and after.
 *
 *   node dist/bench/model-runner-fuzz.js [--no-write]
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { badBody, INFERENCE_PATHS } from '../suites/model-runner/bad-input-checks.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { Endpoint } from '../suites/http/endpoint.js';
import { figures, PING_EVERY_MS, pingWhile, send } from './daemon-probe.js';
import { rssMiB } from './process-memory.js';
import { writeResultsSection } from './results-section.js';

const WRITE = !process.argv.includes('--no-write');
const REQUESTS = 5_000;
const CLIENTS = 8;
const SEED = 20261126;
const MODEL = 'ai/smollm2:latest';
const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', ''];

interface Case {
  readonly path: string;
  readonly body: string;
  readonly contentType: string;
}

const cases: readonly Case[] = fc.sample(
  fc.record({ path: fc.constantFrom(...INFERENCE_PATHS), body: badBody(MODEL), contentType: fc.constantFrom(...CONTENT_TYPES) }),
  { numRuns: REQUESTS, seed: SEED },
);

/** One bad request; its status (0: the connection ended without an answer). */
function sendRaw(where: Extract<Endpoint, { kind: 'tcp' }>, agent: Agent, bad: Case): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: where.host,
        port: where.port,
        method: 'POST',
        path: bad.path,
        agent,
        headers: { ...(bad.contentType === '' ? {} : { 'Content-Type': bad.contentType }), 'Content-Length': Buffer.byteLength(bad.body, 'latin1') },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(Buffer.from(bad.body, 'latin1'));
  });
}

async function main(): Promise<void> {
  const target = new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true });
  const started = await target.start({});
  if (!started.ok) throw new Error(`ctrd-sim did not start: ${started.output}`);
  const { daemon } = started.instance.endpoints;
  const tcp = started.instance.endpoints.modelRunnerService?.tcp;
  const pid = started.instance.pid;
  if (daemon === undefined || tcp?.kind !== 'tcp' || pid === undefined) throw new Error('ctrd-sim names no daemon, model runner address or pid');
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    await send(tcp, agent, 'POST', '/models/create', { from: MODEL });
    const rssBefore = rssMiB(pid);
    const statuses = new Map<string, number>();
    const queue = [...cases];
    const began = performance.now();
    const fuzz = Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let bad = queue.shift(); bad !== undefined; bad = queue.shift()) {
          const status = await sendRaw(tcp, agent, bad);
          const key = status === 0 ? 'no answer' : `${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    const pings = figures(await pingWhile(daemon, fuzz), '');
    const seconds = (performance.now() - began) / 1000;
    const rssAfter = rssMiB(pid);
    const stillServing = await send(tcp, agent, 'POST', '/engines/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    const serverErrors = [...statuses].filter(([status]) => status === 'no answer' || status.startsWith('5')).reduce((n, [, count]) => n + count, 0);
    const lines = [
      '## 10. The model runner under generated bad input',
      '',
      `ctrd-sim as a process: ${REQUESTS} bodies from the suite's own generator of bad input (mr.server.survives-bad-input: not JSON, JSON of the wrong shape, wrong types, a lone surrogate, raw bytes; seed ${SEED}), each with one of ${CONTENT_TYPES.length} content types, POSTed by ${CLIENTS} clients to ${INFERENCE_PATHS.join(', ')} over the runner's TCP port, while a second client pings the daemon socket every ${PING_EVERY_MS} ms.`,
      '',
      '| requests | per second | statuses | 5xx or no answer | daemon /_ping p99 | worst | runner RSS before → after | a valid chat afterwards |',
      '|--:|--:|:--|--:|--:|--:|:--|:--|',
      `| ${REQUESTS} | ${(REQUESTS / seconds).toFixed(0)} | ${[...statuses]
        .sort()
        .map(([status, count]) => `${status}: ${count}`)
        .join(
          ', ',
        )} | ${serverErrors} | ${pings.p99.toFixed(1)} ms | ${pings.worst.toFixed(1)} ms | ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB | ${stillServing.status} |`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (WRITE) writeResultsSection(lines[0]!, lines);
    if (serverErrors > 0 || stillServing.status !== 200) process.exitCode = 1;
  } finally {
    agent.destroy();
    await started.instance.stop();
  }
}

await main();
