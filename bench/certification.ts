/**
 * Benchmark (not a test): what a vendor waits for, per target, in one run: `certify` (the whole
 * catalogue at the default depth, every exchange recorded), where its time goes (the wall time of
 * each area, the exchanges recorded), `verify` of the bundle it wrote, and a run split over four
 * processes (`run --shard K/4`, side by side) against the same run in one.
 *
 *   node dist/bench/certification.js [--skip-real] [--no-write] [--target SPEC]...
 *
 * Targets: ctrd-sim (in-process, its default release), dockerd 28.5 and Podman 5.4 where provisioned
 * (or those given with --target). Each command is the CLI a user types, a child process with its
 * output piped (the line progress on standard error: an "area … begins" line is when that area's cells began).
 * Podman is not sharded: its service keeps state under one root, so four side by side would measure
 * contention, not the split. Writes section 14 of bench/RESULTS.md unless --no-write.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { provisionedPodmans } from '../suites/targets/podman/provisioned-podman.js';
import { readTranscript } from '../suites/targets/transcript.js';
import { writeResultsSection } from './results-section.js';

const HEADING = '## 14. Certifying a daemon';
const CLI = fileURLToPath(new URL('../cli/ctr-conformance.js', import.meta.url));
/** Issue 38's goals: a certification of dockerd 28.5 or Podman 5.4, a verify, a four-way split. */
const GOAL_CERTIFY_S = 180;
const GOAL_VERIFY_S = 10;
const GOAL_SHARD_SPEEDUP = 3;
const SHARDS = 4;
/** One seed for every command, so that the split run is the certification's run. */
const SEED = '20261205';
/** No command of the benchmark may run longer (a Podman certification took 9.4 minutes once). */
const DEADLINE_MS = 30 * 60_000;
/** What the benchmark keeps of a command's output: its progress lines and the end. */
const OUTPUT_LIMIT = 1 << 20;

const argv = process.argv.slice(2);
const usage = 'usage: node dist/bench/certification.js [--skip-real] [--no-write] [--target SPEC]...';
const given: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i]!;
  if (flag === '--target' && argv[i + 1] !== undefined) given.push(argv[++i]!);
  else if (flag !== '--skip-real' && flag !== '--no-write') {
    process.stderr.write(`bench: unknown option ${flag}\n${usage}\n`);
    process.exit(2);
  }
}
const WRITE = !argv.includes('--no-write');

interface BenchTarget {
  readonly label: string;
  readonly spec: string;
  readonly extra: readonly string[];
  /** Why its run is not split (undefined: it is). */
  readonly noShard?: string;
}

function targets(): { list: BenchTarget[]; notes: string[] } {
  if (given.length > 0) return { list: given.map((spec) => ({ label: spec, spec, extra: [] })), notes: [] };
  const list: BenchTarget[] = [{ label: 'ctrd-sim (in-process, default release)', spec: 'sim', extra: [] }];
  const notes: string[] = [];
  if (argv.includes('--skip-real')) return { list, notes: ['real targets: --skip-real given'] };
  const daemon = provisionedDaemons().daemons.find((d) => d.release === '28.5');
  if (daemon === undefined) notes.push('dockerd 28.5: not provisioned (scripts/provision.sh)');
  else list.push({ label: 'dockerd 28.5', spec: `daemon:${daemon.path}`, extra: ['--profile', 'docker'] });
  if (provisionedPodmans().some((p) => p.release === '5.4'))
    list.push({ label: 'Podman 5.4', spec: 'podman@5.4', extra: ['--profile', 'docker'], noShard: 'one service root: side by side measures contention' });
  else notes.push('Podman 5.4: not provisioned (scripts/provision.sh)');
  return { list, notes };
}

interface Finished {
  readonly code: number | null;
  readonly seconds: number;
  /** Seconds since the command started at which each area's first cell was reported. */
  readonly areas: ReadonlyMap<string, number>;
  readonly tail: string;
}

/** Runs the CLI to its end (or the deadline: SIGTERM, then the result says so). */
function cli(args: readonly string[]): Promise<Finished> {
  return new Promise((resolve) => {
    const begin = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: DEADLINE_MS });
    const areas = new Map<string, number>();
    let text = '';
    let pending = '';
    const keep = (chunk: Buffer): void => {
      if (text.length < OUTPUT_LIMIT) text += chunk.toString('utf8');
      else text = text.slice(-OUTPUT_LIMIT / 2) + chunk.toString('utf8');
    };
    // The progress lines come on standard error.
    child.stderr.on('data', (chunk: Buffer) => {
      keep(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const area = /; area (\S+) begins/.exec(line)?.[1];
        if (area !== undefined && !areas.has(area)) areas.set(area, (performance.now() - begin) / 1000);
      }
    });
    child.stdout.on('data', keep);
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - begin) / 1000, areas, tail: text.slice(-2000) }));
  });
}

/** Each area's share of the run: from its first cell to the next area's (the last: to the run's end). */
function areaSpans(areas: ReadonlyMap<string, number>, end: number): string {
  const sorted = [...areas].sort((a, b) => a[1] - b[1]);
  return sorted.map(([area, at], i) => `${area} ${((sorted[i + 1]?.[1] ?? end) - at).toFixed(0)} s`).join(', ');
}

const s = (seconds: number): string => `${seconds.toFixed(1)} s`;
const lastLine = (text: string, pattern: RegExp): string =>
  text
    .split('\n')
    .filter((line) => pattern.test(line))
    .pop() ?? '';

