import { createHash } from 'node:crypto';
import fc from 'fast-check';
import t from 'tap';
import { renderHtml } from '../reports/renderers/html.js';
import type { ConformanceReport, ResultStatus } from '../reports/model/result.js';
import { decodeHtmlAttr, embeddedData, htmlVisible, matrixCells, reportArb, sampleReport, totalsOf } from './reports-fixtures.js';

const SEVERITY: ResultStatus[] = ['fail', 'error', 'skipped', 'pass', 'not-applicable'];
const SYMBOL: Record<string, string> = { pass: '✓', fail: '✗', error: '!', skipped: '–', 'not-applicable': '·', none: '' };

function check(report: ConformanceReport): void {
  const html = renderHtml(report);
  const fail = (m: string) => {
    throw new Error(m);
  };
  // embedded data: parses back to the very same report, and cannot end the script early
  const data = embeddedData(html);
  if (/<\/script|<!--|<script/i.test(data)) fail('dangerous sequence inside the data block');
  const back: unknown = JSON.parse(data);
  if (JSON.stringify(back) !== JSON.stringify(report)) fail('embedded data differs from the report');
  // no user string escaped its context: exactly our two scripts, one style, no comments
  if ((html.match(/<script/gi) ?? []).length !== 2) fail('unexpected <script');
  if ((html.match(/<\/script/gi) ?? []).length !== 2) fail('unexpected </script');
  if ((html.match(/<style/gi) ?? []).length !== 1) fail('unexpected <style');
  if (html.includes('<!--')) fail('comment opener in page');
  // the matrix: one cell per rule x column, every result in exactly one cell with the worst status
  const cells = matrixCells(html);
  const rules = new Set([...report.rules.map((r) => r.id), ...report.results.map((r) => r.rule)]);
  const cols = new Set([...report.apiVersions, ...report.results.flatMap((r) => (r.api === null ? [] : [r.api]))]);
  // a rule skipped everywhere for one reason, at two places or more, is one cell
  const once = new Set(
    [...rules].filter((id) => {
      const own = report.results.filter((r) => r.rule === id);
      return (
        new Set(own.map((r) => JSON.stringify([r.rule, r.api]))).size >= 2 &&
        new Set(own.map((r) => r.evidence.reason ?? r.evidence.summary)).size === 1 &&
        own.every((r) => r.status === 'skipped')
      );
    }),
  );
  const expectedCells = (rules.size - once.size) * (cols.size + 1) + once.size;
  if (cells.length !== expectedCells) fail(`${cells.length} cells, expected ${expectedCells}`);
  const seen = new Set<number>();
  for (const c of cells) {
    if (/data-once=/.test(c.attrs)) {
      const id = [...once].find((r) => htmlVisible(r) === c.rule);
      if (id === undefined) return fail(`one cell for ${JSON.stringify(c.rule)}, which is not skipped everywhere for one reason`);
      const own = report.results.flatMap((r, i) => (r.rule === id ? [i] : []));
      if (JSON.stringify(c.ids) !== JSON.stringify(own)) fail('the one cell of a rule skipped everywhere holds all its results');
      if (c.status !== 'skipped' || c.api !== 'every' || !c.text.startsWith('– ')) fail('the one cell: skipped, every version, symbol first');
      for (const i of own) seen.add(i);
      continue;
    }
    for (const i of c.ids) {
      const r = report.results[i];
      if (!r) return fail(`cell names result ${i}`);
      if (seen.has(i)) fail(`result ${i} in two cells`);
      seen.add(i);
      if (c.rule !== htmlVisible(r.rule)) fail(`cell rule ${JSON.stringify(c.rule)} for result rule ${JSON.stringify(r.rule)}`);
      if (c.api !== (r.api === null ? 'none' : htmlVisible(r.api))) fail('cell api');
    }
    const want = SEVERITY.find((s) => c.ids.some((i) => report.results[i]?.status === s)) ?? 'none';
    if (c.status !== want) fail(`cell status ${c.status}, expected ${want}`);
    if (c.text !== SYMBOL[want]) fail(`cell text ${JSON.stringify(c.text)} for ${want}`);
    if (c.ids.length > 0 !== /role="button" tabindex="-?[01]"/.test(c.attrs)) fail('role/tabindex only on cells with results');
    // a failing cell is marked a known deviation exactly when every failing result in it is one
    const known = want === 'fail' && c.ids.every((i) => report.results[i]?.status !== 'fail' || report.results[i]?.knownDeviation === true);
    if (/ data-known="1"/.test(c.attrs) !== known) fail(`cell ${c.rule}@${c.api}: known-deviation marker ${!known}, expected ${known}`);
  }
  if (seen.size !== report.results.length) fail('some results have no cell');
  // the failing list: a rule is a known deviation when all its failing and erring cells are, partly when some are
  const listed = [...html.matchAll(/<li data-rule="([^"]*)" data-status="(?:fail|error)"(?: data-known="(all|some)")?>/g)].map((m) => [
    decodeHtmlAttr(m[1] ?? ''),
    m[2] ?? 'none',
  ]);
  const bad = cells.filter((c) => c.status === 'fail' || c.status === 'error');
  const expectedList = [...new Set(bad.map((c) => c.rule))].map((rule) => {
    const own = bad.filter((c) => c.rule === rule).map((c) => / data-known="1"/.test(c.attrs));
    return [rule, own.every(Boolean) ? 'all' : own.some(Boolean) ? 'some' : 'none'];
  });
  if (JSON.stringify(listed) !== JSON.stringify(expectedList)) fail(`failing list ${JSON.stringify(listed)}, expected ${JSON.stringify(expectedList)}`);
  const knownRules = expectedList.filter(([, k]) => k === 'all').length;
  const heading =
    /<h2 id="failing-title">Failing and erring rules: (\d+)(?: <span class="split">\(of which (\d+) (?:is a|are) known deviations? of [^<]*: still failures\)<\/span>)?<\/h2>/.exec(
      html,
    );
  if (heading === null) return fail('no failing heading');
  if (Number(heading[1]) !== expectedList.length || Number(heading[2] ?? 0) !== knownRules)
    fail(`heading ${heading[0]}: ${knownRules} known of ${expectedList.length}`);
  if ((html.match(/tabindex="0"/g) ?? []).length !== (report.results.length > 0 ? 1 : 0)) fail('roving tabindex: one tab stop');
}

