/**
 * Benchmark (not a test): how fast the CLI answers, in one run, against `node -e 0`.
 *
 *   node dist/bench/cli-startup.js [--skip-real] [--no-write] [--quick]
 *
 * Interleaved rounds of: `node -e 0` (spawn → exit), `ctr-conformance --help`, `rules`, `rules --json`
 * and a one-rule run on the in-process simulator (spawn → exit, output discarded), the same commands
 * through tsc's modules unbundled (dist/cli/ctr-conformance.unbundled.js: the CLI before scripts/bundle-cli.mjs), a bare
 * node http server, ctrd-sim and dockerd 28.5 from spawn to the first `GET /_ping` answered 200 on
 * their unix socket (bench/cold-start.ts: the project's safety flags, private directories, stopped
 * by PID). The node processes that exit also report the CPU they used (user + system). Every
 * process gets the same small environment (PATH, HOME, LANG, TMPDIR: no NODE_OPTIONS, no
 * NODE_EXTRA_CA_CERTS), so the floor is the floor of each.
 * Writes section 11 of bench/RESULTS.md unless --no-write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { daemonEnvironment } from '../suites/targets/process/safety.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { coldStart, GOAL_COLD_RATIO, measureInterleaved, type Series, runBenchmark, stopOnSignals, timedRun } from './cold-start.js';
import { coldStartReading } from './cold-start-reading.js';
import { writeResultsSection } from './results-section.js';
import { median } from './stats.js';

const argv = new Set(process.argv.slice(2));
for (const flag of argv) {
  if (!['--skip-real', '--no-write', '--quick'].includes(flag)) {
    process.stderr.write(`bench: unknown option ${flag}\nusage: node dist/bench/cli-startup.js [--skip-real] [--no-write] [--quick]\n`);
    process.exit(2);
  }
}
const WRITE = !argv.has('--no-write');
const RUNS = argv.has('--quick') ? 5 : 15;
const HEADING = '## 11. A CLI that answers at once';
const REFERENCE_RELEASE = '28.5';
/** `--help` and `rules` answer within this much wall time above `node -e 0`. */
const GOAL_ABOVE_FLOOR_MS = 150;

const CLI = fileURLToPath(new URL('../cli/ctr-conformance.js', import.meta.url));
/** The same program from tsc's modules, one by one (the entry as tsc compiles it, which the binary itself runs for the commands that load no module of their own): what the CLI cost before it was bundled. */
const UNBUNDLED = fileURLToPath(new URL('../cli/ctr-conformance.unbundled.js', import.meta.url));
/** The rule of the run rows: one cell, on the in-process simulator (most CLI runs of the tests are small runs on it). */
const RUN_RULE = 'api.ping';
/**
 * A node process that only answers on the daemon's socket (`node -e … -- <daemon flags>`), timed as
 * the daemons are: the floor of any daemon node runs, for reading ctrd-sim's row. Asked `--help`
 * (knowsIp6tables), it exits.
 */
const BARE_HTTP = "const a=process.argv,i=a.indexOf('-H');if(i<0)process.exit(0);require('node:http').createServer((q,r)=>r.end('OK')).listen(a[i+1].slice(7))";
const env = daemonEnvironment();

