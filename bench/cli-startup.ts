/**
 * Benchmark (not a test): how fast the two commands answer, in one run, against `node -e 0`.
 *
 *   node dist/bench/cli-startup.js [--skip-real] [--no-write] [--quick]
 *
 * Interleaved rounds of: `node -e 0` (spawn → exit), `ctr-conformance --help`, `rules` and
 * `rules --json` (spawn → exit, output discarded), a bare node http server, ctrd-sim and dockerd 28.5
 * from spawn to the first `GET /_ping` answered 200 on their unix socket (bench/cold-start.ts: the project's safety flags,
 * private directories, stopped by PID). Every process gets the same small environment (PATH, HOME,
 * LANG, TMPDIR: no NODE_OPTIONS, no NODE_EXTRA_CA_CERTS), so the floor is the floor of each.
 * Writes section 11 of bench/RESULTS.md unless --no-write.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SIM_BIN } from '../suites/targets/resolve.js';
import { daemonEnvironment } from '../suites/targets/process/safety.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { coldStart, GOAL_COLD_RATIO, measureInterleaved, nodeFloor, type Series, runBenchmark, stopOnSignals, timedRun } from './cold-start.js';
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

async function main(): Promise<void> {
  stopOnSignals();
  const dockerd = referenceDaemon();
  const load = loadavg();
  process.stdout.write(
    `CLI and cold-start benchmark: ${RUNS} interleaved rounds, node ${process.version}, ${cpus().length} cores, load ${load.map((v) => v.toFixed(2)).join(' ')}\n`,
  );
  if (dockerd.why !== undefined) process.stdout.write(`note: dockerd ${REFERENCE_RELEASE} not measured: ${dockerd.why}\n`);
  const all: Series[] = [
    series('node -e 0', 'spawn → exit', () => nodeFloor(env)),
    series('ctr-conformance --help', 'spawn → exit', () => timedRun([CLI, '--help'], env)),
    series('ctr-conformance rules', 'spawn → exit', () => timedRun([CLI, 'rules'], env)),
    series('ctr-conformance rules --json', 'spawn → exit', () => timedRun([CLI, 'rules', '--json'], env)),
    series('node http server (bare)', 'spawn → /_ping 200', () => coldStart([process.execPath, '-e', BARE_HTTP, '--'], env)),
    series('ctrd-sim', 'spawn → /_ping 200', () => coldStart([process.execPath, SIM_BIN], env)),
    ...(dockerd.path === undefined ? [] : [series(`dockerd ${REFERENCE_RELEASE}`, 'spawn → /_ping 200', () => coldStart([dockerd.path!], env))]),
  ];
  await measureInterleaved(all);

  const med = (label: string): number | undefined => {
    const s = all.find((x) => x.label === label);
    return s === undefined || s.samples.length === 0 ? undefined : median(s.samples);
  };
  const floor = med('node -e 0');
  const rows = all.map((s) => {
    if (s.samples.length === 0) return `| ${s.label} | ${s.what} | 0 | failed | | | ${s.error ?? 'no sample'} |`;
    const m = median(s.samples);
    const above = floor === undefined || s.label === 'node -e 0' ? '' : `+${ms(m - floor)}`;
    return `| ${s.label} | ${s.what} | ${s.samples.length} | ${ms(m)} | ${ms(Math.min(...s.samples))} | ${ms(Math.max(...s.samples))} | ${above} |`;
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
  const sim = med('ctrd-sim');
  const ref = med(`dockerd ${REFERENCE_RELEASE}`);
  const ratio = sim === undefined || ref === undefined ? undefined : sim / ref;
  goals.push(
    `- ctrd-sim / dockerd ${REFERENCE_RELEASE} cold start, medians: ${ratio === undefined ? `not measured (${dockerd.why ?? 'a series failed'})` : `**${ratio.toFixed(2)}×**`}; goal ≤ ${GOAL_COLD_RATIO}×: ${verdict(ratio === undefined ? undefined : ratio <= GOAL_COLD_RATIO)}`,
  );
  const lines = [
    HEADING,
    '',
    `Written by bench/cli-startup.ts (${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average at start ${load.map((v) => v.toFixed(2)).join(' ')}).`,
    `${RUNS} rounds interleaved across the rows after one discarded warm-up run each; every process gets the same environment (PATH, HOME, LANG, TMPDIR: no NODE_EXTRA_CA_CERTS).`,
    'The CLI rows run `node dist/cli/ctr-conformance.js …` to its exit (output discarded); the daemons are timed from just before `spawn()` to the first',
    '`GET /_ping` answered 200 on their unix socket (polled every 1 ms), with the safety flags of section 1, and stopped by PID before the next start.',
    'The bare node http server (`node -e` creating an http server that answers every request, nothing else) is timed as the daemons are: the floor of any daemon node runs.',
    '',
    '| command | measured | runs | median | min | max | above `node -e 0` |',
    '|:--|:--|--:|--:|--:|--:|--:|',
    ...rows,
    '',
    ...goals,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  if (WRITE) writeResultsSection(HEADING, lines);
}

runBenchmark(main);
