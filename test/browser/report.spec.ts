import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openWatched } from './open-watched.js';
import fc from 'fast-check';
import { baselineOf, baselineOutcome } from '../../reports/baselines/baseline.js';
import { certificationLine } from '../../reports/certification-verdict.js';
import { renderHtml } from '../../reports/renderers/html.js';
import { renderJunit } from '../../reports/renderers/junit.js';
import type { ResultStatus } from '../../reports/model/result.js';
import { browserReport, reportArb } from '../reports-fixtures.js';
import { ERRING_MR, FAILING_MR, KNOWN_MR, llamaServerReport } from '../surface-fixtures.js';

const SYMBOL: Record<ResultStatus, string> = { pass: '✓', fail: '✗', error: '!', skipped: '–', 'not-applicable': '·' };

const report = browserReport();
let dir = '';
let url = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctr-report-browser-'));
  const file = join(dir, 'report.html');
  await writeFile(file, renderHtml(report), 'utf8');
  url = pathToFileURL(file).href;
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Opens the report, recording every request and every console error or page error. */
const openReport = (page: Page) => openWatched(page, url);

const cell = (page: Page, rule: string, api: string | null) => page.locator(`td[data-rule="${rule}"][data-api="${api ?? 'none'}"]`);

test('cells show each result’s status as attribute and symbol', async ({ page }) => {
  await openReport(page);
  const checks: [string, string | null, ResultStatus][] = [
    ['version.header', '1.40', 'pass'],
    ['version.header', '1.42', 'fail'],
    ['version.header', '1.43', 'skipped'],
    ['version.too-old', '1.40', 'not-applicable'],
    ['version.too-old', '1.41', 'error'],
    ['ping.head', null, 'pass'],
  ];
  for (const [rule, api, status] of checks) {
    const c = cell(page, rule, api);
    await expect(c).toHaveCount(1);
    await expect(c).toHaveAttribute('data-status', status);
    await expect(c).toHaveText(SYMBOL[status]);
    await expect(c).toHaveAttribute('role', 'button');
  }
  // a cell with two results shows the worse one and the count
  await expect(cell(page, 'ping.head', '1.43')).toHaveAttribute('data-status', 'fail');
  await expect(cell(page, 'ping.head', '1.43')).toHaveText('✗2');
  // no result: empty, not a button
  await expect(cell(page, 'ping.head', '1.40')).toHaveAttribute('data-status', 'none');
  await expect(cell(page, 'ping.head', '1.40')).not.toHaveAttribute('role', 'button');
  // 3 rules x (4 versions + "—")
  await expect(page.locator('table.matrix td')).toHaveCount(15);
  // the column of results not tied to an API version comes first
  await expect(page.locator('table.matrix thead th').nth(1)).toHaveText('—');
  await expect(page.locator('#show-unserved')).toHaveCount(0); // the target serves every column
  // colours differ per status
  const colours = new Set<string>();
  for (const [rule, api] of checks.filter(([, , s]) => s !== 'pass').concat([checks[0]!])) {
    colours.add(await cell(page, rule, api).evaluate((e) => getComputedStyle(e).backgroundColor));
  }
  expect(colours.size).toBe(5);
  // header and totals
  await expect(page.locator('.meta')).toContainText('4242');
  await expect(page.locator('.meta')).toContainText('1.40 – 1.43');
  await expect(page.locator('.meta div').filter({ hasText: 'Observed API range' }).locator('dd')).toHaveText('1.39 – 1.43');
  await expect(page.locator('.meta div').filter({ hasText: 'Capabilities' }).locator('dd')).toHaveText('start, wire');
  await expect(page.locator('[data-total=fail] b')).toHaveText('2');
  await expect(page.locator('.matrix tbody th[scope=row]').nth(2)).toContainText('HEAD /_ping works <really>');
  // document rules and implementation rules are kept apart, document first
  await expect(page.locator('.matrix tbody th[scope=rowgroup]')).toHaveText([/specification document/, /real implementation/]);
  const order = await page.locator('.matrix tbody th').allTextContents();
  expect(order.findIndex((t) => /real implementation/.test(t))).toBeGreaterThan(order.findIndex((t) => t.includes('version.too-old')));
  expect(order.findIndex((t) => /real implementation/.test(t))).toBeLessThan(order.findIndex((t) => t.includes('ping.head')));
});

test('the page makes no network requests and has no script errors', async ({ page }) => {
  const { requests, problems } = await openReport(page);
  await cell(page, 'version.header', '1.42').click();
  await expect(page.locator('#evidence')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([url]);
  expect(problems).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.locator('img').count()).toBe(0);
});

