#!/usr/bin/env node
// Runs the project's tests — tap (unit, property, simulator, real daemons) then the browser test —
// and ends with one line "N passed, N failed" that CI reads.
import { spawn } from 'node:child_process';

function run(command, args, parse) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let text = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk.toString('utf8');
    });
    child.on('close', (code) => resolve({ code: code ?? 1, ...parse(text) }));
    child.on('error', (error) => resolve({ code: 1, passed: 0, failed: 1, note: error.message }));
  });
}

// tap prints "# { total: N, pass: N, fail: N, skip: N, todo: N }" at the end.
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

// tap rebuilds its plugin set when package.json changes it; doing that first keeps the rebuild out of the test run.
await run('npx', ['tap', 'build'], () => ({}));
const tap = await run('npx', ['tap'], tapTotals);
const browser = await run('npx', ['playwright', 'test', '--reporter=list'], playwrightTotals);
let passed = tap.passed + browser.passed;
let failed = tap.failed + browser.failed;
for (const [name, result] of [['tap', tap], ['playwright', browser]]) {
  if (result.note) process.stdout.write(`${name}: ${result.note}\n`);
  // A runner that exits non-zero without reporting a failed test still fails the run.
  if (result.code !== 0 && result.failed === 0) failed += 1;
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
