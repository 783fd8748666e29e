import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import fc from 'fast-check';
import { renderHtml, renderJunit, type ResultStatus } from '../../reports/index.js';
import { browserReport, reportArb } from '../reports-fixtures.js';

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
async function openReport(page: Page): Promise<{ requests: string[]; problems: string[] }> {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return { requests, problems };
}

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
  await expect(page.locator('table.matrix thead th').last()).toHaveText('—');
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
    expect(got.cells).toBe(rules * cols);

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
