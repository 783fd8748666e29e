import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { formatFailures, formatTotals } from '../cli/run-summary.js';
import { gateText } from '../cli/baseline-gate.js';
import { baselineOutcome } from '../reports/baselines/baseline.js';
import { writeReport } from '../reports/write.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { fixedReports } from './compare-fixtures.js';
import { cliWithin } from './helpers/cli.js';
import { sampleReport } from './reports-fixtures.js';

/**
 * Issue 41: a report, a bundle or a baseline comes from outside, and its strings reach the
 * terminal through the run summary, merge, compare and the baseline gate: none of their control
 * characters does (an escape sequence would re-title the terminal, clear it or colour a forged
 * line; a line break would print a line of its own).
 */
const out = mkdtempSync('/tmp/ctc-terminal-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));

const CONTROL = ['\x1b', '\x07', '\r', '\x9b', '\u202e'];
const hasControl = (text: string): boolean => CONTROL.some((c) => text.includes(c));
const EVIL = '\x1b[2J\x1b[H\x1b]0;owned\x07\r\n\x1b[32mALL RULES PASS\x1b[0m\u202e';

/** The sample report with `evil` in every string a summary shows. */
function hostile(evil: string, ruleIds = true): ConformanceReport {
  const base = sampleReport();
  return {
    ...base,
    target: { ...base.target, spec: `sim${evil}`, version: `1.0${evil}`, release: `28.5${evil}`, judgedAs: `judged${evil}` },
    results: base.results.map((r) => ({
      ...r,
      rule: ruleIds ? `${r.rule}${evil}` : r.rule,
      evidence: { ...r.evidence, summary: `${r.evidence.summary}${evil}`, rerun: `rerun${evil}`, curl: `curl${evil}` },
    })),
  };
}

const linesOf = (text: string): number => text.split('\n').length;
/** A C0, DEL or C1 character other than the summary's own line breaks. */
const controlBeyondLineBreaks = (text: string): boolean =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\n') || (code >= 0x7f && code <= 0x9f);
  });

t.test('the run summary (run, merge) escapes every string of the report, and prints as many lines as for plain strings', async (t) => {
  const plain = hostile('');
  const evil = hostile(EVIL);
  const text = formatFailures(evil) + formatTotals(evil, join(out, `report${EVIL}.html`));
  t.notOk(hasControl(text), 'no control character');
  t.notMatch(text, /^ALL RULES PASS/m, 'no forged line');
  t.equal(linesOf(text), linesOf(formatFailures(plain) + formatTotals(plain, join(out, 'report.html'))));
  t.match(text, '\\x1b[2J\\x1b[H\\x1b]0;owned\\x07\\r\\n\\x1b[32mALL RULES PASS\\x1b[0m\\u{202e}');
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (s) => {
      const report = hostile(s);
      const shown = formatFailures(report) + formatTotals(report, 'r.html');
      return !controlBeyondLineBreaks(shown) && linesOf(shown) === linesOf(formatFailures(plain) + formatTotals(plain, 'r.html'));
    }),
    { numRuns: 200 },
  );
});

t.test('the baseline gate escapes the cells it names and the path', async (t) => {
  const report = hostile(EVIL);
  const baseline = {
    format: 'ctr-conformance-baseline/1' as const,
    target: 'sim',
    cells: Object.fromEntries(report.results.map((r) => [`${r.rule}@${r.api ?? 'none'}`, 'pass' as const])),
  };
  const text = gateText(baselineOutcome(report, baseline, `base${EVIL}.json`));
  t.notOk(hasControl(text), text);
});

t.test('merge and compare print no control character of a hostile report', async (t) => {
  const [a, b] = fixedReports() as [ConformanceReport, ConformanceReport];
  await writeReport(join(out, 'a'), { ...a, target: { ...a.target, spec: `sim${EVIL}`, release: `28.5${EVIL}` } });
  await writeReport(join(out, 'b'), b);
  const compared = await cliWithin(t, ['compare', join(out, 'a'), join(out, 'b'), '--out', join(out, 'cmp'), '--label', `A${EVIL}`, '--label', 'B']);
  t.equal(compared.code, 0, compared.stderr);
  t.notOk(hasControl(compared.stdout + compared.stderr), compared.stdout);
  t.match(compared.stdout, /^compared A\\x1b\[2J.*ALL RULES PASS.*, B: /m);
  // A valid report: its rule ids are those of its rules.
  const shard = hostile(EVIL, false);
  await writeReport(join(out, 'shard'), { ...shard, shard: { index: 1, count: 1 } } as ConformanceReport);
  const merged = await cliWithin(t, ['merge', join(out, 'shard'), '--out', join(out, 'merged')]);
  t.equal(merged.code, 1, `merged, with its failures shown (${merged.stderr})`);
  t.match(merged.stdout, /^FAIL version\.header @ api 1\.41: expected header API-Version, got none\\x1b\[2J/m);
  t.notOk(hasControl(merged.stdout + merged.stderr), merged.stdout + merged.stderr);
  t.notMatch(merged.stdout, /^ALL RULES PASS/m);
});