test('clicking a failing cell opens its evidence', async ({ page }, testInfo) => {
  await openReport(page);
  const evidence = page.locator('#evidence');
  await expect(evidence).toBeHidden();
  await cell(page, 'version.header', '1.42').click();
  await expect(evidence).toBeVisible();
  await expect(evidence.locator('h2')).toHaveText('version.header @ api 1.42');
  await expect(evidence.locator('.summary')).toHaveText('expected header API-Version: 1.42, got no header <b>at all</b>');
  await expect(evidence.locator('.seed')).toHaveText('1837465');
  await expect(evidence.locator('.path')).toHaveText('12:3:0');
  await expect(evidence.locator('.replay')).toHaveText('fc.assert(property, { seed: 1837465, path: "12:3:0" })');
  await expect(evidence.locator('.rerun')).toHaveText(
    /^node dist\/cli\/ctr-conformance\.js run --target sim .* --seed 4242 --only version\.header@1\.42 --path "12:3:0"$/,
  );
  await expect(evidence.locator('.curl')).toHaveText("curl -sS -i --unix-socket /tmp/ctc-x/d.sock 'http://localhost/v1.42/version'");
  await expect(evidence.locator('.req')).toHaveText('GET /v1.42/version');
  await expect(evidence.locator('.endpoint')).toHaveText('(unix:///tmp/ctc-x/d.sock)');
  await expect(evidence.locator('.http-status')).toHaveText('200');
  await expect(evidence.locator('.headers')).toContainText('server: ctrd-sim');
  await expect(evidence.locator('.body')).toContainText('</script><img src=x');
  await expect(cell(page, 'version.header', '1.42')).toHaveAttribute('aria-expanded', 'true');
  // the panel's result is not painted in the status colour (only the badge is)
  expect(await evidence.locator('article').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  const png = testInfo.outputPath('report.png');
  await page.screenshot({ path: png, fullPage: true });
  await testInfo.attach('report', { path: png, contentType: 'image/png' });

  // another cell replaces the content; the close button hides the panel
  await cell(page, 'version.too-old', '1.41').click();
  await expect(evidence.locator('h2')).toHaveText('version.too-old @ api 1.41');
  await expect(evidence).toContainText('ECONNRESET');
  await expect(evidence.locator('.seed')).toHaveCount(0);
  await expect(evidence.locator('.rerun')).toHaveCount(0);

  // a passing cell shows the exchange that decided it
  await cell(page, 'version.header', '1.40').click();
  await expect(evidence.locator('.req')).toHaveText('HEAD /v1.40/_ping');
  await expect(evidence.locator('.http-status')).toHaveText('200');
  await page.locator('#evidence-close').click();
  await expect(evidence).toBeHidden();
});

test('keyboard: Enter opens the evidence, Escape closes it, arrows move', async ({ page }) => {
  await openReport(page);
  const evidence = page.locator('#evidence');
  // the grid has one tab stop
  await expect(page.locator('table.matrix [tabindex="0"]')).toHaveCount(1);
  const first = cell(page, 'version.header', '1.40');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const failing = cell(page, 'version.header', '1.42');
  await expect(failing).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(evidence).toBeVisible();
  await expect(evidence.locator('.summary')).toContainText('expected header API-Version');
  await expect(evidence.locator('.seed')).toHaveText('1837465');
  await page.keyboard.press('Escape');
  await expect(evidence).toBeHidden();
  await expect(failing).toBeFocused();
  await page.keyboard.press('ArrowDown'); // nothing below in column 1.42: focus stays
  await expect(failing).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 'version.too-old', '1.41')).toBeFocused();
  await page.keyboard.press(' ');
  await expect(evidence).toContainText('ECONNRESET');
});

test('arbitrary reports: the browser reads back the embedded data, and junit.xml parses', async ({ page }) => {
  const samples = fc.sample(reportArb, { numRuns: 40, seed: 7 });
  for (const r of samples) {
    await page.setContent(renderHtml(r));
    const got = await page.evaluate(() => ({
      data: JSON.stringify(JSON.parse(document.getElementById('report-data')?.textContent ?? 'null')),
      scripts: document.scripts.length,
      cells: document.querySelectorAll('table.matrix td').length,
      results: document.querySelectorAll('table.matrix td[data-r]').length,
    }));
    expect(got.data).toBe(JSON.stringify(r));
    expect(got.scripts).toBe(2);
    const rules = new Set([...r.rules.map((x) => x.id), ...r.results.map((x) => x.rule)]).size;
    const cols = new Set([...r.apiVersions, ...r.results.flatMap((x) => (x.api === null ? [] : [x.api]))]).size + 1;
    const once = await page.locator('table.matrix td[data-once]').count();
    expect(got.cells).toBe((rules - once) * cols + once);

    const xml = renderJunit(r);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        cases: doc.getElementsByTagName('testcase').length,
        failures: doc.getElementsByTagName('failure').length,
      };
    }, xml);
    expect(parsed.errors).toBe(0);
    expect(parsed.cases).toBe(r.results.length);
    expect(parsed.failures).toBe(r.results.filter((x) => x.status === 'fail').length);
  }
});

