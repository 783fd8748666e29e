import fc from 'fast-check';
import t from 'tap';
import { CompareError } from '../reports/compare/compare-error.js';
import { compareReports, type CompareInput } from '../reports/compare/compare-reports.js';
import { implementationLabel } from '../reports/compare/labels.js';
import { MAX_DIFFERING_ROWS, renderComparisonMarkdown } from '../reports/renderers/compare-markdown.js';
import { percentText, verdictText } from '../reports/renderers/compare-text.js';
import { renderComparisonHtml } from '../reports/renderers/compare-html.js';
import { renderComparisonJson } from '../reports/renderers/compare-json.js';
import { ruleAnchors } from '../reports/compare/rule-anchor.js';
import type { Comparison, RuleVerdict } from '../reports/compare/comparison.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { escapeHtml, renderHtml } from '../reports/renderers/html.js';
import { fixedReports, implementationReport, reportsToCompareArb } from './compare-fixtures.js';
import { htmlVisible, reportArb } from './reports-fixtures.js';

/**
 * `compare` (issue 23, "Side by side"): the model's verdicts and scores against a reference
 * written here from the raw results, the order of the rows, and the three renderings.
 */
const NUM_RUNS = 150;

const inputsOf = (reports: readonly ConformanceReport[], labels: readonly (string | undefined)[] = []): CompareInput[] =>
  reports.map((report, i) => ({
    source: `r${i}/report.json`,
    report,
    reportHref: `../r${i}/report.html`,
    ...(labels[i] === undefined ? {} : { label: labels[i] }),
  }));

/** The reference verdict of a rule on a report, from its results alone. */
function referenceVerdict(report: ConformanceReport, rule: string): RuleVerdict {
  const seen = new Set(report.results.filter((r) => r.rule === rule).map((r) => r.status));
  for (const status of ['fail', 'error', 'pass', 'skipped', 'not-applicable'] as const) if (seen.has(status)) return status;
  return 'not-run';
}

/** Every rule of the reports: those listed in order of first appearance (the first listing's area), then those only results name (the id's first segment). */
function referenceRules(reports: readonly ConformanceReport[]): { id: string; area: string }[] {
  const found = new Map<string, string>();
  for (const report of reports) for (const r of report.rules) if (!found.has(r.id)) found.set(r.id, r.area ?? r.id.split('.')[0]!);
  for (const report of reports) for (const r of report.results) if (!found.has(r.rule)) found.set(r.rule, r.rule.split('.')[0]!);
  return [...found].map(([id, area]) => ({ id, area }));
}

const judged = (v: RuleVerdict): boolean => v === 'pass' || v === 'fail' || v === 'error';