interface Row {
  readonly label: string;
  certify?: Finished;
  exchanges?: number;
  verify?: Finished;
  one?: Finished;
  split?: { seconds: number; codes: (number | null)[] };
  readonly noShard?: string;
}

async function measure(target: BenchTarget, work: string): Promise<Row> {
  const row: Row = { label: target.label, ...(target.noShard === undefined ? {} : { noShard: target.noShard }) };
  const bundle = join(work, 'bundle');
  process.stderr.write(`bench: certify ${target.spec}\n`);
  row.certify = await cli(['certify', '--target', target.spec, ...target.extra, '--seed', SEED, '--out', bundle]);
  if (row.certify.code !== 0 && row.certify.code !== 1) return row;
  row.exchanges = readTranscript(join(bundle, 'transcript.json.gz')).exchanges.length;
  process.stderr.write(`bench: verify the bundle of ${target.spec}\n`);
  row.verify = await cli(['verify', bundle]);
  if (target.noShard !== undefined) return row;
  // The same run (the certification's seed and depth, no recording) in one process, then in four side by side.
  const run = (extra: readonly string[], out: string): Promise<Finished> =>
    cli(['run', '--target', target.spec, ...target.extra, '--seed', SEED, '-q', '--out', join(work, out), ...extra]);
  process.stderr.write(`bench: run ${target.spec} in one process, then in ${SHARDS}\n`);
  row.one = await run([], 'one');
  const begin = performance.now();
  const parts = await Promise.all(Array.from({ length: SHARDS }, (_, k) => run(['--shard', `${k + 1}/${SHARDS}`], `shard-${k + 1}`)));
  row.split = { seconds: (performance.now() - begin) / 1000, codes: parts.map((p) => p.code) };
  return row;
}

function section(rows: readonly Row[], notes: readonly string[], startedAt: Date, load: readonly number[]): string[] {
  const table = rows.map((row) => {
    const c = row.certify;
    const speedup = row.one !== undefined && row.split !== undefined ? row.one.seconds / row.split.seconds : undefined;
    return `| ${row.label} | ${c === undefined ? '–' : `${s(c.seconds)} (exit ${c.code})`} | ${row.exchanges ?? '–'} | ${
      row.verify === undefined ? '–' : `${s(row.verify.seconds)} (exit ${row.verify.code})`
    } | ${row.one === undefined ? '–' : s(row.one.seconds)} | ${row.split === undefined ? (row.noShard ?? '–') : s(row.split.seconds)} | ${
      speedup === undefined ? '–' : `${speedup.toFixed(2)}×`
    } |`;
  });
  const where = rows
    .filter((row) => row.certify !== undefined)
    .map((row) => `- ${row.label}: ${areaSpans(row.certify!.areas, row.certify!.seconds)}; ${lastLine(row.certify!.tail, /CERTIFIED/)}`);
  const real = rows.filter((row) => row.label !== rows[0]?.label);
  const goal = (met: boolean): string => (met ? 'met' : '**NOT met**');
  const certifyGoal = real.map((row) => `${row.label}: ${row.certify === undefined ? 'not run' : goal(row.certify.seconds < GOAL_CERTIFY_S)}`);
  const verifyGoal = rows.map((row) => `${row.label}: ${row.verify === undefined ? 'not run' : goal(row.verify.seconds < GOAL_VERIFY_S)}`);
  const shardGoal = rows
    .filter((row) => row.split !== undefined)
    .map((row) => `${row.label}: ${goal(row.one!.seconds / row.split!.seconds >= GOAL_SHARD_SPEEDUP)}`);
  return [
    HEADING,
    '',
    `Written by bench/certification.ts on ${startedAt.toISOString()}: node ${process.version}, ${cpus().length} cores, load average at start ${load
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}. Each command is the CLI as a user types it, its output piped. \`certify\` at its default depth (100 cases a property on the simulator, 15 on daemons), then \`verify\` of its bundle; then \`run\` at the certification's seed in one process and in ${SHARDS} (\`--shard K/${SHARDS}\`) side by side.`,
    '',
    `| target | certify | exchanges recorded | verify | run, one process | run, ${SHARDS} processes | speed-up |`,
    '|:--|--:|--:|--:|--:|--:|--:|',
    ...table,
    '',
    "Where a certification's time goes (wall time from each area's first cell to the next area's: the areas that start daemons of their own are daemon-config, listeners and reload):",
    '',
    ...where,
    ...notes.map((note) => `- not measured: ${note}`),
    '',
    `Goals (issue 38): a certification of dockerd 28.5 or Podman 5.4 under ${GOAL_CERTIFY_S / 60} minutes (${certifyGoal.join('; ') || 'no real target'}); \`verify\` under ${GOAL_VERIFY_S} s (${verifyGoal.join('; ')}); ${SHARDS} shards at least ${GOAL_SHARD_SPEEDUP}× faster than one process (${shardGoal.join('; ') || 'not run'}). On ${cpus().length} cores a run whose time is CPU can gain at most ${cpus().length}× from processes side by side.`,
  ];
}

const startedAt = new Date();
const load = loadavg();
const { list, notes } = targets();
const rows: Row[] = [];
for (const target of list) {
  const work = mkdtempSync(join(tmpdir(), 'ctc-bench-cert-'));
  try {
    rows.push(await measure(target, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
const lines = section(rows, notes, startedAt, load);
process.stdout.write(`${lines.join('\n')}\n`);
if (WRITE) writeResultsSection(HEADING, lines);
