import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Comparison } from '../../reports/compare/comparison.js';
import { openWatched } from './open-watched.js';

/**
 * The comparison page of docs/reports-and-certification.md (Side by side), made by its one command (scripts/compare-releases.mjs, what
 * `npm run compare:releases` runs after the build `npm test` has done): the recorded
 * implementations replayed and ctrd-sim emulating the newest recorded dockerd, a column each. Every cell shows the verdict compare.json
 * gives it, and a Podman cell's evidence opens in that implementation's own report.
 */
const IMPLEMENTATIONS = [
  'ctrd-sim 29.7',
  'dockerd 20.10',
  'dockerd 26.1',
  'dockerd 28.5',
  'dockerd 29.7',
  'Podman 4.3.1',
  'Podman 5.4.2',
  'Podman 5.8.6',
  'Podman 6.1.1',
];
let dir = '';
let url = '';
let comparison: Comparison;

/** The page `npm test` made beside tap (scripts/run-tests.mjs), when it did: its directory and how the command ended. */
function madeBeforehand(): { dir: string; status: number | string; output: string } | undefined {
  const made = process.env['CTC_COMPARE_RELEASES'];
  return made === undefined ? undefined : (JSON.parse(made) as { dir: string; status: number | string; output: string });
}

test.beforeAll(() => {
  const made = madeBeforehand();
  if (made !== undefined) {
    expect(made.status, made.output).toBe(0);
    dir = made.dir;
  } else {
    // Eight replays and a simulator run: about 90 s of CPU, two minutes or more on a busy 2-core machine.
    test.setTimeout(600_000);
    dir = mkdtempSync('/tmp/ctc-pw-releases-');
    const run = spawnSync(process.execPath, ['scripts/compare-releases.mjs', '--out', dir], { encoding: 'utf8', timeout: 590_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  }
  comparison = JSON.parse(readFileSync(join(dir, 'compare', 'compare.json'), 'utf8')) as Comparison;
  url = pathToFileURL(join(dir, 'compare', 'compare.html')).href;
});

test.afterAll(() => {
  // A directory npm test made is its to remove.
  if (dir && madeBeforehand() === undefined) rmSync(dir, { recursive: true, force: true });
});

test('the page of every recorded implementation: one column each, every cell as compare.json has it, nothing loaded, no error', async ({ page }) => {
  expect(comparison.implementations.map((i) => i.label)).toEqual(IMPLEMENTATIONS);
  const { requests, problems } = await openWatched(page, url);
  const table = page.getByRole('table', { name: 'Rules side by side' });
  await expect(table.getByRole('columnheader')).toHaveText(['Rule', ...IMPLEMENTATIONS]);
  const shown = await page
    .locator('table.cmp td[data-impl]')
    .evaluateAll((cells) => cells.map((c) => `${c.closest('tr')?.getAttribute('data-rule')}#${c.getAttribute('data-impl')}=${c.getAttribute('data-verdict')}`));
  const wanted = comparison.areas.flatMap((area) => area.rules.flatMap((rule) => rule.cells.map((cell, i) => `${rule.id}#${i}=${cell.verdict}`)));
  expect(wanted.length).toBeGreaterThan(6 * 100);
  expect(shown.sort()).toEqual(wanted.sort());
  expect(problems).toEqual([]);
  expect(requests).toEqual([url]);
});

test("a failing Podman 5.4 cell opens its evidence in Podman 5.4's own report", async ({ page }) => {
  const column = IMPLEMENTATIONS.indexOf('Podman 5.4.2');
  const failing = comparison.areas.flatMap((area) => area.rules).find((rule) => rule.id === 'api.version.too-old');
  expect(failing?.cells[column]?.verdict).toBe('fail');
  await openWatched(page, url);
  const cell = page.locator(`tr[data-rule="api.version.too-old"] td[data-impl="${column}"]`);
  await cell.click({ position: { x: 2, y: 2 } });
  await Promise.all([page.waitForURL(/\/podman-5\.4\/report\.html#rule-\d+$/), page.keyboard.press('Enter')]);
  await expect(page.locator(':target code')).toHaveText('api.version.too-old');
  await expect(page.locator('.meta div').filter({ hasText: 'Judged as' }).locator('dd')).toContainText('Podman Engine 5.4.2, judged as API 1.41 as it claims');
});