t.test('scores: per area and overall, of the rules every implementation judged, those each passes and those all pass', async (t) => {
  fc.assert(
    fc.property(reportsToCompareArb, ({ reports, labels }) => {
      const c = compareReports(inputsOf(reports, labels));
      const rules = referenceRules(reports);
      const areas = [...new Set(rules.map((r) => r.area))];
      t.strictSame(
        c.areas.map((a) => a.area),
        areas,
        'areas in order of first appearance',
      );
      const shares: { interop: number; passed: number[] }[] = [];
      for (const area of c.areas) {
        const members = rules.filter((r) => r.area === area.area).map((r) => reports.map((report) => referenceVerdict(report, r.id)));
        const scored = members.filter((verdicts) => verdicts.every(judged));
        const interop = scored.filter((verdicts) => verdicts.every((v) => v === 'pass')).length;
        const passed = reports.map((_, i) => scored.filter((verdicts) => verdicts[i] === 'pass').length);
        if (area.score.rules !== members.length || area.score.scored !== scored.length || area.score.interop !== interop) return false;
        if (JSON.stringify(area.score.passed) !== JSON.stringify(passed)) return false;
        if (scored.length === 0 ? area.score.interopShare !== null : area.score.interopShare !== interop / scored.length) return false;
        // Interoperability never exceeds any implementation's own share.
        if (area.score.passed.some((n) => n < area.score.interop)) return false;
        if (scored.length > 0) shares.push({ interop: interop / scored.length, passed: passed.map((n) => n / scored.length) });
      }
      const all = c.overall.rules;
      if (all.rules !== rules.length || all.scored !== c.areas.reduce((n, a) => n + a.score.scored, 0)) return false;
      if (all.interop !== c.areas.reduce((n, a) => n + a.score.interop, 0)) return false;
      const mean = (xs: number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
      if (c.overall.meanOfAreas.areas !== shares.length) return false;
      if (c.overall.meanOfAreas.interopShare !== mean(shares.map((s) => s.interop))) return false;
      return reports.every((_, i) => c.overall.meanOfAreas.passedShare[i] === mean(shares.map((s) => s.passed[i]!)));
    }),
    { numRuns: NUM_RUNS },
  );
  t.pass(`the property held over ${NUM_RUNS} generated comparisons`);
});

t.test('rows: each rule once, its verdict over its results, the rules that differ first, each part in the order of first appearance', async (t) => {
  fc.assert(
    fc.property(reportsToCompareArb, ({ reports, labels }) => {
      const c = compareReports(inputsOf(reports, labels));
      const order = referenceRules(reports).map((r) => r.id);
      const rows = c.areas.flatMap((a) => a.rules);
      if (rows.length !== order.length || new Set(rows.map((r) => r.id)).size !== order.length) return false;
      for (const area of c.areas) {
        const firstSame = area.rules.findIndex((r) => !r.differs);
        if (firstSame !== -1 && area.rules.slice(firstSame).some((r) => r.differs)) return false;
        for (const part of [area.rules.filter((r) => r.differs), area.rules.filter((r) => !r.differs)]) {
          const places = part.map((r) => order.indexOf(r.id));
          if (places.some((p, i) => i > 0 && p < places[i - 1]!)) return false;
        }
        if (area.differing !== area.rules.filter((r) => r.differs).length) return false;
      }
      for (const row of rows) {
        const verdicts = reports.map((report) => referenceVerdict(report, row.id));
        if (JSON.stringify(row.cells.map((cell) => cell.verdict)) !== JSON.stringify(verdicts)) return false;
        if (row.differs !== new Set(verdicts.filter(judged)).size > 1) return false;
        if (row.scored !== verdicts.every(judged) || row.interoperable !== verdicts.every((v) => v === 'pass')) return false;
        for (const [i, cell] of row.cells.entries()) {
          const own = reports[i]!.results.filter((r) => r.rule === row.id);
          const failing = [...new Set(own.filter((r) => r.status === 'fail').map((r) => r.api))];
          if (JSON.stringify(cell.failing) !== JSON.stringify(failing)) return false;
          if (cell.judged !== new Set(own.filter((r) => judged(r.status)).map((r) => r.api)).size) return false;
          // The evidence: the report's page at the rule's anchor; none for a rule the report does not hold.
          const expected = cell.verdict === 'not-run' ? null : `../r${i}/report.html#${ruleAnchors(reports[i]!).get(row.id)}`;
          if (cell.evidence !== expected) return false;
        }
      }
      return true;
    }),
    { numRuns: NUM_RUNS },
  );
  t.pass(`the property held over ${NUM_RUNS} generated comparisons`);
});

t.test("a cell's link names the rule's entry in the report's own page (the anchors renderHtml writes)", async (t) => {
  fc.assert(
    fc.property(reportArb, (report) => {
      const html = renderHtml(report);
      for (const [id, anchor] of ruleAnchors(report)) {
        if (!html.includes(`<tr id="${anchor}"><td><code>${escapeHtml(id)}</code></td>`)) return false;
      }
      return true;
    }),
    { numRuns: NUM_RUNS },
  );
  t.pass('every anchor found');
});

t.test('compare.json round-trips: parsing it gives the comparison back', async (t) => {
  fc.assert(
    fc.property(reportsToCompareArb, ({ reports, labels }) => {
      const c = compareReports(inputsOf(reports, labels));
      t.strictSame(JSON.parse(renderComparisonJson(c)) as Comparison, c);
      return renderComparisonJson(c).endsWith('}\n');
    }),
    { numRuns: 60 },
  );
});

/** The tables of a Markdown text: runs of lines that start with "|", split into cells (the renderer writes no raw "|" inside one). */
function markdownTables(md: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) {
      current ??= [];
      current.push(line.slice(1, -1).split('|'));
      if (!line.endsWith(' |')) current.push(['(a row not ended by " |")']);
    } else if (current !== null) {
      tables.push(current);
      current = null;
    }
  }
  if (current !== null) tables.push(current);
  return tables;
}
const unescapeMarkdown = (s: string): string =>
  s.replace(/&(amp|lt|gt|#124);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', '#124': '|' })[e] ?? '').replace(/\\(.)/g, '$1');

t.test('compare.md: every table well-formed (a header, a separator, rows of as many cells), its labels the columns', async (t) => {
  fc.assert(
    fc.property(reportsToCompareArb, ({ reports, labels }) => {
      const c = compareReports(inputsOf(reports, labels));
      const md = renderComparisonMarkdown(c);
      const tables = markdownTables(md);
      const differing = c.areas.reduce((n, a) => n + a.differing, 0);
      if (tables.length !== (differing === 0 ? 1 : 2)) return false;
      for (const table of tables) {
        const width = table[0]!.length;
        if (table.some((row) => row.length !== width)) return false;
        if (!table[1]!.every((cell) => /^ -{3}:? $/.test(cell))) return false;
      }
      const [scores, diffs] = tables;
      if (scores!.length !== 2 + c.areas.length + 2) return false;
      const heads = scores![0]!.slice(4).map((cell) => unescapeMarkdown(cell.trim()));
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what the renderer replaces
      const shownLabels = c.implementations.map((m) => m.label.replace(/[\0-\x1F\x7F-\x9F\u2028\u2029]/g, ' ').trim());
      if (JSON.stringify(heads) !== JSON.stringify(shownLabels)) return false;
      if (diffs !== undefined && diffs.length !== 2 + Math.min(differing, MAX_DIFFERING_ROWS)) return false;
      // Nothing a label or a rule id holds opens HTML in the comment.
      return !/<(?!\/?(b|strong)>)/.test(md.replace(/`[^`\n]*`/g, ''));
    }),
    { numRuns: NUM_RUNS },
  );
  t.pass(`the property held over ${NUM_RUNS} generated comparisons`);
});

t.test('compare.html: a row per rule, a cell per implementation, text escaped, the script and style as the CSP hashes them', async (t) => {
  fc.assert(
    fc.property(reportsToCompareArb, ({ reports, labels }) => {
      const c = compareReports(inputsOf(reports, labels));
      const html = renderComparisonHtml(c);
      const rows = c.areas.flatMap((a) => a.rules);
      if ((html.match(/<tr data-rule="/g) ?? []).length !== rows.length) return false;
      if ((html.match(/<td data-impl="/g) ?? []).length !== rows.length * c.implementations.length) return false;
      if ((html.match(/<td data-impl="\d+" data-verdict="[a-z-]+" tabindex="0"/g) ?? []).length !== (rows.length > 0 ? 1 : 0)) return false;
      for (const m of c.implementations)
        if (!html.includes(`<th scope="col" id="impl-${c.implementations.indexOf(m)}">${escapeHtml(m.label)}</th>`)) return false;
      for (const r of rows) if (!html.includes(`<tr data-rule="${escapeHtml(r.id)}" data-differs="${r.differs}">`)) return false;
      // One script and one style element, nothing loaded from elsewhere.
      return (html.match(/<script/g) ?? []).length === 1 && (html.match(/<style/g) ?? []).length === 1 && !/\s(src|srcset)=/.test(html);
    }),
    { numRuns: NUM_RUNS },
  );
  const html = renderComparisonHtml(compareReports(inputsOf(fixedReports())));
  const { createHash } = await import('node:crypto');
  const hash = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
  t.match(csp, `script-src ${hash(script)}`);
  t.match(csp, `style-src ${hash(style)}`);
  t.match(csp, /default-src 'none'/);
  t.notOk(script.includes('</'), 'the inlined script holds no "</"');
  t.ok(html.includes(htmlVisible('dockerd 28.5')));
});

t.test('the fixed comparison: verdicts with their counts, reasons and links, differences first, the scores', async (t) => {
  const c = compareReports(inputsOf(fixedReports()));
  t.strictSame(
    c.implementations.map((m) => m.label),
    ['ctrd-sim 28.5', 'dockerd 26.1', 'dockerd 28.5'],
  );
  const api = c.areas.find((a) => a.area === 'api')!;
  t.strictSame(
    api.rules.map((r) => [r.id, r.differs]),
    [
      ['api.version.header', true],
      ['api.too-old', true],
      ['api.ping', false],
      ['api.skip-only', false],
    ],
    'the rules that differ first; a rule skipped on some and passed on others does not differ',
  );
  const header = api.rules[0]!.cells[2]!;
  t.equal(header.verdict, 'fail');
  t.strictSame(header.failing, ['1.41', '1.42']);
  t.equal(header.judged, 3);
  t.equal(header.reason, 'expected API-Version 1.41, got none');
  t.equal(header.evidence, '../r2/report.html#rule-1');
  t.equal(api.rules[1]!.cells[1]!.verdict, 'error');
  t.strictSame(api.rules[1]!.cells[1]!.erring, ['1.41']);
  t.equal(api.rules[3]!.cells[1]!.reason, 'why api.skip-only is skipped');
  t.strictSame(api.score, { rules: 4, scored: 3, interop: 1, passed: [3, 2, 2], interopShare: 1 / 3, passedShare: [1, 2 / 3, 2 / 3] });
  const config = c.areas.find((a) => a.area === 'config')!;
  t.equal(config.rules[0]!.cells[1]!.reason, 'field Containers missing', 'the first line of the failing summary');
  // How many API versions fail or err, of those judged; a rule not tied to a version has no count.
  t.equal(verdictText(api.rules[0]!.cells[2]!), '✗ fail 2/3');
  t.equal(verdictText(api.rules[1]!.cells[1]!), '! error 1/2');
  t.equal(verdictText(config.rules[0]!.cells[1]!), '✗ fail');
  t.equal(verdictText(api.rules[3]!.cells[1]!), '– skipped');
  t.equal(verdictText({ ...header, failing: ['1.11'], judged: 1 }), '✗ fail 1/1', 'one version judged, and it fails');
  t.strictSame(c.overall.rules.interop, 2);
  t.strictSame(c.overall.rules.scored, 5);
  t.equal(c.overall.meanOfAreas.interopShare, (1 / 3 + 1 / 2) / 2);
  t.strictSame(c.warnings, []);
  t.strictSame(c.implementations[1]!.verdicts, { pass: 3, fail: 1, error: 1, skipped: 1, 'not-applicable': 0, 'not-run': 0 });
  const md = renderComparisonMarkdown(c);
  t.match(md, '| `api` | 3 / 4 | 2 | 33.3 % | 100.0 % | 66.6 % | 66.6 % |');
  t.match(md, '| `api` | `api.version.header` | ✓ pass | ✓ pass | ✗ fail 2/3 |');
  t.match(md, '**Interoperability 40.0 %**: of the 5 rules every implementation judged, 2 pass on all of them');
});

t.test('refusals: fewer than two reports, a shard, an empty label, two columns of one name', async (t) => {
  const [sim, d26] = fixedReports();
  const refused = (inputs: CompareInput[], code: string, message: RegExp) =>
    t.throws(() => compareReports(inputs), { name: 'CompareError', code, message }, code);
  refused(inputsOf([sim!]), 'COMPARE_TOO_FEW', /two reports or more; 1 given/);
  refused(inputsOf([sim!, { ...d26!, shard: { index: 2, count: 3 } }]), 'COMPARE_SHARD', /r1\/report\.json is shard 2\/3 of a run.*merge its shards first/);
  refused(inputsOf([sim!, d26!], ['a', ' ']), 'COMPARE_LABEL', /the label of r1\/report\.json is empty/);
  refused(inputsOf([d26!, d26!]), 'COMPARE_DUPLICATE_LABEL', /r0\/report\.json and r1\/report\.json are both "dockerd 26\.1": give each report its own label/);
  refused(inputsOf([sim!, d26!], [undefined, 'ctrd-sim 28.5']), 'COMPARE_DUPLICATE_LABEL', /both "ctrd-sim 28\.5"/);
  t.strictSame(
    compareReports(inputsOf([d26!, d26!], ['before', 'after'])).implementations.map((m) => m.label),
    ['before', 'after'],
    'labels given tell them apart',
  );
  t.ok(new CompareError('COMPARE_TOO_FEW', 'x') instanceof Error);
});

t.test('warnings: other tool versions, other depths, a selection of rules', async (t) => {
  const [sim, d26, d28] = fixedReports();
  const c = compareReports(
    inputsOf([
      { ...sim!, tool: { name: 'ctr-conformance', version: '0.2.0' }, numRuns: 100 },
      d26!,
      { ...d28!, options: { targetArgs: [], profile: null, release: null, numStarts: 2, only: ['api.ping', 'config.shape@1.41'], path: null, shrink: true } },
    ]),
  );
  t.strictSame(c.warnings, [
    'the reports come from different versions of ctr-conformance (0.2.0: ctrd-sim 28.5; 0.1.0: dockerd 26.1, dockerd 28.5): a verdict may differ because a rule or its check changed',
    'the runs generated different numbers of cases per property (100: ctrd-sim 28.5; 15: dockerd 26.1, dockerd 28.5): a deeper run may find a failure a shallower one misses',
    'dockerd 28.5 ran only some rules (--only api.ping --only config.shape@1.41): the other rules are "not run" there',
  ]);
  t.match(renderComparisonHtml(c), '<ul class="warnings" aria-label="Warnings"><li>the reports come from different versions');
  t.match(
    renderComparisonMarkdown(c),
    '> **Warning:** the reports come from different versions of ctr-conformance (0.2.0: ctrd-sim 28.5; 0.1.0: dockerd 26.1, dockerd 28.5)',
  );
});

t.test('labels made from the target: the simulator, dockerd, Podman, an engine, ctrd', async (t) => {
  const [sim, d26] = fixedReports();
  t.equal(implementationLabel(sim!.target), 'ctrd-sim 28.5');
  t.equal(implementationLabel({ ...sim!.target, kind: 'process', spec: 'sim-process' }), 'ctrd-sim 28.5');
  t.equal(implementationLabel(d26!.target), 'dockerd 26.1');
  t.equal(implementationLabel({ ...d26!.target, spec: 'podman:/usr/bin/podman', version: '4.3.1', release: null }), 'Podman 4.3.1');
  // As a run reports Podman: judged as dockerd 20.10 by the API it claims, both releases alike; named by its own version.
  for (const [spec, version] of [
    ['podman@4.3', '4.3.1'],
    ['replay:test/fixtures/transcripts/podman-5.4.json.gz', '5.4.2'],
  ] as const) {
    const judgedAs = `Podman Engine ${version}, judged as API 1.41 as it claims (the expectations of dockerd 20.10, whose newest API that is)`;
    t.equal(implementationLabel({ ...d26!.target, spec, version, release: '20.10', judgedAs }), `Podman ${version}`);
  }
  t.equal(
    implementationLabel({ ...d26!.target, spec: 'replay:/work/wt/podman5/test/fixtures/transcripts/dockerd-26.1.json.gz' }),
    'dockerd 26.1',
    "a directory named after Podman does not make a dockerd recording Podman's",
  );
  t.equal(
    implementationLabel({
      ...d26!.target,
      kind: 'openai',
      spec: 'llama-server',
      release: null,
      version: 'b6000',
      engine: { name: 'llama.cpp', version: null, evidence: [] },
    }),
    'llama.cpp b6000',
  );
  t.equal(implementationLabel({ ...d26!.target, profile: 'ctr', version: null, release: null }), 'ctrd (version unknown)');
});

t.test('shares as percentages: rounded down, so 100.0 % only when all pass', async (t) => {
  t.equal(percentText(null), '–');
  t.equal(percentText(1), '100.0 %');
  t.equal(percentText(0), '0.0 %');
  t.equal(percentText(15 / 16), '93.7 %');
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (of, k) => {
      const n = Math.min(k, of);
      const shown = Number(percentText(n / of).replace(' %', ''));
      return shown <= (100 * n) / of + 1e-9 && shown > (100 * n) / of - 0.1 - 1e-9 && (shown === 100) === (n === of);
    }),
  );
});

t.test('a comparison of reports of no rule at all', async (t) => {
  const empty = (release: string) => implementationReport({ product: 'dockerd', release, apiVersions: [], rules: [], results: [] });
  const c = compareReports(inputsOf([empty('26.1'), empty('28.5')]));
  t.strictSame(c.areas, []);
  t.equal(c.overall.rules.interopShare, null);
  t.match(renderComparisonMarkdown(c), 'No rule differs');
  t.match(renderComparisonHtml(c), '<strong class="score" id="overall">–</strong>');
});