test('summary: bars per area, the failing rules with their reasons, each link opening its evidence', async ({ page }) => {
  await openReport(page);
  // areas of browserReport: the id's first segment (the report carries no area): version, ping
  const areas = page.locator('ul.areas > li');
  await expect(areas).toHaveCount(2);
  await expect(areas.nth(0).locator('svg.bar')).toHaveAttribute('role', 'img');
  await expect(areas.nth(0).locator('svg.bar')).toHaveAttribute('aria-label', 'version: 2 pass, 1 fail, 1 error, 1 skipped');
  await expect(areas.nth(1).locator('svg.bar')).toHaveAttribute('aria-label', 'ping: 1 pass, 1 fail, 0 error, 0 skipped');
  // the bar is drawn: the fail segment has a width and the status colour
  const rect = areas.nth(0).locator('rect[data-status=fail]');
  expect(await rect.evaluate((r) => (r as SVGRectElement).getBoundingClientRect().width)).toBeGreaterThan(10);
  expect(await rect.evaluate((r) => getComputedStyle(r).fill)).toBe('rgb(207, 34, 46)');

  const failing = page.locator('ul.failing > li');
  await expect(failing).toHaveCount(3);
  await expect(failing.locator('a')).toHaveText(['version.header', 'version.too-old', 'ping.head']);
  await expect(failing.nth(0)).toHaveAttribute('data-status', 'fail');
  await expect(failing.nth(0).locator('.why')).toHaveText('expected header API-Version: 1.42, got no header <b>at all</b>');
  await expect(failing.nth(1)).toHaveAttribute('data-status', 'error');
  await expect(failing.nth(1).locator('.why')).toHaveText('request failed');
  await expect(failing.nth(2).locator('.why')).toHaveText('second check failed');

  // keyboard: Tab reaches the link, Enter opens the same panel a click on the cell opens, Escape returns to the link
  const link = page.getByRole('link', { name: 'version.header' }).first();
  await link.focus();
  await page.keyboard.press('Enter');
  const evidence = page.locator('#evidence');
  await expect(evidence).toBeVisible();
  await expect(evidence.locator('h2')).toHaveText('version.header @ api 1.42');
  await expect(evidence.locator('.seed')).toHaveText('1837465');
  await expect(cell(page, 'version.header', '1.42')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(evidence).toBeHidden();
  await expect(link).toBeFocused();
  await failing.nth(1).locator('a').click();
  await expect(evidence.locator('h2')).toHaveText('version.too-old @ api 1.41');
});

test('the fail and error badges filter the matrix to those rows, by mouse and keyboard', async ({ page }) => {
  await openReport(page);
  const rows = page.locator('table.matrix tbody tr:not(.group)');
  const visibleRules = async () =>
    await rows.evaluateAll((trs) => trs.filter((tr) => !(tr as HTMLElement).hidden).map((tr) => tr.querySelector('th a')?.textContent ?? ''));
  const fail = page.getByRole('button', { name: /^✗ fail 2$/ });
  const error = page.getByRole('button', { name: /^! error 1$/ });
  await expect(fail).toHaveAttribute('aria-pressed', 'false');
  expect(await visibleRules()).toEqual(['version.header', 'version.too-old', 'ping.head']);
  await fail.click();
  await expect(fail).toHaveAttribute('aria-pressed', 'true');
  expect(await visibleRules()).toEqual(['version.header', 'ping.head']);
  await expect(cell(page, 'version.too-old', '1.41')).toBeHidden();
  await expect(page.locator('#filter-note')).toContainText('2 rules with a fail cell');
  // the grid keeps a tab stop on a visible cell, and arrows skip hidden rows
  await cell(page, 'version.header', '1.41').focus();
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 'version.header', '1.41')).toBeFocused(); // version.too-old is hidden, ping.head has no 1.41 cell
  // keyboard on the error badge: only the error row, and the group of implementation rules folds away
  await error.focus();
  await page.keyboard.press('Enter');
  await expect(error).toHaveAttribute('aria-pressed', 'true');
  await expect(fail).toHaveAttribute('aria-pressed', 'false');
  expect(await visibleRules()).toEqual(['version.too-old']);
  await expect(page.locator('table.matrix tr.group').nth(1)).toBeHidden();
  await expect(page.locator('table.matrix td[tabindex="0"]')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(error).toHaveAttribute('aria-pressed', 'false');
  expect(await visibleRules()).toEqual(['version.header', 'version.too-old', 'ping.head']);
  await expect(page.locator('#filter-note')).toHaveText('');
});

