import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openWatched } from './open-watched.js';
import type { DiffReport } from '../../suites/explorer/index.js';

/**
 * diff.html in Chromium, made from a real diff between two in-process simulators, the second
 * broken for two rules (a version above the range is served; container events lack "from"),
 * written by the compiled diff-fixture.ts (built by `npm test` before this runs): the labels, the
 * list of unexplained kinds and its links, a request's and a sequence's replay and curl lines,
 * and the filter by label, by keyboard and without scripts.
 */
let dir = '';
let url = '';
let report: DiffReport;

test.beforeAll(() => {
  test.setTimeout(120_000);
  dir = mkdtempSync('/tmp/ctc-pw-diff-');
  const run = spawnSync(process.execPath, ['dist/test/browser/diff-fixture.js', dir], { encoding: 'utf8', timeout: 110_000 });
  expect(run.status, run.stderr).toBe(0);
  report = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as DiffReport;
  url = pathToFileURL(join(dir, 'diff.html')).href;
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (page: Page) => page.locator('#differences tbody tr');
const visibleLabels = (page: Page) => page.locator('#differences tbody tr:visible').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-label')));
const count = (kind: string): number => report.differences.filter((d) => d.label.kind === kind).length;

test('the page: totals, one row per kind of difference, unexplained first, each labelled; it loads nothing and logs no error', async ({ page }) => {
  const { requests, problems } = await openWatched(page, url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diff: sim@28.5 and sim@28.5');
  expect(count('unexplained')).toBeGreaterThan(0);
  await expect(page.locator('#total-unexplained')).toHaveText(`${count('unexplained')} unexplained`);
  await expect(rows(page)).toHaveCount(report.differences.length);
  const labels = await visibleLabels(page);
  const rank = ['unexplained', 'known-deviation', 'rule', 'volatile'];
  expect(labels.map((l) => rank.indexOf(l!))).toEqual([...labels.map((l) => rank.indexOf(l!))].sort((a, b) => a - b));
  // The first cell names the label: UNEXPLAINED, volatile (why), rule …, known deviation ….
  for (const row of await rows(page).all()) {
    const label = await row.getAttribute('data-label');
    const text = (await row.locator('td').first().textContent()) ?? '';
    expect(text).toMatch({ unexplained: /^UNEXPLAINED/, volatile: /^volatile \(/, rule: /^rule /, 'known-deviation': /^known deviation / }[label!]!);
  }
  await expect(page.locator('#shown')).toHaveText(`${report.differences.length} of ${report.differences.length} kinds shown`);
  expect(problems).toEqual([]);
  expect(requests).toEqual([url]);
});

test('the unexplained list: one link per unexplained kind, each to its row', async ({ page }) => {
  await openWatched(page, url);
  const links = page.locator('#unexplained li a');
  await expect(links).toHaveCount(count('unexplained'));
  for (const link of await links.all()) {
    const target = (await link.getAttribute('href'))!;
    const row = page.locator(target);
    await expect(row).toHaveAttribute('data-label', 'unexplained');
    await expect(row.locator('td').nth(1)).toContainText((await link.textContent())!);
  }
  // The events fault: a sequence's kind, listed and reached by keyboard.
  const from = links.filter({ hasText: '(sequence) GET /events' }).first();
  await from.focus();
  await page.keyboard.press('Enter');
  const hash = new URL(page.url()).hash;
  expect(hash).toMatch(/^#d\d+$/);
  await expect(page.locator(hash)).toBeInViewport();
});

test('replay and curl lines: a request replays by --path, a sequence by --sequence-path, with its steps and the one that shows it', async ({ page }) => {
  await openWatched(page, url);
  const request = rows(page).filter({ hasText: 'too-new/too-new' }).first();
  await request.locator('summary').click();
  const requestLines = (await request.locator('pre').textContent())!;
  expect(requestLines).toMatch(
    /^ctr-conformance diff --target sim@28\.5 --target sim@28\.5 --routes \/version --num-runs 60 --sequences 15 --seed 7 --path \d+(:\d+)*\n/,
  );
  expect(requestLines).toMatch(/\nA: curl -sS -i --path-as-is --unix-socket \S+ http:\/\/localhost\/v[0-9.]+\/version\nB: curl /);

  const sequence = rows(page).filter({ hasText: '(sequence) GET /events' }).filter({ hasText: '$[].from' }).first();
  await expect(sequence.locator('ol.steps li')).not.toHaveCount(0);
  await expect(sequence.locator('ol.steps li.shows')).toHaveCount(1);
  await expect(sequence.locator('ol.steps li.shows')).toContainText('/events?since=START&until=NOW');
  await expect(sequence.locator('ol.steps li').first()).toContainText('/images/create?fromSrc=-');
  await expect(sequence.locator('pre')).toBeHidden();
  await sequence.locator('summary').focus();
  await page.keyboard.press('Enter');
  const sequenceLines = (await sequence.locator('pre').textContent())!;
  expect(sequenceLines).toMatch(/--seed 7 --sequence-path \d+(:\d+)*\n/);
  expect(sequenceLines).toMatch(/\nA: curl .*'http:\/\/localhost(\/v[0-9.]+)?\/events\?since=\d+\.\d{9}&until=\d+\.\d{9}'\nB: curl /);
});

test('the filter by label: Space on a box hides or shows that label, and the count follows', async ({ page }) => {
  await openWatched(page, url);
  const all = report.differences.length;
  const volatile = page.getByRole('checkbox', { name: /^volatile \(\d+\)$/ });
  await volatile.focus();
  await page.keyboard.press('Space');
  await expect(volatile).not.toBeChecked();
  expect(await visibleLabels(page)).not.toContain('volatile');
  await expect(page.locator('#shown')).toHaveText(`${all - count('volatile')} of ${all} kinds shown`);
  const unexplained = page.getByRole('checkbox', { name: /^unexplained \(\d+\)$/ });
  await unexplained.focus();
  await page.keyboard.press('Space');
  expect((await visibleLabels(page)).filter((l) => l === 'unexplained' || l === 'volatile')).toEqual([]);
  await expect(page.locator('#shown')).toHaveText(`${all - count('volatile') - count('unexplained')} of ${all} kinds shown`);
  await page.keyboard.press('Space');
  await volatile.check();
  await expect(rows(page).filter({ visible: true })).toHaveCount(all);
  await expect(page.locator('#shown')).toHaveText(`${all} of ${all} kinds shown`);
});

test('without scripts every row shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('checkbox', { name: /^volatile/ }).uncheck();
  await expect(rows(page).filter({ visible: true })).toHaveCount(report.differences.length);
  await context.close();
});
