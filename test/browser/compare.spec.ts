import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openWatched } from './open-watched.js';
import { compareReports } from '../../reports/compare/compare-reports.js';
import { renderComparisonHtml } from '../../reports/renderers/compare-html.js';
import { writeReport } from '../../reports/write.js';
import type { ConformanceReport } from '../../reports/model/result.js';
import { fixedReports } from '../compare-fixtures.js';

/**
 * The comparison page in Chromium: the filter "only differences" (with and without JS) and the
 * keyboard (one tab stop, arrow keys, Home and End, Enter opening a cell's evidence in the
 * implementation's own report.html), on the fixed reports of test/compare-fixtures.ts with an
 * area first whose one rule every implementation passes.
 */
const NAMES = ['sim', 'd26', 'd28'] as const;
let dir = '';
let url = '';

/** The fixed reports with a first area, `basics`, whose one rule passes everywhere. */
function reports(): ConformanceReport[] {
  return fixedReports().map((r) => {
    const results = [{ rule: 'basics.agreed', api: null, status: 'pass' as const, evidence: { summary: 'ok' }, durationMs: 1 }, ...r.results];
    return {
      ...r,
      rules: [{ id: 'basics.agreed', title: 'Agreed by all', source: 'document' as const, section: '§0', area: 'basics' }, ...r.rules],
      results,
      totals: { ...r.totals, pass: r.totals.pass + 1 },
    };
  });
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctr-compare-browser-'));
  const inputs = await Promise.all(
    reports().map(async (report, i) => {
      await writeReport(join(dir, NAMES[i]!), report);
      return { source: join(dir, NAMES[i]!, 'report.json'), report, reportHref: `../${NAMES[i]}/report.html` };
    }),
  );
  const file = join(dir, 'page', 'compare.html');
  await mkdir(join(dir, 'page'));
  await writeFile(file, renderComparisonHtml(compareReports(inputs)), 'utf8');
  url = pathToFileURL(file).href;
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Opens the page, recording every request and every console error or page error. */
const openPage = (page: Page) => openWatched(page, url);

const rowIds = (page: Page) => page.locator('table.cmp tbody tr[data-rule]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule')));
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return { tag: el.tagName, rule: el.closest('tr')?.getAttribute('data-rule') ?? null, impl: el.getAttribute('data-impl') };
  });

test('the page: one column per implementation, the rules that differ first in each area, nothing loaded, no error', async ({ page }) => {
  const { requests, problems } = await openPage(page);
  const table = page.getByRole('table', { name: 'Rules side by side' });
  await expect(table.getByRole('columnheader')).toHaveText(['Rule', 'ctrd-sim 28.5', 'dockerd 26.1', 'dockerd 28.5']);
  expect(await rowIds(page)).toEqual(['basics.agreed', 'api.version.header', 'api.too-old', 'api.ping', 'api.skip-only', 'config.shape', 'config.same']);
  // Accessible names: the row header, and a cell's verdict with how many versions fail.
  await expect(table.getByRole('rowheader', { name: /api\.version\.header/ })).toHaveCount(1);
  await expect(table.getByRole('rowheader', { name: /^differs: api\.version\.header/ })).toHaveCount(1);
  await expect(table.getByRole('rowheader', { name: /^api\.ping/ })).toHaveCount(1);
  const cell = page.locator('tr[data-rule="api.version.header"] td[data-impl="2"]');
  await expect(cell).toHaveAttribute('data-verdict', 'fail');
  await expect(cell).toHaveAccessibleName(/fail\s*at 2 of 3 API versions/);
  await expect(cell).toHaveAttribute('title', 'dockerd 28.5: fail — expected API-Version 1.41, got none (Enter opens the evidence)');
  await expect(page.locator('#overall')).toHaveText('50.0 %');
  await expect(page.locator('table.scores tbody tr[data-area="api"] td.interop')).toContainText('33.3 % (1/3)');
  expect(problems).toEqual([]);
  expect(requests).toEqual([url]);
});

test('only differences: the checkbox hides the rules that agree and the areas with none that differ, and shows them again', async ({ page }) => {
  await openPage(page);
  const note = page.locator('#filter-note');
  await expect(note).toHaveText('Showing all 7 rules; 3 differ.');
  const only = page.getByRole('checkbox', { name: /Only differences \(3 rules\)/ });
  await only.focus();
  await page.keyboard.press('Space');
  await expect(only).toBeChecked();
  expect(await rowIds(page)).toEqual(['api.version.header', 'api.too-old', 'config.shape']);
  await expect(page.locator('tbody[data-area="basics"]')).toBeHidden();
  await expect(page.locator('tbody[data-area="api"] tr.area')).toBeVisible();
  await expect(note).toHaveText('Showing only the 3 rules where the implementations differ, of 7.');
  await page.keyboard.press('Space');
  await expect(only).not.toBeChecked();
  expect(await rowIds(page)).toHaveLength(7);
});

test('only differences works without JS too (CSS alone obeys the checkbox)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('checkbox', { name: /Only differences/ }).check();
  expect(await rowIds(page)).toEqual(['api.version.header', 'api.too-old', 'config.shape']);
  await context.close();
});

test('keyboard: one tab stop in the table, arrows, Home and End move, the focus is visible, Enter opens the evidence', async ({ page }) => {
  await openPage(page);
  await page.getByRole('checkbox', { name: /Only differences/ }).focus();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'basics.agreed', impl: '0' });
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!));
  expect(outline.outlineStyle).toBe('solid');
  expect(outline.outlineWidth).toBe('3px');
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'basics.agreed', impl: '1' });
  await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'api.version.header', impl: '1' }); // over the area's heading row
  await page.keyboard.press('End');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'api.version.header', impl: '2' });
  await page.keyboard.press('ArrowRight'); // the last column: the focus stays
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'api.version.header', impl: '2' });
  await page.keyboard.press('Home');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'api.version.header', impl: '0' });
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp'); // the first row: the focus stays
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'basics.agreed', impl: '0' });
  // One tab stop: the cell the arrows left is it; Tab leaves the table, Shift+Tab comes back to it.
  await expect(page.locator('table.cmp td[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  expect((await focused(page)).tag).not.toBe('TD');
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'basics.agreed', impl: '0' });
  // Down to the failing cell of dockerd 28.5 and Enter: its report, at the rule's entry.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await Promise.all([page.waitForURL(/\/d28\/report\.html#rule-2$/), page.keyboard.press('Enter')]);
  await expect(page.locator(':target code')).toHaveText('api.version.header');
});

test('keyboard with the filter on: the tab stop moves to a row shown, the arrows skip hidden rows', async ({ page }) => {
  await openPage(page);
  const only = page.getByRole('checkbox', { name: /Only differences/ });
  await only.check();
  await only.focus();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'api.version.header', impl: '0' });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toEqual({ tag: 'TD', rule: 'config.shape', impl: '0' }); // api.ping and api.skip-only are hidden
  await page.keyboard.press('ArrowRight');
  await Promise.all([page.waitForURL(/\/d26\/report\.html#rule-5$/), page.keyboard.press('Enter')]);
});

test('a click on a cell makes it the tab stop', async ({ page }) => {
  await openPage(page);
  const cell = page.locator('tr[data-rule="config.same"] td[data-impl="1"]');
  // Click beside the link (the cell's padding), not on it.
  await cell.click({ position: { x: 2, y: 2 } });
  await expect(cell).toHaveAttribute('tabindex', '0');
  await expect(page.locator('table.cmp td[tabindex="0"]')).toHaveCount(1);
  await expect(cell).toBeFocused();
});