test('arbitrary reports: the bars count the cells’ statuses per area, the failing list names exactly the failing rules', async ({ page }) => {
  const samples = [...fc.sample(reportArb, { numRuns: 30, seed: 11 }), ...fc.sample(versionedReportArb, { numRuns: 30, seed: 12 })];
  for (const r of samples) {
    await page.setContent(renderHtml(r));
    const got = await page.evaluate(() => {
      const bars = [...document.querySelectorAll('ul.areas > li')].map((li) => ({
        area: li.getAttribute('data-area') ?? '',
        counts: Object.fromEntries([...li.querySelectorAll('.n')].map((n) => [n.getAttribute('data-status'), Number(n.getAttribute('data-count'))])),
        rects: Object.fromEntries([...li.querySelectorAll('rect')].map((n) => [n.getAttribute('data-status'), Number(n.getAttribute('data-count'))])),
      }));
      const failing = [...document.querySelectorAll('ul.failing > li')].map((li) => ({
        rule: li.getAttribute('data-rule'),
        status: li.getAttribute('data-status'),
        target: li.querySelector('a')?.getAttribute('data-cell') ?? null,
        known: li.getAttribute('data-known'),
      }));
      const split = Number(/\(of which (\d+) /.exec(document.getElementById('failing-title')?.textContent ?? '')?.[1] ?? 0);
      const cells = [...document.querySelectorAll('table.matrix td')].map((td) => ({
        rule: td.getAttribute('data-rule'),
        status: td.getAttribute('data-status'),
        id: td.id,
        out: td.hasAttribute('data-out'),
        known: td.getAttribute('data-known') === '1',
        folded: td.closest('tr[data-not-carried]') !== null,
      }));
      // the grid's one tab stop is a cell that is shown, whenever any clickable cell is
      const stop = document.querySelector('table.matrix td[tabindex="0"]');
      const anyShown = [...document.querySelectorAll('table.matrix td[role=button]')].some((c) => c.getClientRects().length > 0);
      const stopShown = !anyShown || (stop !== null && stop.getClientRects().length > 0);
      return { bars, failing, cells, stopShown, split };
    });
    // the areas the page should show: the id's first segment (reportArb's rules carry no area)
    const areaOf = (rule: string) => rule.split('.')[0] ?? rule;
    const want = new Map<string, Record<string, number>>();
    for (const c of got.cells) {
      if (c.folded) continue; // a rule of a surface the target does not carry: one line, not a bar
      const a = areaOf(c.rule ?? '');
      const counts = want.get(a) ?? { pass: 0, fail: 0, error: 0, skipped: 0 };
      want.set(a, counts);
      if (c.out && c.status === 'skipped') continue; // a version the target does not serve is no skipped work
      if (c.status !== null && c.status in counts) counts[c.status]!++;
    }
    expect(got.stopShown).toBe(true);
    expect(got.bars.map((b) => b.area)).toEqual([...want.keys()]);
    for (const b of got.bars) {
      expect(b.counts).toEqual(want.get(b.area));
      expect(b.rects).toEqual(Object.fromEntries(Object.entries(want.get(b.area) ?? {}).filter(([, n]) => n > 0)));
    }
    const failingRules = [...new Set(got.cells.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.rule))];
    expect(got.failing.map((f) => f.rule)).toEqual(failingRules);
    // a rule is a known deviation in the list when all its failing and erring cells are marked, partly when some are
    for (const f of got.failing) {
      const bad = got.cells.filter((c) => c.rule === f.rule && (c.status === 'fail' || c.status === 'error')).map((c) => c.known);
      expect(f.known).toBe(bad.every(Boolean) ? 'all' : bad.some(Boolean) ? 'some' : null);
    }
    expect(got.split).toBe(got.failing.filter((f) => f.known === 'all').length);
    for (const f of got.failing) {
      const own = got.cells.filter((c) => c.rule === f.rule);
      expect(f.status).toBe(own.some((c) => c.status === 'fail') ? 'fail' : 'error');
      const target = own.find((c) => c.id === f.target);
      expect(target?.status).toBe(f.status);
    }
  }
});

