import { mkdtempSync, rmSync } from 'node:fs';
import t from 'tap';
import { formatFailingRules, formatFailures } from '../cli/run-summary.js';
import { totalsOf } from '../reports/model/totals.js';
import type { ConformanceReport, ResultStatus, RuleResult } from '../reports/model/result.js';
import { RULES } from '../specs/index.js';
import { runCli } from './helpers/cli.js';

/**
 * The console names every failing rule before the cells: one line per rule (status, id, level,
 * the API versions of its failing cells, a one-line reason), rules of known deviations last, even
 * when the cells shown stop at 20.
 */
const perVersion = RULES.filter((rule) => rule.binding === 'per-version').slice(0, 3);
const independent = RULES.filter((rule) => rule.binding !== 'per-version').slice(0, 2);

function reportOf(results: RuleResult[], release: string | null = '28.5'): ConformanceReport {
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target: {
      spec: 'replay:x.json',
      kind: 'replay',
      profile: 'docker',
      version: release === null ? null : `${release}.2`,
      release,
      apiRange: { min: '1.24', max: '1.51' },
      observedApiRange: null,
      surfaces: ['daemon-api'],
      capabilities: [],
    },
    seed: 1,
    numRuns: 1,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: ['1.24', '1.25', '1.26', '1.30'],
    rules: [...perVersion, ...independent].map((r) => ({ id: r.id, title: r.title, source: r.source.kind, section: r.id, area: r.area })),
    results,
    totals: totalsOf(results),
  };
}

const cell = (rule: string, api: string | null, status: ResultStatus, summary: string, knownDeviation = false): RuleResult => ({
  rule,
  api,
  status,
  evidence: { summary },
  durationMs: 1,
  ...(knownDeviation ? { knownDeviation: true as const } : {}),
});

t.test('one line per failing or erring rule, in front of the cells', async (t) => {
  const [a, b, c] = perVersion;
  const [d, e] = independent;
  if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined) throw new Error('catalogue too small');
  const results = [
    ...['1.24', '1.25', '1.26', '1.30'].map((api) => cell(a.id, api, 'fail', `a fails at ${api}\nwith a second line`, true)),
    ...['1.24', '1.25', '1.26', '1.30'].map((api) => cell(b.id, api, api === '1.30' ? 'fail' : 'pass', 'b fails')),
    cell(c.id, '1.24', 'error', `cell deadline passed ${'x'.repeat(300)}`),
    cell(d.id, null, 'pass', 'fine'),
    cell(e.id, null, 'fail', 'e fails'),
  ];
  const report = reportOf(results);
  const text = formatFailingRules(report);
  const lines = text.split('\n');
  t.equal(lines[0], '4 rules fail or err, one line each (the cells follow):');
  const rows = lines.slice(1).filter((line) => line.startsWith('  '));
  t.equal(rows.length, 4, 'one line per rule');
  t.match(rows[0], new RegExp(`^  FAIL +${b.id.replace(/\./g, '\\.')} +${b.level} +API 1\\.30 +b fails$`));
  t.match(rows[1], new RegExp(`^  ERROR +${c.id.replace(/\./g, '\\.')} +${c.level} +API 1\\.24 +cell deadline passed x+…$`));
  t.ok(rows[1]!.length < 260, 'a long reason is cut');
  t.match(rows[2], new RegExp(`^  FAIL +${e.id.replace(/\./g, '\\.')} +${e.level} +no API version +e fails$`));
  t.match(
    rows[3],
    new RegExp(
      `^  FAIL +${a.id.replace(/\./g, '\\.')} +${a.level} +API 1\\.24–1\\.26, 1\\.30 +a fails at 1\\.24 with a second line \\[known deviation of 28\\.5\\]$`,
    ),
  );
  t.ok(formatFailures(report).startsWith(text), 'formatFailures starts with the rule lines');
  t.match(formatFailures(report), /\n\nFAIL /, 'then the cells');
  t.equal(formatFailingRules(reportOf([cell(d.id, null, 'pass', 'fine')])), '', 'nothing when nothing fails');
  t.match(formatFailingRules(reportOf([cell('no.such.rule', null, 'fail', 'x')])), /FAIL +no\.such\.rule +\? +no API version +x/, 'a rule the catalogue lacks');
});

t.test('every failing rule is named although the cells stop at 20', async (t) => {
  const rules = RULES.filter((rule) => rule.binding === 'per-version').slice(0, 6);
  const results = rules.flatMap((rule) => ['1.24', '1.25', '1.26', '1.30'].map((api) => cell(rule.id, api, 'fail', `${rule.id} fails`)));
  const text = formatFailures(reportOf(results));
  for (const rule of rules) t.match(text, new RegExp(`\\n  FAIL +${rule.id.replace(/\./g, '\\.')} `), rule.id);
  t.equal(text.split('\n').filter((line) => line.startsWith('FAIL ')).length, 20);
  t.match(text, /… and 4 more failing or erring cells of 1 rule \(see the report\)/);
});

t.test('run prints the failing rule in one line before its cells', async (t) => {
  const out = mkdtempSync('/tmp/ctc-summary-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const run = await runCli(['run', '--target', 'sim', '--fault', 'api.ping', '--only', 'api.ping', '--only', 'api.version.prefix@1.44', '--out', out, '-q']);
  t.equal(run.code, 1, run.stderr);
  const level = RULES.find((rule) => rule.id === 'api.ping')?.level ?? '';
  t.match(
    run.stdout,
    new RegExp(`^1 rule fails or errs, one line each \\(the cells follow\\):\\n  FAIL  api\\.ping  ${level}  no API version  \\S.*\\n\\nFAIL api\\.ping: `),
  );
});
