import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import t from 'tap';
import { writeReport } from '../reports/write.js';
import type { Comparison } from '../reports/compare/comparison.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { fixedReports } from './compare-fixtures.js';
import { cliWithin } from './helpers/cli.js';

/**
 * `ctr-conformance compare REPORT… [--out DIR] [--label NAME]…` as a user runs it: the three files,
 * links from the page to each report's own page, and every input it refuses (exit code 2, a line
 * naming the file, nothing written).
 */
const out = mkdtempSync('/tmp/ctc-compare-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const [sim, d26, d28] = fixedReports() as [ConformanceReport, ConformanceReport, ConformanceReport];
const dir = (name: string): string => join(out, 'in', name);

t.before(async () => {
  await writeReport(dir('sim'), sim);
  await writeReport(dir('d26'), d26);
  await writeReport(dir('d28'), d28);
  // A report.json alone, without its report.html.
  await writeReport(dir('bare'), { ...d28, target: { ...d28.target, release: '28.6' } });
  rmSync(join(dir('bare'), 'report.html'));
  await writeReport(dir('shard'), { ...d28, shard: { index: 1, count: 2 } });
  await writeReport(dir('tool'), { ...d26, tool: { name: 'ctr-conformance', version: '9.9.9' }, target: { ...d26.target, release: '26.0' } });
  writeFileSync(join(out, 'in', 'not-a-report.json'), '{"tool":{"name":"something else"}}\n');
  writeFileSync(join(out, 'in', 'not-json.json'), 'report.json?\n');
});

t.test('compare writes compare.html, compare.json and compare.md, each cell linking to its report', async (t) => {
  const target = join(out, 'page');
  // A directory and a report.json file are both accepted.
  const done = await cliWithin(t, ['compare', dir('sim'), join(dir('d26'), 'report.json'), dir('d28'), dir('bare'), '--out', target]);
  t.equal(done.code, 0, done.stderr);
  t.equal(done.stderr, '', 'no warning: one tool version, one depth');
  t.match(done.stdout, /^compared ctrd-sim 28\.5, dockerd 26\.1, dockerd 28\.5, dockerd 28\.6: 6 rules in 2 areas, 3 differ$/m);
  t.match(done.stdout, /^interoperability 40\.0 %: of the 5 rules every implementation judged, 2 pass on all/m);
  t.match(done.stdout, `page: ${join(target, 'compare.html')}`);
  const comparison = JSON.parse(readFileSync(join(target, 'compare.json'), 'utf8')) as Comparison;
  t.equal(comparison.format, 'ctr-conformance-comparison/1');
  t.strictSame(
    comparison.implementations.map((m) => [m.label, m.report]),
    [
      ['ctrd-sim 28.5', '../in/sim/report.html'],
      ['dockerd 26.1', '../in/d26/report.html'],
      ['dockerd 28.5', '../in/d28/report.html'],
      ['dockerd 28.6', null],
    ],
  );
  // Every link resolves to a report page holding the anchor it names.
  let links = 0;
  for (const rule of comparison.areas.flatMap((a) => a.rules)) {
    for (const [i, cell] of rule.cells.entries()) {
      if (i === 3) {
        t.equal(cell.evidence, null, 'no report.html beside: no link');
        continue;
      }
      const [file, anchor] = cell.evidence!.split('#') as [string, string];
      const page = readFileSync(resolve(target, file), 'utf8');
      t.ok(page.includes(`<tr id="${anchor}"><td><code>${rule.id}</code></td>`), `${rule.id} on ${comparison.implementations[i]!.label}: ${cell.evidence}`);
      links += 1;
    }
  }
  t.equal(links, 18);
  const html = readFileSync(join(target, 'compare.html'), 'utf8');
  t.match(html, '<a href="../in/d28/report.html#rule-1" tabindex="-1">✗ fail');
  t.match(html, 'no report.html beside');
  t.match(readFileSync(join(target, 'compare.md'), 'utf8'), /^\| `api` \| `api\.version\.header` \| ✓ pass \| ✓ pass \| ✗ fail 2\/3 \| ✗ fail 2\/3 \|$/m);
});

t.test('labels: given ones name the columns, and tell two reports of one target apart', async (t) => {
  const target = join(out, 'labelled');
  const same = await cliWithin(t, ['compare', dir('d26'), dir('d26'), '--out', target]);
  t.equal(same.code, 2);
  t.match(same.stderr, /^ctr-conformance: \S+d26\/report\.json and \S+d26\/report\.json are both "dockerd 26\.1": give each report its own label \(--label/m);
  t.notOk(existsSync(join(target, 'compare.json')), 'nothing written');
  const labelled = await cliWithin(t, ['compare', dir('d26'), dir('d26'), '--label', 'before', '--label', 'after', '--out', target]);
  t.equal(labelled.code, 0, labelled.stderr);
  t.match(labelled.stdout, /^compared before, after:/m);
  const miscounted = await cliWithin(t, ['compare', dir('sim'), dir('d26'), dir('d28'), '--label', 'one', '--out', join(out, 'miscounted')]);
  t.equal(miscounted.code, 2);
  t.match(miscounted.stderr, '--label is given 1 time(s) for 3 report(s): give one per report');
});

t.test('input that cannot be compared: exit code 2, the file named, nothing written', async (t) => {
  const target = join(out, 'refused');
  const cases: [string, string[], RegExp][] = [
    ['a missing file', [dir('sim'), join(out, 'in', 'nowhere')], /cannot read the report \S+nowhere: ENOENT/],
    ['not JSON', [dir('sim'), join(out, 'in', 'not-json.json')], /cannot read the report \S+not-json\.json: .*JSON/],
    ['not a report', [dir('sim'), join(out, 'in', 'not-a-report.json')], /\S+not-a-report\.json is not a valid ctr-conformance report: /],
    ['one report', [dir('sim')], /a comparison needs two reports or more; 1 given/],
    ['a shard', [dir('sim'), dir('shard')], /\S+shard\/report\.json is shard 1\/2 of a run, not a whole run: merge its shards first/],
  ];
  for (const [what, args, message] of cases) {
    const done = await cliWithin(t, ['compare', ...args, '--out', target]);
    t.equal(done.code, 2, `${what}: exit 2`);
    t.match(done.stderr, message, `${what}: named`);
    t.equal(done.stderr.split('\n').filter(Boolean).length, 1, `${what}: one line`);
    t.notOk(existsSync(join(target, 'compare.html')), `${what}: nothing written`);
  }
  const none = await cliWithin(t, ['compare']);
  t.equal(none.code, 2, 'no report at all: a usage error');
  t.match(none.stderr, /missing required argument 'report'/);
  const blocked = join(out, 'a-file');
  writeFileSync(blocked, '');
  const unwritable = await cliWithin(t, ['compare', dir('sim'), dir('d26'), '--out', join(blocked, 'x')]);
  t.equal(unwritable.code, 2, 'an --out that cannot be written: a usage error');
  t.match(unwritable.stderr, /--out \S+a-file\/x: cannot write a report there/);
});

t.test('reports of another tool version are compared, with a warning printed and written', async (t) => {
  const target = join(out, 'mixed');
  const done = await cliWithin(t, ['compare', dir('sim'), dir('tool'), '--out', target]);
  t.equal(done.code, 0, done.stderr);
  t.match(
    done.stderr,
    /^ctr-conformance: warning: the reports come from different versions of ctr-conformance \(0\.1\.0: ctrd-sim 28\.5; 9\.9\.9: dockerd 26\.0\)/m,
  );
  t.match(readFileSync(join(target, 'compare.md'), 'utf8'), '> **Warning:** the reports come from different versions');
  t.match(readFileSync(join(target, 'compare.html'), 'utf8'), '<ul class="warnings"');
  t.equal((JSON.parse(readFileSync(join(target, 'compare.json'), 'utf8')) as Comparison).warnings.length, 1);
});

t.test('--help lists compare; compare --help its arguments', async (t) => {
  const help = await cliWithin(t, ['--help']);
  t.equal(help.code, 0);
  t.match(help.stdout, /^\s+compare \[options\] <report\.\.\.>\s+put the reports of several implementations/m);
  const own = await cliWithin(t, ['compare', '--help']);
  t.match(own.stdout, '--label <name>');
  t.match(own.stdout, '--out <dir>');
  t.ok(dirname(out).startsWith('/tmp'));
});