/** reportArb with API versions named 1.0, 1.1, … and a served range among them: some columns fold away. */
const versionedReportArb = fc.tuple(reportArb, fc.nat(), fc.nat()).map(([r, a, b]) => {
  const name = new Map(r.apiVersions.map((v, i) => [v, `1.${i}`]));
  const versions = [...name.values()];
  const lo = versions.length === 0 ? '1.0' : versions[Math.min(a, b) % versions.length]!;
  const hi = versions.length === 0 ? '1.0' : versions[Math.max(a, b) % versions.length]!;
  const [min, max] = Number(lo.slice(2)) <= Number(hi.slice(2)) ? [lo, hi] : [hi, lo];
  return {
    ...r,
    target: { ...r.target, observedApiRange: { min, max, source: 'version' as const } },
    apiVersions: versions,
    results: r.results.map((x) => ({ ...x, api: x.api === null ? null : (name.get(x.api) ?? x.api) })),
  };
});

test('the matrix opens at the served API range; the other versions unfold by a toggle; a version where a cell fails is never folded', async ({ page }) => {
  const narrow = browserReport();
  const r = { ...narrow, target: { ...narrow.target, observedApiRange: { min: '1.41', max: '1.42', source: 'version' as const } } };
  await page.setContent(renderHtml(r));
  // 1.40 and 1.43 are not served; ping.head fails at 1.43, so 1.43 stays shown, marked
  const toggle = page.getByRole('button', { name: 'Show the 1 API version the target does not serve' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('table.matrix thead th:visible')).toHaveText(['Rule', '—', '1.41', '1.42', '1.43']);
  await expect(page.locator('table.matrix thead th[data-unserved-failing]')).toHaveText(['1.43']);
  await expect(page.locator('#unserved-failing')).toContainText('1.43: not served, shown because a cell there fails or errs');
  await expect(cell(page, 'version.header', '1.40')).toBeHidden();
  await expect(cell(page, 'ping.head', '1.43')).toBeVisible();
  // the skipped cell at 1.43 now counts, in a column shown; the pass at 1.40 still counts
  await expect(page.locator('ul.areas svg.bar').first()).toHaveAttribute('aria-label', 'version: 2 pass, 1 fail, 1 error, 1 skipped');
  // the tab stop is a shown cell; arrows do not enter folded columns
  const stop = page.locator('table.matrix td[tabindex="0"]');
  await expect(stop).toBeVisible();
  await cell(page, 'ping.head', '1.43').focus();
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'ping.head', '1.43')).toBeFocused();
  // keyboard on the toggle unfolds and folds
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('table.matrix thead th:visible')).toHaveText(['Rule', '—', '1.40', '1.41', '1.42', '1.43']);
  await page.keyboard.press('Enter');
  await expect(cell(page, 'version.header', '1.40')).toBeHidden();
  await expect(cell(page, 'ping.head', '1.43')).toBeVisible();
  // the failing list's link opens the failure at 1.43
  await page.locator('ul.failing a', { hasText: 'ping.head' }).click();
  await expect(cell(page, 'ping.head', '1.43')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#evidence h2')).toHaveText('ping.head @ api 1.43');
});