/** dockerd 28.5, or why it is not measured. */
function referenceDaemon(): { path?: string; why?: string } {
  if (argv.has('--skip-real')) return { why: '--skip-real given' };
  if (process.getuid?.() !== 0) return { why: `not running as root (uid ${process.getuid?.()}): dockerd cannot start` };
  const { daemons, problems } = provisionedDaemons();
  const found = daemons.find((d) => d.release === REFERENCE_RELEASE);
  return found === undefined ? { why: problems[0] ?? `dockerd ${REFERENCE_RELEASE} not provisioned` } : { path: found.path };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const series = (label: string, what: string, measure: () => Promise<number>): Series => ({ label, what, runs: RUNS, measure, samples: [] });

/** CPU (user + system, ms) each node row's processes reported, by label; the first is the discarded warm-up's. */
const cpu = new Map<string, number[]>();
const cpuMedian = (label: string): number | undefined => {
  const samples = cpu.get(label)?.slice(1) ?? [];
  return samples.length === 0 ? undefined : median(samples);
};
/** A node process run to its exit, its wall time the sample and its CPU kept beside. */
const exitSeries = (label: string, args: () => readonly string[]): Series =>
  series(label, 'spawn → exit', () =>
    timedRun(args(), env, (used) => {
      if (!cpu.has(label)) cpu.set(label, []);
      cpu.get(label)!.push(used);
    }),
  );
const reports = mkdtempSync(join(tmpdir(), 'ctc-bench-cli-'));
let runs = 0;
const runArgs = (entry: string) => (): readonly string[] => [
  entry,
  'run',
  '--target',
  'sim',
  '--only',
  RUN_RULE,
  '--out',
  join(reports, `run-${runs++}`),
  '-q',
];

async function main(): Promise<void> {
  stopOnSignals();
  const dockerd = referenceDaemon();
  const load = loadavg();
  process.stdout.write(
    `CLI and cold-start benchmark: ${RUNS} interleaved rounds, node ${process.version}, ${cpus().length} cores, load ${load.map((v) => v.toFixed(2)).join(' ')}\n`,
  );
  if (dockerd.why !== undefined) process.stdout.write(`note: dockerd ${REFERENCE_RELEASE} not measured: ${dockerd.why}\n`);
  const all: Series[] = [
    exitSeries('node -e 0', () => ['-e', '0']),
    exitSeries('ctr-conformance --help', () => [CLI, '--help']),
    exitSeries('ctr-conformance rules', () => [CLI, 'rules']),
    exitSeries('ctr-conformance rules --json', () => [CLI, 'rules', '--json']),
    exitSeries(`ctr-conformance run --only ${RUN_RULE}`, runArgs(CLI)),
    exitSeries('unbundled --help', () => [UNBUNDLED, '--help']),
    exitSeries('unbundled rules', () => [UNBUNDLED, 'rules']),
    exitSeries(`unbundled run --only ${RUN_RULE}`, runArgs(UNBUNDLED)),
    series('node http server (bare)', 'spawn → /_ping 200', () => coldStart([process.execPath, '-e', BARE_HTTP, '--'], env)),
    series('ctrd-sim', 'spawn → /_ping 200', () => coldStart([process.execPath, SIM_BIN], env)),
    ...(dockerd.path === undefined ? [] : [series(`dockerd ${REFERENCE_RELEASE}`, 'spawn → /_ping 200', () => coldStart([dockerd.path!], env))]),
  ];
  try {
    await measureInterleaved(all);
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }

  const med = (label: string): number | undefined => {
    const s = all.find((x) => x.label === label);
    return s === undefined || s.samples.length === 0 ? undefined : median(s.samples);
  };
  const floor = med('node -e 0');
  const cpuFloor = cpuMedian('node -e 0');
  const rows = all.map((s) => {
    if (s.samples.length === 0) return `| ${s.label} | ${s.what} | 0 | failed | | | | | ${s.error ?? 'no sample'} |`;
    const m = median(s.samples);
    const isFloor = s.label === 'node -e 0';
    const above = floor === undefined || isFloor ? '' : `+${ms(m - floor)}`;
    const used = cpuMedian(s.label);
    const usedAbove = used === undefined || cpuFloor === undefined || isFloor ? '' : `+${ms(used - cpuFloor)}`;
    return `| ${s.label} | ${s.what} | ${s.samples.length} | ${ms(m)} | ${ms(Math.min(...s.samples))} | ${ms(Math.max(...s.samples))} | ${above} | ${used === undefined ? '' : ms(used)} | ${usedAbove} |`;
  });
  const verdict = (met: boolean | undefined): string => (met === undefined ? 'not judged' : met ? '**met**' : '**NOT met**');
  const goals: string[] = [];
  for (const label of ['ctr-conformance --help', 'ctr-conformance rules', 'ctr-conformance rules --json']) {
    const m = med(label);
    const above = m === undefined || floor === undefined ? undefined : m - floor;
    goals.push(
      `- \`${label.replace('ctr-conformance ', '')}\`: ${above === undefined ? 'not measured' : `+${ms(above)}`} above \`node -e 0\`; goal < ${GOAL_ABOVE_FLOOR_MS} ms: ${verdict(above === undefined ? undefined : above < GOAL_ABOVE_FLOOR_MS)}`,
    );
  }
  for (const [binary, unbundled] of [
    ['ctr-conformance --help', 'unbundled --help'],
    ['ctr-conformance rules', 'unbundled rules'],
    [`ctr-conformance run --only ${RUN_RULE}`, `unbundled run --only ${RUN_RULE}`],
  ] as const) {
    const [now, before] = [cpuMedian(binary), cpuMedian(unbundled)];
    goals.push(
      `- CPU of \`${binary.replace('ctr-conformance ', '')}\`, ctr-conformance.js / the unbundled entry: ${now === undefined || before === undefined ? 'not measured' : `${ms(now)} / ${ms(before)} (${now <= before ? `${ms(before - now)} less` : `${ms(now - before)} more`})`}`,
    );
  }
  const sim = med('ctrd-sim');
  const ref = med(`dockerd ${REFERENCE_RELEASE}`);
  const ratio = sim === undefined || ref === undefined ? undefined : sim / ref;
  goals.push(
    `- ctrd-sim / dockerd ${REFERENCE_RELEASE} cold start, medians: ${ratio === undefined ? `not measured (${dockerd.why ?? 'a series failed'})` : `**${ratio.toFixed(2)}×**`}; goal ≤ ${GOAL_COLD_RATIO}×: ${verdict(ratio === undefined ? undefined : ratio <= GOAL_COLD_RATIO)}`,
  );
  const samplesOf = (label: string): readonly number[] => all.find((x) => x.label === label)?.samples ?? [];
  goals.push(
    ...coldStartReading({
      sim: samplesOf('ctrd-sim'),
      bare: samplesOf('node http server (bare)'),
      reference: samplesOf(`dockerd ${REFERENCE_RELEASE}`),
      referenceLabel: `dockerd ${REFERENCE_RELEASE}`,
      goal: GOAL_COLD_RATIO,
    }),
  );
  const lines = [
    HEADING,
    '',
    `Written by bench/cli-startup.ts (${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average at start ${load.map((v) => v.toFixed(2)).join(' ')}).`,
    `${RUNS} rounds interleaved across the rows after one discarded warm-up run each; every process gets the same environment (PATH, HOME, LANG, TMPDIR: no NODE_EXTRA_CA_CERTS).`,
    'The CLI rows run `node dist/cli/ctr-conformance.js …` (the bundle of scripts/bundle-cli.mjs) to its exit (output discarded); the "unbundled" rows run the same program from',
    "tsc's modules one by one (`node dist/cli/ctr-conformance.unbundled.js …`: the CLI before the bundle; the binary itself goes that way for `--help`, `--version` and `rules`). The run rows are `run --target sim --only " +
      RUN_RULE +
      ' --out DIR -q`.',
    'Every node process that exits reports the CPU it used up to its `exit` event (user + system of all its threads, `process.cpuUsage()`, through a preloaded file that every row',
    "loads alike); node's teardown after that event is not counted, so these figures are some 30 ms below what `time` reports for the same process.",
    'The daemons are timed from just before `spawn()` to the first',
    '`GET /_ping` answered 200 on their unix socket (polled every 1 ms), with the safety flags of section 1, and stopped by PID before the next start.',
    'The bare node http server (`node -e` creating an http server that answers every request, nothing else) is timed as the daemons are: the floor of any daemon node runs.',
    '',
    '| command | measured | runs | median | min | max | above `node -e 0` | CPU (median) | CPU above `node -e 0` |',
    '|:--|:--|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
    ...goals,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  if (WRITE) writeResultsSection(HEADING, lines);
}

runBenchmark(main);
