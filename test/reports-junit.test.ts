import fc from 'fast-check';
import t from 'tap';
import { renderJunit } from '../reports/renderers/junit.js';
import { resultName } from '../reports/renderers/text.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { parseXml, reportArb, sampleReport, xmlVisible, type XmlElement } from './reports-fixtures.js';

const all = (e: XmlElement, name: string): XmlElement[] => (e.name === name ? [e] : []).concat(e.children.flatMap((c) => all(c, name)));

function check(report: ConformanceReport): void {
  const xml = renderJunit(report);
  const root = parseXml(xml); // throws when not well-formed
  const eq = (a: unknown, b: unknown, what: string) => {
    if (a !== b) throw new Error(`${what}: ${JSON.stringify(a)} !== ${JSON.stringify(b)}`);
  };
  eq(root.name, 'testsuites', 'root');
  const suites = root.children;
  const ruleIds = [...new Set([...report.rules.map((r) => r.id), ...report.results.map((r) => r.rule)])];
  eq(suites.length, ruleIds.length, 'one suite per rule');
  const cases = all(root, 'testcase');
  const n = (s: string) => report.results.filter((r) => r.status === s).length;
  eq(cases.length, report.results.length, 'testcases');
  eq(all(root, 'failure').length, n('fail'), 'failures');
  eq(all(root, 'error').length, n('error'), 'errors');
  eq(all(root, 'skipped').length, n('skipped') + n('not-applicable'), 'skipped');
  eq(root.attrs['tests'], String(report.results.length), 'tests attribute');
  eq(root.attrs['failures'], String(n('fail')), 'failures attribute');
  eq(root.attrs['errors'], String(n('error')), 'errors attribute');
  eq(root.attrs['skipped'], String(n('skipped') + n('not-applicable')), 'skipped attribute');
  suites.forEach((s, i) => {
    eq(s.name, 'testsuite', 'suite element');
    eq(s.attrs['name'], xmlVisible(ruleIds[i] ?? ''), 'suite name');
    const mine = report.results.filter((r) => r.rule === ruleIds[i]);
    eq(s.attrs['tests'], String(mine.length), 'suite tests');
    eq(s.children.length, mine.length, 'suite children');
    mine.forEach((r, j) => {
      const c = s.children[j]!;
      eq(c.attrs['name'], xmlVisible(resultName(r)), 'testcase name');
      eq(c.attrs['classname'], xmlVisible(r.rule), 'classname');
      const child = c.children[0];
      if (r.status === 'pass') return eq(child, undefined, 'pass has no child');
      const kind = { fail: 'failure', error: 'error', skipped: 'skipped', 'not-applicable': 'skipped' }[r.status];
      eq(child?.name, kind, 'child element');
      const message = r.status === 'fail' ? r.evidence.summary : (r.evidence.reason ?? r.evidence.summary);
      eq(child?.attrs['message'], xmlVisible(message), 'message');
      if (!child?.text.includes(xmlVisible(r.evidence.summary))) throw new Error('summary missing from body');
      const ce = r.evidence.counterexample;
      if (ce && !child.text.includes(`seed: ${ce.seed}`)) throw new Error('seed missing from body');
      for (const x of r.evidence.exchanges ?? []) {
        if (!child.text.includes(xmlVisible(x.request))) throw new Error('exchange missing from body');
      }
    });
  });
}

t.test('sample report: well-formed, counts and evidence', async (t) => {
  t.doesNotThrow(() => check(sampleReport()));
  const xml = renderJunit(sampleReport());
  t.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  t.match(
    xml,
    /<testcase name="version.header @ api 1.41" classname="version.header" time="0.012"><failure message="expected header API-Version, got none" type="fail">/,
  );
  t.match(xml, /<testcase name="ping.head" classname="ping.head" time="0.001"><error message="ECONNREFUSED"/);
  t.match(xml, /seed: -1234567\npath: 7:0:1\n/);
  t.match(
    xml,
    /replay: fc.assert\(property, \{ seed: -1234567, path: &quot;7:0:1&quot; \}\)|replay: fc.assert\(property, \{ seed: -1234567, path: "7:0:1" \}\)/,
  );
  t.match(xml, /<skipped message="minimum version">not-applicable: /);
  t.ok(xml.endsWith('</testsuites>\n'));
});

t.test('arbitrary reports: junit.xml is well-formed and counts match', async (t) => {
  fc.assert(fc.property(reportArb, check), { numRuns: 300 });
  t.pass('300 arbitrary reports');
});

t.test('the checker itself rejects broken XML', async (t) => {
  const d = '<?xml version="1.0" encoding="UTF-8"?>\n';
  t.throws(() => parseXml(`${d}<a><b></a></b>`));
  t.throws(() => parseXml(`${d}<a>x < y</a>`));
  t.throws(() => parseXml(`${d}<a>x & y</a>`));
  t.throws(() => parseXml(`${d}<a t="<"/>`));
  t.throws(() => parseXml(`${d}<a>\u0001</a>`));
  t.throws(() => parseXml(`${d}<a>&#1;</a>`));
  t.throws(() => parseXml(`${d}<a>]]></a>`));
  t.throws(() => parseXml(`${d}<a/><b/>`));
  t.throws(() => parseXml(`${d}<a x="1" x="2"/>`));
  t.throws(() => parseXml(`${d}<a>\uD800</a>`));
  t.doesNotThrow(() => parseXml(`${d}<a x="&lt;&#10;">&amp;&#x1F600;<b/></a>\n`));
});
