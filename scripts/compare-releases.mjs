#!/usr/bin/env node
// The comparison page of docs/reports-and-certification.md (Side by side): every recorded implementation (test/fixtures/transcripts/*.json.gz,
// replayed: no daemon runs) and ctrd-sim emulating the newest recorded dockerd release, each run on
// its recording's seed, profile and depth, then `ctr-conformance compare` of their reports.
// Needs a build (`npm run compare:releases` builds first). Usage: node scripts/compare-releases.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist/cli/ctr-conformance.js');
const { readTranscript } = await import(join(root, 'dist/suites/targets/transcript.js'));
const at = process.argv.indexOf('--out');
const out = resolve(at === -1 ? join(root, 'reports/compare-releases') : process.argv[at + 1]);
const fixtures = join(root, 'test/fixtures/transcripts');

/** The recordings in version order: dockerd-20.10, dockerd-26.1, dockerd-28.5 (and any other implementation recorded). */
const recordings = readdirSync(fixtures)
  .filter((file) => file.endsWith('.json.gz'))
  .map((file) => ({ name: file.replace(/\.json\.gz$/, ''), file: join(fixtures, file) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
const newestDockerd = recordings.filter((r) => r.name.startsWith('dockerd-')).at(-1);
if (newestDockerd === undefined) {
  console.error(`compare-releases: no dockerd recording in ${fixtures}`);
  process.exit(2);
}

/** Runs `ctr-conformance ARGS`; a report is written when it exits 0 (no rule fails) or 1 (a rule fails). */
function ctr(args, what, stdout = 'ignore') {
  const run = spawnSync(process.execPath, [cli, ...args], { stdio: ['ignore', stdout, 'inherit'] });
  if (run.status !== 0 && run.status !== 1) {
    console.error(`compare-releases: ${what} exited ${run.status ?? run.signal}`);
    process.exit(1);
  }
  return run.status;
}

const dirs = [];
const recordedWith = (transcript) => [
  '--profile',
  transcript.profile,
  '--seed',
  String(transcript.seed),
  '--num-runs',
  String(transcript.numRuns),
  '--no-shrink',
  '-q',
];
const newest = readTranscript(newestDockerd.file);
const release = newestDockerd.name.slice('dockerd-'.length);
for (const { name, args } of [
  { name: `ctrd-sim-${release}`, args: ['--target', 'sim', '--emulate', release, ...recordedWith(newest)] },
  ...recordings.map(({ name, file }) => ({ name, args: ['--target', `replay:${file}`, ...recordedWith(readTranscript(file))] })),
]) {
  const dir = join(out, name);
  const code = ctr(['run', ...args, '--out', dir], name);
  console.log(`${name}: ${code === 0 ? 'no rule fails' : 'some rules fail'} (${dir}/report.html)`);
  dirs.push(dir);
}
ctr(['compare', ...dirs, '--out', join(out, 'compare')], 'compare', 'inherit');
