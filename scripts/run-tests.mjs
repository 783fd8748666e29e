#!/usr/bin/env node
// The README's test command: builds, runs npm run lint, tap (unit, property, simulator, self-test, real daemons)
// and the browser test of report.html, and ends with one line "N passed, N failed" that CI reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFailures, tapFailures } from './tap-failures.mjs';

const inCI = !!process.env.CI && process.env.CI !== 'false';

/**
 * Runs a command; its stdout is parsed when it ends. Shown as it comes, stderr passed through; or,
 * `quiet`, both kept (for a failure's message) and not shown.
 */
function run(command, args, parse = () => ({}), { quiet = false, timeoutMs } = {}) {
  return new Promise((resolve) => {
    // With timeoutMs the child is ended (SIGTERM) past that time: its code is then the signal's name.
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
      env: process.env,
      ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
    });
    let text = '';
    const keep = (chunk) => {
      if (!quiet) process.stdout.write(chunk);
      text += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('close', (code, signal) => resolve({ code: code ?? (quiet ? signal : 1), ...parse(text), text }));
    child.on('error', (error) => resolve({ code: 1, passed: 0, failed: 1, note: error.message, text: error.message }));
  });
}

// tap prints "# { total: N, pass: N, fail: N, skip: N }" at the end.
const tapTotals = (text) => {
  const line = [...text.matchAll(/^# \{ total: (\d+)(.*)\}$/gm)].pop();
  if (line === undefined) return { passed: 0, failed: 1, note: 'tap printed no summary' };
  const field = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(line[2])?.[1] ?? 0);
  return { passed: field('pass'), failed: field('fail') };
};

// Playwright's list reporter prints "  N passed" / "  N failed" / "  N flaky".
const playwrightTotals = (text) => {
  const count = (word) => Number(new RegExp(`^\\s+(\\d+) ${word}`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('passed');
  const failed = count('failed') + count('flaky');
  return passed + failed === 0 ? { passed: 0, failed: 1, note: 'playwright ran no test' } : { passed, failed };
};

/** How long the tests wait for provisioning still under way (.ci/run's Debian roots) before they run without it. */
const PROVISIONING_DEADLINE_MS = 40 * 60_000;

/**
 * Waits for the provisioning that `dir` follows (its `code` file appears when it ends, with its exit
 * status; its `log` is the output). Undefined when nothing is awaited.
 */
async function awaitProvisioning(dir) {
  if (!dir) return undefined;
  const codeFile = join(dir, 'code');
  const deadline = Date.now() + PROVISIONING_DEADLINE_MS;
  while (!existsSync(codeFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
  const logTail = () => {
    try {
      return readFileSync(join(dir, 'log'), 'utf8').slice(-4000);
    } catch {
      return '(no log)';
    }
  };
  if (!existsSync(codeFile)) {
    process.stdout.write(`provisioning: still under way after ${PROVISIONING_DEADLINE_MS / 60_000} minutes; the end of its log:\n${logTail()}\n`);
    return { code: 1, note: 'the Debian roots (scripts/provision-roots.sh) were not made in time' };
  }
  const code = Number(readFileSync(codeFile, 'utf8').trim());
  if (code === 0) return { code: 0 };
  process.stdout.write(`provisioning: scripts/provision-roots.sh failed (exit ${code}); the end of its log:\n${logTail()}\n`);
  return { code: 1, note: `scripts/provision-roots.sh failed (exit ${code})` };
}

/** The test files that used the most CPU (their own and their waited-for children's), and the sum. */
function cpuSummary(path) {
  if (!existsSync(path)) return 'CPU by test file: nothing was recorded\n';
  const records = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const cpu = (r) => r.selfSeconds + r.childrenSeconds;
  const total = records.reduce((sum, r) => sum + cpu(r), 0);
  const sorted = records.sort((a, b) => cpu(b) - cpu(a));
  const rows = sorted.slice(0, 15);
  const line = (r) => `  ${cpu(r).toFixed(0).padStart(6)} s CPU ${r.wallSeconds.toFixed(0).padStart(6)} s wall  ${r.file}`;
  // CTC_CPU_TABLE names a file for every file's line (the console keeps the 15 largest).
  if (process.env.CTC_CPU_TABLE) writeFileSync(process.env.CTC_CPU_TABLE, `${sorted.map(line).join('\n')}\n`);
  return `\nCPU by test file (${records.length} files, ${total.toFixed(0)} s of CPU in all; the 15 largest):\n${rows.map(line).join('\n')}\n`;
}

/** Seconds each stage took, printed above the totals (CI keeps only the end of a run). */
const stages = [];
let stageStart = performance.now();
const stageDone = (name) => {
  const now = performance.now();
  stages.push(`${name} ${((now - stageStart) / 1000).toFixed(0)} s`);
  stageStart = now;
};
// .ci/run says when it began and when provisioning (scripts/provision.sh, npm ci) ended.
const ciStarted = Number(process.env.CTC_CI_STARTED);
const ciProvisioned = Number(process.env.CTC_CI_PROVISIONED);
if (ciStarted > 0 && ciProvisioned >= ciStarted) stages.push(`provisioning ${ciProvisioned - ciStarted} s`);

const results = [];
const build = await run('npm', ['run', '--silent', 'build']);
stageDone('build');
if (build.code !== 0) {
  results.push(['build', { code: 1, passed: 0, failed: 1, note: 'tsc failed' }]);
} else {
  // The type check, the layering check, the formatter check and the linter: one result.
  const lint = await run('npm', ['run', '--silent', 'lint']);
  results.push(['lint', lint.code === 0 ? { code: 0, passed: 1, failed: 0 } : { code: 1, passed: 0, failed: 1, note: 'npm run lint failed' }]);
  stageDone('lint');
  // CI makes the Debian roots beside npm ci, the build and the lint (.ci/run): the tests wait for them.
  const awaited = await awaitProvisioning(process.env.CTC_AWAIT_PROVISIONING);
  if (awaited !== undefined) {
    stageDone('waiting for the Debian roots');
    if (awaited.code !== 0) results.push(['provisioning', { code: 1, passed: 0, failed: 1, note: awaited.note }]);
  }
  // tap rebuilds its plugin set when package.json changes it; doing it first keeps that out of the run.
  await run('npx', ['tap', 'build']);
  // Work several test files need is done once between them (test/helpers/shared-work.ts).
  const sharedWork = mkdtempSync(join(tmpdir(), 'ctc-shared-work-'));
  process.env.CTC_SHARED_WORK = sharedWork;
  // Where each test file's CPU goes (test/helpers/cpu-account.ts).
  const cpuLog = mkdtempSync(join(tmpdir(), 'ctc-cpu-'));
  process.env.CTC_CPU_LOG = cpuLog;
  // The comparison page of the recorded implementations (scripts/compare-releases.mjs: eight replays
  // and a simulator run, about 110 s of CPU) is made beside tap instead of after it; the browser test
  // (test/browser/compare-releases.spec.ts) checks what it made, or makes it itself when run alone.
  // Only where that test runs. Beside tap's three files on two cores it took more than 590 s once:
  // its deadline is within tap's own time, which it waits for anyway.
  const withBrowser = existsSync('/usr/bin/chromium');
  const releasesDir = mkdtempSync(join(tmpdir(), 'ctc-compare-releases-'));
  const releasesPage = withBrowser
    ? run(process.execPath, ['scripts/compare-releases.mjs', '--out', releasesDir], undefined, { quiet: true, timeoutMs: 1_500_000 })
    : undefined;
  try {
    results.push(['tap', await run('npx', ['tap'], tapTotals)]);
    stageDone('tap');
    process.stdout.write(cpuSummary(join(cpuLog, 'cpu.jsonl')));
  } finally {
    rmSync(sharedWork, { recursive: true, force: true });
    rmSync(cpuLog, { recursive: true, force: true });
    delete process.env.CTC_SHARED_WORK;
    delete process.env.CTC_CPU_LOG;
  }
  const releases = await releasesPage;
  if (releases !== undefined) {
    stageDone('the comparison page after tap');
    process.env.CTC_COMPARE_RELEASES = JSON.stringify({ dir: releasesDir, status: releases.code, output: releases.text.slice(-20_000) });
  }
  if (withBrowser) {
    results.push(['playwright', await run('npx', ['playwright', 'test', '--reporter=list'], playwrightTotals)]);
    stageDone('playwright');
  } else if (inCI) {
    results.push(['playwright', { code: 1, passed: 0, failed: 1, note: '/usr/bin/chromium is missing: run scripts/provision-browser.sh' }]);
  } else {
    process.stdout.write('NOTICE: browser test skipped: /usr/bin/chromium is missing (scripts/provision.sh, as root, installs it)\n');
  }
  rmSync(releasesDir, { recursive: true, force: true });
}

// CI keeps only the end of a run: the failed tests are named again here, just above the totals.
const tapRun = results.find(([name]) => name === 'tap')?.[1];
const failures = tapRun === undefined ? [] : tapFailures(tapRun.text ?? '');
if (failures.length > 0) process.stdout.write(`\nFailed tests (tap):\n${describeFailures(failures).join('\n')}\n\n`);

let passed = 0;
let failed = 0;
for (const [name, result] of results) {
  passed += result.passed;
  failed += result.failed;
  if (result.note) process.stdout.write(`${name}: ${result.note}\n`);
  // A runner that exits non-zero without reporting a failed test still fails the run.
  if (result.code !== 0 && result.failed === 0) failed += 1;
}
process.stdout.write(`time: ${stages.join(', ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
