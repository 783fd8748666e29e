#!/usr/bin/env node
// The live side by side (issue 40): every implementation on this machine run on every rule it can
// carry, then `ctr-conformance compare` of their reports, like wpt.fyi's interop scores: per area, per
// rule, each cell linking to its evidence in the implementation's report.html.
//
//   node scripts/interop.mjs [--out DIR] [--docs] [--only-sim] [--num-runs N] [--only SELECTION]...
//
// Implementations, in this order: ctrd-sim emulating each observed release (the dockerd recordings
// of test/fixtures/transcripts), the dockerd releases provisioned by scripts/provision.sh (29.7 from
// its cache directory), and the provisioned Podman releases. Each runs alone, one after another, at
// its default depth (or --num-runs), on every rule (or --only's, as `run --only` reads them), with the same seed, every answer recorded for replay
// (DIR/recordings/<name>.json.gz: `run --target replay:FILE`). --only-sim runs the simulator's
// columns only (a check of the script in minutes). --docs also writes the page and its markdown
// summary into docs/interop/ (compare.html, README.md), the reports and recordings staying in DIR.
// Needs a build (`npm run interop` builds first). Exit 0 when every run and the comparison ended
// with a report (a rule failing is a result, not an error of the script), 1 otherwise.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist/cli/ctr-conformance.js');
const { provisionedDaemons, DAEMON_CACHE } = await import(join(root, 'dist/suites/targets/provisioned-daemons.js'));
const { provisionedPodmans } = await import(join(root, 'dist/suites/targets/podman/provisioned-podman.js'));

const SEED = '20261205';
/** No implementation's run may take longer (Podman 6.1's took 21.5 minutes on a busy machine). */
const RUN_DEADLINE_MS = 45 * 60_000;

function usage(problem) {
  console.error(`interop: ${problem}\nusage: node scripts/interop.mjs [--out DIR] [--docs] [--only-sim] [--num-runs N] [--only SELECTION]...`);
  process.exit(2);
}
const args = process.argv.slice(2);
let out = join(root, 'reports/interop');
let numRuns;
const only = [];
const flags = new Set();
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--out' || arg === '--num-runs' || arg === '--only') {
    const value = args[++i];
    if (value === undefined) usage(`${arg} needs a value`);
    if (arg === '--out') out = resolve(value);
    else if (arg === '--only') only.push('--only', value);
    else if (!/^[1-9]\d{0,5}$/.test(value)) usage(`--num-runs ${value}: a positive integer`);
    else numRuns = value;
  } else if (arg === '--docs' || arg === '--only-sim') flags.add(arg);
  else usage(`unknown option ${arg}`);
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Every implementation this machine has, each with the target and the profile it runs under. */
function implementations() {
  const observed = readdirSync(join(root, 'test/fixtures/transcripts'))
    .map((file) => /^dockerd-(\d+\.\d+)\.json\.gz$/.exec(file)?.[1])
    .filter((release) => release !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const list = observed.map((release) => ({ name: `ctrd-sim-${release}`, target: `sim@${release}`, profile: 'docker' }));
  if (flags.has('--only-sim')) return { list, missing: [] };
  const missing = [];
  const { daemons } = provisionedDaemons();
  for (const release of observed) {
    const listed = daemons.find((d) => d.release === release)?.path;
    // 29.7 is installed beside the listed ones but not listed (scripts/provision-daemons.sh says why).
    const path = listed ?? join(DAEMON_CACHE, release, 'dockerd');
    if (executable(path)) list.push({ name: `dockerd-${release}`, target: `daemon:${path}`, profile: 'docker' });
    else missing.push(`dockerd ${release} (scripts/provision.sh)`);
  }
  for (const podman of provisionedPodmans()) list.push({ name: `podman-${podman.release}`, target: `podman@${podman.release}`, profile: 'docker' });
  if (!list.some((i) => i.name.startsWith('podman-'))) missing.push('Podman (scripts/provision.sh)');
  return { list, missing };
}

/** Runs the CLI, its output shown; resolves with its exit code (a signal's name past the deadline). */
function ctr(argv) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...argv], { stdio: ['ignore', 'inherit', 'inherit'], timeout: RUN_DEADLINE_MS });
    child.on('close', (code, signal) => done(code ?? signal));
    child.on('error', () => done('spawn-error'));
  });
}

const began = Date.now();
const { list, missing } = implementations();
for (const what of missing) console.error(`interop: not on this machine, left out: ${what}`);
mkdirSync(join(out, 'recordings'), { recursive: true });
const runs = [];
let failed = false;
for (const impl of list) {
  const dir = join(out, impl.name);
  rmSync(dir, { recursive: true, force: true });
  const start = Date.now();
  const code = await ctr([
    'run',
    ...['--target', impl.target, '--profile', impl.profile, '--seed', SEED],
    ...(numRuns === undefined ? [] : ['--num-runs', numRuns]),
    ...only,
    ...['--record', join(out, 'recordings', `${impl.name}.json.gz`), '-q', '--out', dir],
  ]);
  const seconds = Math.round((Date.now() - start) / 1000);
  const ok = code === 0 || code === 1;
  console.log(`interop: ${impl.name}: ${ok ? `exit ${code}` : `NO REPORT (exit ${code})`} in ${seconds} s`);
  runs.push({ ...impl, code, seconds });
  if (!ok) failed = true;
}
const reported = runs.filter((r) => r.code === 0 || r.code === 1);
const compare = join(out, 'compare');
const compared = reported.length === 0 ? 'no-report' : await ctr(['compare', ...reported.map((r) => join(out, r.name)), '--out', compare]);
if (compared !== 0) failed = true;
const minutes = ((Date.now() - began) / 60_000).toFixed(1);
console.log(`interop: ${reported.length} of ${list.length} implementations reported in ${minutes} minutes; page: ${join(compare, 'compare.html')}`);

if (flags.has('--docs') && compared === 0) {
  // Compared again into docs/, so that each cell's link reaches its evidence from there.
  const docs = join(root, 'docs/interop');
  rmSync(docs, { recursive: true, force: true });
  if ((await ctr(['compare', ...reported.map((r) => join(out, r.name)), '--out', docs])) !== 0) failed = true;
  else {
    // The page and the summary are what docs/ keeps; the comparison's JSON stays with the reports.
    rmSync(join(docs, 'compare.json'), { force: true });
    const timing = runs.map((r) => `${r.name} ${r.seconds} s${r.code === 0 || r.code === 1 ? '' : ` (no report: exit ${r.code})`}`).join(', ');
    const head = [
      '# Interoperability, live',
      '',
      `Written by \`npm run interop\` (scripts/interop.mjs) on ${new Date(began).toISOString().slice(0, 10)}: every implementation on that machine run live, one after another, seed ${SEED}, ${numRuns === undefined ? 'each at its default depth' : `${numRuns} cases a property`}; ${minutes} minutes in all (${timing}).${missing.length === 0 ? '' : ` Not on that machine: ${missing.join('; ')}.`} The page is [compare.html](compare.html); each cell links to its evidence in the implementation's report, \`${relative(root, out)}/<implementation>/report.html\`, there after a run of the script; each run's recording replays with \`run --target replay:${relative(root, out)}/recordings/<implementation>.json.gz\`.`,
      '',
    ];
    writeFileSync(join(docs, 'README.md'), `${head.join('\n')}\n${readFileSync(join(docs, 'compare.md'), 'utf8')}`);
    rmSync(join(docs, 'compare.md'), { force: true });
    console.log('interop: docs/interop/compare.html and docs/interop/README.md written');
  }
}
process.exitCode = failed ? 1 : 0;
