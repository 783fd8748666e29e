import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import type { ConformanceReport } from '../../reports/model/result.js';

/**
 * The report of a real run, not a hand-made one: the recorded dockerd 28.5 transcript replayed
 * through the compiled CLI (built by `npm test` before this runs). Every cell of the page must
 * show what report.json says, and a failing cell's evidence must open.
 */
let dir = '';
let report: ConformanceReport;

test.beforeAll(() => {
  dir = mkdtempSync('/tmp/ctc-pw-');
  const run = spawnSync(
    process.execPath,
    ['dist/cli/ctr-conformance.js', 'run', '--target', 'replay:test/fixtures/transcripts/dockerd-28.5.json.gz', '--out', dir, '-q'],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(1); // the known deviation fails
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('every cell of a real run shows the status report.json gives it', async ({ page }) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const shown = await page
    .locator('td[data-rule]')
    .evaluateAll((cells) =>
      Object.fromEntries(cells.map((c) => [`${c.getAttribute('data-rule')}@${c.getAttribute('data-api')}`, c.getAttribute('data-status')])),
    );
  expect(report.results.length).toBeGreaterThan(500);
  for (const result of report.results) {
    // a rule that cannot be tested here (skipped everywhere, for one reason) is one cell
    const once = shown[`${result.rule}@every`];
    expect(once ?? shown[`${result.rule}@${result.api ?? 'none'}`], `${result.rule} @ ${result.api}`).toBe(result.status);
  }
  // the rules the replay cannot carry are shown once each
  expect(Object.keys(shown).filter((k) => k.endsWith('@every')).length).toBeGreaterThan(0);
});

test('a passing cell of a real run shows the exchanges that decided it', async ({ page }) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const passing = report.results.find((r) => r.status === 'pass' && r.api !== null)!;
  expect(passing.evidence.exchanges?.length ?? 0).toBeGreaterThan(0);
  await page.getByRole('button', { name: /API versions? the target does not serve/ }).click();
  await page.locator(`td[data-rule="${passing.rule}"][data-api="${passing.api}"]`).click();
  await expect(page.locator('#evidence .req').first()).toHaveText(passing.evidence.exchanges![0]!.request);
  await expect(page.locator('.meta div').filter({ hasText: 'Observed API range' }).locator('dd')).toHaveText('1.24 – 1.51');
});

test('a failing cell of a real run opens its evidence', async ({ page }, testInfo) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const failing = report.results.find((r) => r.status === 'fail')!;
  await page.getByRole('button', { name: /API versions? the target does not serve/ }).click();
  await page.locator(`td[data-rule="${failing.rule}"][data-api="${failing.api ?? 'none'}"]`).click();
  await expect(page.locator('#evidence')).toBeVisible();
  await expect(page.locator('#evidence')).toContainText('please upgrade your client');
  await expect(page.locator('#evidence')).toContainText(String(failing.evidence.counterexample!.seed));
  await expect(page.locator('#evidence .rerun')).toHaveText(failing.evidence.rerun!);
  await expect(page.locator('#evidence .rerun')).toContainText(`--only ${failing.rule}@${failing.api ?? 'none'}`);
  await expect(page.locator('#evidence .curl')).toHaveText(/^curl -sS -i /);
  await page.screenshot({ path: testInfo.outputPath('real-report.png'), fullPage: true });
  await testInfo.attach('real-report', { path: testInfo.outputPath('real-report.png'), contentType: 'image/png' });
});

test('the summary of a real run: areas from the catalogue, and exactly its failing rules, each opening its evidence', async ({ page }) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const areas = new Set(report.rules.map((r) => r.area));
  expect(areas.has(undefined)).toBe(false); // a fresh run records each rule's area
  await expect(page.locator('ul.areas > li')).toHaveCount(areas.size);
  const bad = new Set(report.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.rule));
  expect(bad.size).toBeGreaterThan(0);
  const listed = await page.locator('ul.failing > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-rule')));
  expect(new Set(listed)).toEqual(bad);
  expect(listed.length).toBe(bad.size);
  const first = page.locator('ul.failing > li a').first();
  await first.click();
  await expect(page.locator('#evidence')).toBeVisible();
  await expect(page.locator('#evidence h2')).toContainText((await first.textContent()) ?? '');
});

test('a real run opens at the API range the daemon serves: 1.24 – 1.51, the other versions folded away but those where a cell fails', async ({ page }) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const shown = await page.locator('table.matrix thead th:visible').allTextContents();
  // 28.5's too-old wording fails below its minimum: those versions are not served, and shown
  const failingUnserved = [...new Set(report.results.flatMap((r) => (r.status === 'fail' && r.api !== null && Number(r.api.slice(2)) < 24 ? [r.api] : [])))];
  expect(failingUnserved.length).toBeGreaterThan(0);
  expect(shown.slice(0, 2 + failingUnserved.length + 1)).toEqual(['Rule', '—', ...failingUnserved, '1.24']);
  await expect(page.locator('table.matrix thead th[data-unserved-failing]')).toHaveText(failingUnserved);
  expect(shown.at(-1)).toBe('1.51');
  const toggle = page.getByRole('button', { name: /API versions? the target does not serve/ });
  await toggle.press('Enter');
  await expect(page.locator('table.matrix thead th:visible')).toHaveCount(report.apiVersions.length + 2);
});

test('a real 28.5 run: its failures are known deviations, marked, with the rule’s words, what 28.5 does, and a curl line that still works', async ({
  page,
}) => {
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const failing = report.results.filter((r) => r.status === 'fail');
  expect(failing.length).toBeGreaterThan(0);
  expect(failing.every((r) => r.knownDeviation === true)).toBe(true);
  const known = await page
    .locator('table.matrix td[data-known="1"]')
    .evaluateAll((cells) => cells.map((c) => `${c.getAttribute('data-rule')}@${c.getAttribute('data-api')}`));
  expect(known.sort()).toEqual(failing.map((r) => `${r.rule}@${r.api ?? 'none'}`).sort());
  const rules = new Set(failing.map((r) => r.rule));
  await expect(page.locator('#failing-title')).toHaveText(
    `Failing and erring rules: ${rules.size} (of which ${rules.size} are known deviations of dockerd 28.5: still failures)`,
  );
  await expect(page.locator('ul.failing > li[data-known="all"] .badge.known')).toHaveCount(rules.size);
  await page.locator('ul.failing > li[data-rule="api.version.too-old.wording"] a').click();
  const evidence = page.locator('#evidence');
  await expect(evidence.locator('.known-deviation h4')).toHaveText('Known deviation of dockerd 28.5: still a failure');
  await expect(evidence.locator('.rule-says')).toContainText('upgrade your client to a newer version');
  await expect(evidence.locator('.release-does')).toContainText('please upgrade your client');
  await expect(evidence.locator('.after-run-note')).toContainText('no daemon listens at tcp://ctrd:80');
  await expect(evidence.locator('.after-run-command').first()).toContainText('--emulate 28.5 --as-observed');
});