t.test('sample report', async (t) => {
  t.doesNotThrow(() => check(sampleReport()));
  const html = renderHtml(sampleReport());
  t.match(html, /<td data-rule="version.header" data-api="1.41" data-status="fail" data-r="1" role="button" tabindex="-1"[^>]*>✗<\/td>/);
  t.match(html, /<td data-rule="ping.head" data-api="none" data-status="error" data-r="4" role="button"[^>]*>!<\/td>/);
  t.match(html, /<td data-rule="ping.head" data-api="1.40" data-status="none"><\/td>/);
  t.match(html, /HEAD \/_ping &lt;answers&gt; &amp; &quot;works&quot;/);
  t.match(html, /&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  t.match(html, /<dt>Seed<\/dt><dd>42<\/dd>/);
  t.match(html, /<dt>API range<\/dt><dd>1.40 – 1.41<\/dd>/);
  t.match(html, /<dt>Observed API range<\/dt><dd>1.40 – 1.41<\/dd>/);
  t.match(html, /<dt>Deadlines<\/dt><dd>request 10.0 s, cell 2 min 0 s, run 30 min 0 s<\/dd>/);
  t.match(html, /id="evidence"/);
  // self-contained: nothing that could load a resource (the embedded data may hold URLs: curl lines)
  const page = html.replace(embeddedData(html), '');
  t.notMatch(page, /\b(src|href)="(?!#)/i);
  t.notMatch(page, /url\(|@import|@font-face|https?:/i);
  t.ok(Buffer.byteLength(html) < 40_000, `small page (${Buffer.byteLength(html)} bytes)`);
});

t.test('the inline script and style are what the CSP allows, and the script has no "</"', async (t) => {
  const html = renderHtml(sampleReport());
  const script = /<script>([\s\S]*)<\/script>\n<\/body>/.exec(html)?.[1] ?? '';
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  t.ok(script.length > 100 && style.length > 100);
  t.notOk(script.includes('</'), 'no "</" in the script');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
  const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
  t.match(csp, /^default-src 'none'; /);
  t.ok(csp.includes(`script-src ${hash(script)}`), 'script hash');
  t.ok(csp.includes(`style-src ${hash(style)}`), 'style hash');
});

t.test('arbitrary reports: data round-trips, nothing escapes, matrix matches', async (t) => {
  let known = 0;
  fc.assert(
    fc.property(reportArb, (report) => {
      check(report);
      if (report.results.some((r) => r.knownDeviation === true)) known++;
    }),
    { numRuns: 300 },
  );
  t.pass('300 arbitrary reports');
  // The path is exercised, whatever the draw: about one report in twelve has such a cell (20 of 300
  // in a run of 2026-12-07, so a bound of 20 failed now and then).
  t.ok(known >= 5, `${known} of 300 reports had a known-deviation cell`);
});

t.test('arbitrary reports where some rules are skipped everywhere for one reason: each such rule is one cell', async (t) => {
  // the first rule of each report: every result of it skipped, one reason (a rule that cannot be tested here)
  const withUntestable = reportArb.map((r) => {
    const id = r.results[0]?.rule;
    const results = r.results.map((x) =>
      x.rule === id ? { ...x, status: 'skipped' as const, evidence: { summary: 'not run', reason: 'cannot be tested here' } } : x,
    );
    return { ...r, results, totals: totalsOf(results) };
  });
  let seen = 0;
  fc.assert(
    fc.property(withUntestable, (r) => {
      check(r);
      if (renderHtml(r).includes('data-once=')) seen++;
    }),
    { numRuns: 300 },
  );
  t.ok(seen > 20, `${seen} of 300 reports had a rule shown once`);
});

t.test('size: 25 rules x 45 versions stays reasonable', async (t) => {
  const apis = Array.from({ length: 45 }, (_, i) => `1.${i + 10}`);
  const rules = Array.from({ length: 25 }, (_, i) => ({
    id: `rule.number-${i}`,
    title: `Rule number ${i} does a thing`,
    source: 'document' as const,
    section: `§${i}`,
  }));
  const statuses: ResultStatus[] = ['pass', 'pass', 'pass', 'fail', 'not-applicable', 'skipped', 'error'];
  const results = rules.flatMap((r, i) =>
    apis.map((api, j) => ({ rule: r.id, api, status: statuses[(i + j) % statuses.length]!, evidence: { summary: 'expected x, got y' }, durationMs: 1 })),
  );
  const totals = { pass: 0, fail: 0, 'not-applicable': 0, skipped: 0, error: 0 };
  for (const r of results) totals[r.status]++;
  const report: ConformanceReport = { ...sampleReport(), apiVersions: apis, rules, results, totals };
  const started = performance.now();
  const html = renderHtml(report);
  const ms = performance.now() - started;
  t.ok(Buffer.byteLength(html) < 600_000, `${Buffer.byteLength(html)} bytes`);
  t.ok(ms < 500, `rendered in ${ms.toFixed(1)} ms`);
  t.doesNotThrow(() => check(report));
});
