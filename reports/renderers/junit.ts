/** JUnit XML: one <testsuite> per rule, one <testcase> per result. No XML library. */
import type { ConformanceReport, RuleResult } from '../model/result.js';
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

function count(results: readonly RuleResult[]): Counts {
  const c: Counts = { tests: results.length, failures: 0, errors: 0, skipped: 0, ms: 0 };
  for (const r of results) {
    if (r.status === 'fail') c.failures++;
    else if (r.status === 'error') c.errors++;
    else if (r.status === 'skipped' || r.status === 'not-applicable') c.skipped++;
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

function testcase(r: RuleResult): string {
  const head = { name: resultName(r), classname: r.rule, time: seconds(r.durationMs) };
  const e = r.evidence;
  switch (r.status) {
    case 'pass':
      return el('testcase', head);
    case 'fail':
      return el('testcase', head, el('failure', { message: e.summary, type: 'fail' }, xmlText(evidenceText(r))));
    case 'error':
      return el('testcase', head, el('error', { message: e.reason ?? e.summary, type: 'error' }, xmlText(evidenceText(r))));
    case 'skipped':
    case 'not-applicable':
      return el('testcase', head, el('skipped', { message: e.reason ?? e.summary }, xmlText(`${r.status}: ${evidenceText(r)}`)));
  }
}

export function renderJunit(report: ConformanceReport): string {
  const byRule = new Map<string, RuleResult[]>(report.rules.map((r) => [r.id, []]));
  for (const r of report.results) {
    const list = byRule.get(r.rule);
    if (list) list.push(r);
    else byRule.set(r.rule, [r]); // a result for a rule the report does not list: still reported
  }
  const suites = [...byRule].map(([rule, results]) =>
    el('testsuite', { name: rule, ...countAttrs(count(results)) }, `\n${results.map((r) => `    ${testcase(r)}\n`).join('')}  `),
  );
  const root = el(
    'testsuites',
    {
      name: `ctr-conformance ${report.target.spec}`,
      ...countAttrs(count(report.results)),
      time: seconds(report.durationMs),
      timestamp: report.startedAt,
    },
    `\n${suites.map((s) => `  ${s}\n`).join('')}`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}
