/**
 * Benchmark section 9 (not a test): the daemon's /_ping while the model runner it hosts answers
 * its heaviest requests (issue 22, "the model runner bounds its work"). ctrd-sim as a process; a
 * second client sends GET /_ping on the daemon socket every 10 ms, idle and while one heavy
 * request at a time is answered; the worst and p99 latency of /_ping, counted from when each ping
 * was due. The same with `--fault mr.inference.fairness` (the work done in one go) for contrast.
 *
 *   node dist/bench/model-runner-load.js [--no-write]
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { writeResultsSection } from './results-section.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { figures, type Figures, PING_EVERY_MS, pingWhile, send } from './daemon-probe.js';

const WRITE = !process.argv.includes('--no-write');
const IDLE_MS = 3_000;
const ROUNDS = 3;
const MODEL = 'ai/smollm2:135M-Q4_K_M';

const HEAVY: readonly { readonly label: string; readonly path: string; readonly body: unknown }[] = [
  {
    label: 'text completion, 32 prompts × n 128 (4 096 choices, the bound)',
    path: '/engines/v1/completions',
    body: { model: MODEL, prompt: Array.from({ length: 32 }, (_, i) => `p${i}`), n: 128 },
  },
  {
    label: 'the same, streamed (about 26 MB of events)',
    path: '/engines/v1/completions',
    body: { model: MODEL, prompt: Array.from({ length: 32 }, (_, i) => `p${i}`), n: 128, stream: true },
  },
  {
    label: 'embeddings, 2 048 inputs × 1 024 dimensions (about 44 MB, the bound)',
    path: '/engines/v1/embeddings',
    body: { model: MODEL, input: Array.from({ length: 2048 }, (_, i) => `w${i}`), dimensions: 1024 },
  },
  {
    label: 'refused: 30 000 prompts × n 128 (about 100 KB)',
    path: '/engines/v1/completions',
    body: { model: MODEL, prompt: Array.from({ length: 30_000 }, (_, i) => `p${i}`), n: 128 },
  },
  {
    label: 'refused: embeddings, 2 048 inputs × 4 096 dimensions',
    path: '/engines/v1/embeddings',
    body: { model: MODEL, input: Array.from({ length: 2048 }, (_, i) => `w${i}`), dimensions: 4096 },
  },
];

async function measure(fault: boolean): Promise<[string, Figures][]> {
  const target = new SpawnedDaemonTarget({
    spec: 'sim-process',
    command: [process.execPath, SIM_BIN],
    modelRunner: true,
    ...(fault ? { fixedArgs: ['--fault', 'mr.inference.fairness'] } : {}),
  });
  const started = await target.start({});
  if (!started.ok) throw new Error(`ctrd-sim did not start: ${started.output}`);
  const { daemon } = started.instance.endpoints;
  const tcp = started.instance.endpoints.modelRunnerService?.tcp;
  if (daemon === undefined || tcp?.kind !== 'tcp') throw new Error('ctrd-sim names no daemon or model runner address');
  const agent = new Agent({ keepAlive: true });
  try {
    await send(tcp, agent, 'POST', '/models/create', { from: MODEL });
    const rows: [string, Figures][] = [
      ['idle', figures(await pingWhile(daemon, new Promise((resolve) => setTimeout(resolve, IDLE_MS))), `${(IDLE_MS / 1000).toFixed(0)} s`)],
    ];
    for (const heavy of HEAVY) {
      const latencies: number[] = [];
      const took: number[] = [];
      let answer = { status: 0, bytes: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now();
        const sent = send(tcp, agent, 'POST', heavy.path, heavy.body);
        latencies.push(...(await pingWhile(daemon, sent)));
        answer = await sent;
        took.push(performance.now() - start);
      }
      rows.push([
        heavy.label,
        figures(
          latencies,
          `${answer.status}, ${(answer.bytes / 1024 / 1024).toFixed(1)} MB in ${(took.reduce((a, b) => a + b, 0) / took.length / 1000).toFixed(2)} s`,
        ),
      ]);
    }
    return rows;
  } finally {
    agent.destroy();
    await started.instance.stop();
  }
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const fair = await measure(false);
  const whole = await measure(true);
  const lines = [
    "## 9. The daemon under the model runner's heaviest requests",
    '',
    `ctrd-sim as a process (\`--model-runner-tcp 0\`): GET /_ping on the daemon socket every ${PING_EVERY_MS} ms, idle for ${IDLE_MS / 1000} s and while one heavy request at a time is answered over the runner's TCP port (${ROUNDS} rounds each); each ping's latency counted from when it was due. The heavy requests are the heaviest the runner allows (simulator/model-runner/limits.ts) and two the issue names, now refused. "whole": the same with \`--fault mr.inference.fairness\` (every prompt generated and every embedding serialised in one go), what ctrd-sim did before.`,
    '',
    "The fault leaves the bounds and the stream's flow control in place: the refused rows are refused in both columns, and the streamed row differs only by noise. Before this change the 30 000 × n 128 request was answered (3.8 million choices: tens of seconds of one event loop and gigabytes) and the 2 048 × 4 096 embeddings took 179 MB in one string. Measured on the shared two-core machine with other work running: single pings of 100–300 ms appear in every column, idle included.",
    '',
    '| while | answer (status, size, time) | /_ping p50 | p99 | worst | pings | whole: p99 | worst |',
    '|:--|:--|--:|--:|--:|--:|--:|--:|',
    ...fair.map(([label, f], i) => {
      const w = whole[i]![1];
      return `| ${label} | ${f.note} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.worst)} | ${f.pings} | ${ms(w.p99)} | ${ms(w.worst)} |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (WRITE) writeResultsSection(lines[0]!, lines);
}

await main();
