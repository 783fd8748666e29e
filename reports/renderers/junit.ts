/** JUnit XML: one <testsuite> per rule, one <testcase> per result. No XML library. */
import { isRegression } from '../baselines/baseline.js';
import type { BaselineChange, ConformanceReport, RuleResult } from '../model/result.js';
import { evidenceText, resultName } from './text.js';

/** Code points that may not appear in an XML 1.0 document (lone surrogates included). */
const ILLEGAL_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const hex4 = (c: string) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** Escapes text content; characters XML cannot carry are shown as `\uXXXX`. */
export function xmlText(s: string): string {
  return s.replace(ILLEGAL_XML, hex4).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value (double-quoted); tabs and newlines survive attribute normalisation. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

type Attrs = Record<string, string | number>;
const attrs = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('');
const el = (name: string, a: Attrs, body?: string) => (body === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${body}</${name}>`);
const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

/**
 * What a result is in JUnit. Without a baseline, its status. With one (a `--baseline` run), what
 * the gate says, so that the JUnit file agrees with the exit code: a regression is a failure (a
 * cell now skipped that passed too), and a failure or error the baseline expects is no failure
 * (skipped, saying so), since the gate passes it.
 */
type Outcome =
  | { readonly kind: 'pass' }
  | { readonly kind: 'failure'; readonly type: string; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'skipped'; readonly message: string; readonly prefix: string };

const cellKey = (rule: string, api: string | null): string => `${rule}@${api ?? 'none'}`;

function outcomeOf(r: RuleResult, regressed: ReadonlyMap<string, BaselineChange> | null, file: string): Outcome {
  const e = r.evidence;
  const bad = r.status === 'fail' || r.status === 'error';
  if (regressed !== null) {
    const change = regressed.get(cellKey(r.rule, r.api));
    if (change !== undefined && isRegression(change.before ?? undefined, r.status))
      return {
        kind: 'failure',
        type: 'regression',
        message: `regressed against the baseline ${file}: ${change.before ?? 'new cell'} → ${r.status}: ${e.summary}`,
      };
    if (bad)
      return {
        kind: 'skipped',
        message: `${r.status}, as the baseline ${file} expects (no regression): ${e.summary}`,
        prefix: `${r.status} (in the baseline)`,
      };
  }
  switch (r.status) {
    case 'pass':
      return { kind: 'pass' };
    case 'fail':
      return { kind: 'failure', type: 'fail', message: e.summary };
    case 'error':
      return { kind: 'error', message: e.reason ?? e.summary };
    case 'skipped':
    case 'not-applicable':
      return { kind: 'skipped', message: e.reason ?? e.summary, prefix: r.status };
  }
}

function count(results: readonly { r: RuleResult; o: Outcome }[]): Counts {
  const c: Counts = { tests: results.length, failures: 0, errors: 0, skipped: 0, ms: 0 };
  for (const { r, o } of results) {
    if (o.kind === 'failure') c.failures++;
    else if (o.kind === 'error') c.errors++;
    else if (o.kind === 'skipped') c.skipped++;
    c.ms += r.durationMs;
  }
  return c;
}

const countAttrs = (c: Counts): Attrs => ({
  tests: c.tests,
  failures: c.failures,
  errors: c.errors,
  skipped: c.skipped,
  time: seconds(c.ms),
});

function testcase(r: RuleResult, o: Outcome): string {
  const head = { name: resultName(r), classname: r.rule, time: seconds(r.durationMs) };
  switch (o.kind) {
    case 'pass':
      return el('testcase', head);
    case 'failure':
      return el('testcase', head, el('failure', { message: o.message, type: o.type }, xmlText(evidenceText(r))));
    case 'error':
      return el('testcase', head, el('error', { message: o.message, type: 'error' }, xmlText(evidenceText(r))));
    case 'skipped':
      return el('testcase', head, el('skipped', { message: o.message }, xmlText(`${o.prefix}: ${evidenceText(r)}`)));
  }
}

export function renderJunit(report: ConformanceReport): string {
  const gate = report.baseline;
  const regressed = gate === undefined ? null : new Map(gate.regressions.map((c) => [cellKey(c.rule, c.api), c]));
  const judged = report.results.map((r) => ({ r, o: outcomeOf(r, regressed, gate?.file ?? '') }));
  const byRule = new Map<string, { r: RuleResult; o: Outcome }[]>(report.rules.map((r) => [r.id, []]));
  for (const x of judged) {
    const list = byRule.get(x.r.rule);
    if (list) list.push(x);
    else byRule.set(x.r.rule, [x]); // a result for a rule the report does not list: still reported
  }
  const suites = [...byRule].map(([rule, results]) =>
    el('testsuite', { name: rule, ...countAttrs(count(results)) }, `\n${results.map(({ r, o }) => `    ${testcase(r, o)}\n`).join('')}  `),
  );
  const root = el(
    'testsuites',
    {
      name: `ctr-conformance ${report.target.spec}${gate === undefined ? '' : ` (gated by the baseline ${gate.file}: ${gate.regressions.length} regressed)`}`,
      ...countAttrs(count(judged)),
      time: seconds(report.durationMs),
      timestamp: report.startedAt,
    },
    `\n${suites.map((s) => `  ${s}\n`).join('')}`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}