test('failures are never hidden: under every filter, every failing or erring result’s cell is shown (arbitrary reports and served ranges)', async ({
  page,
}) => {
  const samples = [...fc.sample(versionedReportArb, { numRuns: 40, seed: 38 }), browserReport(), llamaServerReport(), llamaWithDaemonFailure()];
  let checked = 0;
  for (const r of samples) {
    await page.setContent(renderHtml(r));
    for (const filter of [null, 'fail', 'error'] as const) {
      const button = filter === null ? null : page.locator(`button.filter[data-filter="${filter}"]`);
      if (button !== null && (await button.count()) === 0) continue;
      if (button !== null && (await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      const hidden = await page.evaluate((status) => {
        const data = JSON.parse(document.getElementById('report-data')?.textContent ?? '{}') as {
          results: { rule: string; api: string | null; status: string }[];
        };
        // a cell lists the indices of its results in data-r (rule ids may hold characters HTML rewrites)
        const cellOf = new Map<number, Element>();
        for (const td of document.querySelectorAll('table.matrix td[data-r]'))
          for (const i of (td.getAttribute('data-r') ?? '').split(' ')) cellOf.set(Number(i), td);
        return data.results
          .flatMap((x, i) => ((status === null ? x.status === 'fail' || x.status === 'error' : x.status === status) ? [{ x, i }] : []))
          .filter(({ i }) => {
            const td = cellOf.get(i);
            return td === undefined || td.getClientRects().length === 0;
          })
          .map(({ x }) => `${JSON.stringify(x.rule)}@${x.api}`);
      }, filter);
      expect(hidden, `filter ${filter}`).toEqual([]);
      checked++;
      if (button !== null) await button.click();
    }
  }
  expect(checked).toBeGreaterThan(40);
});

test('a rule that cannot be tested here is one cell, not one per version', async ({ page }) => {
  const base = browserReport();
  const skippedEverywhere = (api: string | null) => ({
    rule: 'version.too-old',
    api,
    status: 'skipped' as const,
    evidence: { summary: 'not run', reason: 'the target has no daemon process' },
    durationMs: 0,
  });
  const results = [...base.results.filter((x) => x.rule !== 'version.too-old'), ...['1.40', '1.41', '1.42'].map(skippedEverywhere)];
  const r = { ...base, results, target: { ...base.target, observedApiRange: { min: '1.40', max: '1.42', source: 'version' as const } } };
  await page.setContent(renderHtml(r));
  const once = page.locator('table.matrix td[data-rule="version.too-old"]');
  await expect(once).toHaveCount(1);
  await expect(once).toHaveText('– the target has no daemon process');
  await expect(once).toHaveAttribute('aria-label', 'version.too-old: skipped at every API version (3 results): the target has no daemon process');
  await expect(once).toHaveAttribute('colspan', '5'); // "—", the 3 served versions and 1.43, where ping.head fails
  // counted once in the bars
  // (and version.header's skipped cell at 1.43, a column shown for ping.head's failure)
  await expect(page.locator('ul.areas svg.bar').first()).toHaveAttribute('aria-label', 'version: 2 pass, 1 fail, 0 error, 2 skipped');
  // the only version not served holds a failure: nothing is folded, so there is nothing to unfold
  await expect(page.locator('#show-unserved')).toHaveCount(0);
  // keyboard: reached by arrows, Enter opens every result it holds
  await cell(page, 'version.header', '1.41').focus();
  await page.keyboard.press('ArrowDown');
  await expect(once).not.toBeFocused(); // it sits in the first column only
  await once.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#evidence article')).toHaveCount(3);
  await expect(page.locator('#evidence')).toContainText('the target has no daemon process');
});

/** browserReport with version.header@1.42 a known deviation of its release, and its curl line's socket gone. */
function knownDeviationReport() {
  const base = browserReport();
  const note = {
    release: '1.0',
    apis: ['1.42'],
    what: 'answers /version without the API-Version header',
    evidence: 'GET /v1.42/version on 1.0.3: no API-Version <header>',
    ruleSays: 'Every response carries the API-Version header.',
  };
  const rules = base.rules.map((r) => (r.id === 'version.header' ? { ...r, knownDeviations: [note] } : r));
  const results = base.results.map((r) =>
    r.rule === 'version.header' && r.api === '1.42'
      ? {
          ...r,
          knownDeviation: true as const,
          evidence: {
            ...r.evidence,
            curlAfterRun: {
              note: 'the socket /tmp/ctc-x/d.sock was temporary (the simulator’s, removed after the run): start a simulator …',
              commands: [
                'node dist/simulator/bin/ctrd-sim.js -H unix:///tmp/ctrd-sim/d.sock --brand ctr',
                "curl -sS -i --unix-socket /tmp/ctrd-sim/d.sock 'http://localhost/v1.42/version'",
              ],
            },
          },
        }
      : r,
  );
  return { ...base, rules, results };
}

test('a known deviation: still a failure, marked in the matrix and the failing list, its evidence beside the rule’s words', async ({ page }, testInfo) => {
  await page.setContent(renderHtml(knownDeviationReport()));
  const known = cell(page, 'version.header', '1.42');
  await expect(known).toHaveAttribute('data-status', 'fail');
  await expect(known).toHaveAttribute('data-known', '1');
  await expect(known).toHaveText('✗K');
  await expect(known).toHaveAttribute('aria-label', 'version.header @ api 1.42: fail (known deviation of 1.0)');
  // distinct from a plain failure: hatched, where the other failing cell is plain red
  const plain = cell(page, 'ping.head', '1.43');
  await expect(plain).not.toHaveAttribute('data-known', '1');
  expect(await known.evaluate((e) => getComputedStyle(e).backgroundImage)).toMatch(/repeating-linear-gradient/);
  expect(await plain.evaluate((e) => getComputedStyle(e).backgroundImage)).toBe('none');
  // the totals are unchanged: a known deviation is a failure
  await expect(page.getByRole('button', { name: /^✗ fail 2$/ })).toBeVisible();
  // the failing list: the split in its heading, the badge on the rule
  await expect(page.locator('#failing-title')).toHaveText('Failing and erring rules: 3 (of which 1 is a known deviation of 1.0: still failures)');
  const items = page.locator('ul.failing > li');
  await expect(items.nth(0)).toHaveAttribute('data-known', 'all');
  await expect(items.nth(0).locator('.badge.known')).toHaveText('known deviation of 1.0');
  await expect(items.nth(1).locator('.badge.known')).toHaveCount(0);
  await expect(items.nth(2).locator('.badge.known')).toHaveCount(0);
  await expect(page.locator('.legend')).toContainText('known deviation of 1.0: still a failure');
  // keyboard from the list: the evidence shows the rule's words beside what the release does
  await items.nth(0).locator('a').focus();
  await page.keyboard.press('Enter');
  const evidence = page.locator('#evidence');
  await expect(evidence).toBeVisible();
  const box = evidence.locator('.known-deviation');
  await expect(box.locator('h4')).toHaveText('Known deviation of 1.0: still a failure');
  await expect(box.locator('.rule-says')).toHaveText('Every response carries the API-Version header.');
  await expect(box.locator('.release-does')).toHaveText('answers /version without the API-Version header');
  await expect(box.locator('.observed')).toHaveText('GET /v1.42/version on 1.0.3: no API-Version <header>');
  await expect(evidence.locator('.badge').first()).toHaveText('✗ fail');
  await expect(evidence.locator('.summary')).toContainText('got no header');
  // the curl line's socket is gone: the note and the commands that send it again
  await expect(evidence.locator('.after-run-note')).toContainText('/tmp/ctc-x/d.sock was temporary');
  await expect(evidence.locator('.after-run-command')).toHaveText([
    /^node dist\/simulator\/bin\/ctrd-sim\.js -H unix:\/\/\/tmp\/ctrd-sim\/d\.sock/,
    /^curl .*\/tmp\/ctrd-sim\/d\.sock/,
  ]);
  const png = testInfo.outputPath('known-deviation.png');
  await page.screenshot({ path: png, fullPage: true });
  await testInfo.attach('known-deviation', { path: png, contentType: 'image/png' });
  await page.keyboard.press('Escape');
  // a plain failure shows no such box
  await plain.click();
  await expect(evidence.locator('.known-deviation')).toHaveCount(0);
});

test('a --baseline run: the Baseline section lists the regressed cells, outlined in the matrix, each link opening its evidence', async ({ page }) => {
  const base = browserReport();
  const before = { ...base, results: base.results.map((r) => (r.rule === 'version.header' && r.api === '1.42' ? { ...r, status: 'pass' as const } : r)) };
  const gated = { ...base, baseline: baselineOutcome(base, baselineOf(before), 'ci/baseline.json') };
  await page.setContent(renderHtml(gated));
  await expect(page.locator('#baseline-title')).toHaveText(/^Baseline ci\/baseline\.json: 1 regressed, 0 improved — the gate fails$/);
  await expect(page.locator('#baseline')).toHaveAttribute('data-passed', 'false');
  await expect(page.locator('table.matrix td[data-regressed="1"]')).toHaveCount(1);
  await expect(cell(page, 'version.header', '1.42')).toHaveAttribute('data-regressed', '1');
  await page.locator('#baseline ul.regressions a').click();
  await expect(cell(page, 'version.header', '1.42')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#evidence h2')).toHaveText('version.header @ api 1.42');
});

test('the header leads with the certification decision, the one line certify prints', async ({ page }) => {
  await openReport(page);
  const banner = page.locator('header p.verdict');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-certified', 'false');
  await expect(banner).toHaveText(certificationLine(report));
  await expect(banner).toHaveText(/^NOT CERTIFIED: /);
  // above the meta data: the first thing under the title
  expect(await page.locator('header > *').nth(1).getAttribute('id')).toBe('verdict');
});

/** The llama-server report with a failure where the target has no surface for it (a report from anywhere): it must not fold. */
function llamaWithDaemonFailure() {
  const base = llamaServerReport();
  const results = base.results.map((r) =>
    r.rule === 'api.version.prefix' && r.api === '1.44' ? { ...r, status: 'fail' as const, evidence: { summary: 'fails' } } : r,
  );
  return { ...base, results, totals: { ...base.totals, skipped: base.totals.skipped - 1, fail: base.totals.fail + 1 } };
}

test('a target with only the model runner API (llama-server): its results lead, the rules it cannot carry are one line that unfolds', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const r = llamaServerReport();
  await page.setContent(renderHtml(r));
  // the header names what was tested, not a daemon's unknown version, release and API range
  await expect(page.locator('.meta div').filter({ hasText: 'Tested' }).locator('dd')).toHaveText(
    "the model runner's API of llama.cpp (llama-server) b11669-Debian",
  );
  await expect(page.locator('header .meta')).not.toContainText('unknown');
  // the rows shown are the model runner API's rules, document rules first; the bars are the model runner's
  const shownRules = () =>
    page
      .locator('table.matrix tbody tr:not(.group)')
      .evaluateAll((trs) => trs.filter((tr) => tr.getClientRects().length > 0).map((tr) => tr.querySelector('th a')?.textContent ?? ''));
  const carried = r.rules.filter((rule) => rule.surface === 'model-runner-api');
  const lead = [...carried.filter((rule) => rule.source === 'document'), ...carried.filter((rule) => rule.source === 'implementation')].map((rule) => rule.id);
  expect(await shownRules()).toEqual(lead);
  await expect(page.locator('ul.areas > li')).toHaveCount(1);
  await expect(page.locator('ul.areas > li')).toHaveAttribute('data-area', 'model-runner');
  await expect(page.locator('table.matrix thead th:visible')).toHaveText(['Rule', '—']);
  // the rest: one line, in the summary and in the matrix, never hidden silently
  const folded = r.rules.length - carried.length;
  const line = `${folded} rules not judged on this target`;
  await expect(page.locator('#not-carried-line')).toBeVisible();
  await expect(page.locator('#not-carried-line')).toContainText(line);
  const row = page.locator('#not-carried');
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${line} (`);
  await expect(row).toContainText("it carries only the model runner's API; they speak of the daemon as a process (");
  await expect(page.locator('#skipped-not-carried')).toBeVisible();
  // the failures of the model runner's cells are shown, the known deviation marked
  await expect(cell(page, FAILING_MR, null)).toHaveAttribute('data-status', 'fail');
  await expect(cell(page, FAILING_MR, null)).toBeVisible();
  await expect(cell(page, ERRING_MR, null)).toHaveAttribute('data-status', 'error');
  await expect(cell(page, KNOWN_MR, null)).toHaveAttribute('data-known', '1');
  await expect(page.locator('ul.failing > li')).toHaveCount(3);
  // the keyboard stays in the rows shown: the tab stop is shown, and ArrowDown from the last one goes nowhere
  await expect(page.locator('table.matrix td[tabindex="0"]')).toBeVisible();
  const last = page.locator('table.matrix tbody tr:not(.group):not([data-not-carried]) td[role=button]').last();
  await last.focus();
  await page.keyboard.press('ArrowDown');
  await expect(last).toBeFocused();
  // unfold by the button (and fold again), then by the summary's link
  const toggle = page.locator('#show-not-carried');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect((await shownRules()).length).toBe(r.rules.length);
  const prefix = page.locator('td[data-rule="api.version.prefix"]');
  await expect(prefix).toBeVisible();
  await prefix.click();
  await expect(page.locator('#evidence')).toContainText('has no daemon API');
  await page.locator('#evidence-close').click();
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(prefix).toBeHidden();
  await page.locator('#not-carried-link').click();
  await expect(prefix).toBeVisible();
  // the filters: only the failing model runner rules, folded or not
  for (const [filter, rules] of [
    ['fail', [FAILING_MR, KNOWN_MR]],
    ['error', [ERRING_MR]],
  ] as const) {
    await page.locator(`button.filter[data-filter="${filter}"]`).click();
    expect((await shownRules()).sort()).toEqual([...rules].sort());
    await page.locator(`button.filter[data-filter="${filter}"]`).click();
  }
  expect(problems).toEqual([]);
});

test('a failure on a surface the target does not carry is not folded: its row and its column stay in view', async ({ page }) => {
  await page.setContent(renderHtml(llamaWithDaemonFailure()));
  const failing = cell(page, 'api.version.prefix', '1.44');
  await expect(failing).toBeVisible();
  await expect(failing).toHaveAttribute('data-status', 'fail');
  await expect(page.locator('tr[data-not-carried] td[data-rule="api.version.prefix"]')).toHaveCount(0);
  await expect(page.locator('table.matrix thead th:visible')).toHaveText(['Rule', '—', '1.44']);
});
