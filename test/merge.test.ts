import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { comparableReport } from '../reports/merge/comparable.js';
import { MergeError } from '../reports/merge/merge-error.js';
import { mergeShards, type ShardReport } from '../reports/merge/merge-shards.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { sampleReport } from './reports-fixtures.js';
import { cliWithin } from './helpers/cli.js';

/**
 * `merge` joins the reports of `run --shard K/N` into the report of the whole run (issue 23). What
 * "equal" means is `comparableReport`: equal but for the fields that name a moment (startedAt,
 * durationMs, each cell's durationMs) and the names of the run's private temporary directories.
 */
const out = mkdtempSync('/tmp/ctc-merge-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const readJson = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

// A few rules, per API version and not, with one broken by --fault so that a failing cell (and its
// rerun and curl lines) is merged too; few generated cases, so that a run takes about a second.
const RUN = [
  ...['--target', 'sim', '--num-runs', '2', '--fault', 'api.ping', '-q'],
  ...['api.version.prefix', 'api.ping', 'api.not-found', 'api.version.too-old'].flatMap((rule) => ['--only', rule]),
];

async function run(t: Test, dir: string, args: readonly string[]): Promise<ConformanceReport> {
  const done = await cliWithin(t, ['run', ...RUN, ...args, '--out', dir], 120_000);
  // 1 when the part holds the broken api.ping, 0 when not.
  if (done.code !== 0 && done.code !== 1) throw new Error(`run ${args.join(' ')} exited ${done.code}: ${done.stderr}`);
  const report = readJson(dir);
  if (done.code !== (report.totals.fail > 0 ? 1 : 0)) throw new Error(`run ${args.join(' ')} exited ${done.code} with ${report.totals.fail} failing cell(s)`);
  return report;
}

/** The first cell (or top-level field) where two reports differ in comparable form, or null. */
function firstDifference(merged: ConformanceReport, whole: ConformanceReport): string | null {
  const a = comparableReport(merged);
  const b = comparableReport(whole);
  if (a.results.length !== b.results.length) return `${a.results.length} cells merged, ${b.results.length} in the whole run`;
  for (let i = 0; i < a.results.length; i++) {
    if (JSON.stringify(a.results[i]) !== JSON.stringify(b.results[i]))
      return `cell ${i} (${b.results[i]!.rule}@${b.results[i]!.api ?? 'none'}): merged ${JSON.stringify(a.results[i])} whole ${JSON.stringify(b.results[i])}`;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof typeof a>) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return `${key}: merged ${JSON.stringify(a[key])} whole ${JSON.stringify(b[key])}`;
  }
  return null;
}

t.test('the merge of the N shards of a run equals the unsharded run, cell by cell (property over seeds and shard counts)', async (t) => {
  let example = 0;
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: -2147483648, max: 2147483647 }), fc.integer({ min: 2, max: 4 }), async (seed, count) => {
      const base = join(out, `p${example++}`);
      const seedArgs = ['--seed', String(seed)];
      const [whole, ...shards] = await Promise.all([
        run(t, join(base, 'whole'), seedArgs),
        ...Array.from({ length: count }, (_, k) => run(t, join(base, `shard-${k + 1}`), [...seedArgs, '--shard', `${k + 1}/${count}`])),
      ]);
      if (whole!.totals.fail !== 1) throw new Error(`the whole run fails ${whole!.totals.fail} cells, not api.ping alone`);
      for (const [k, shard] of shards.entries()) {
        if (shard!.shard?.index !== k + 1 || shard!.shard.count !== count) throw new Error(`shard ${k + 1}/${count} records ${JSON.stringify(shard!.shard)}`);
      }
      // Given in any order: the merge puts them in place.
      const dirs = Array.from({ length: count }, (_, k) => join(base, `shard-${k + 1}`)).reverse();
      const merged = await cliWithin(t, ['merge', ...dirs, '--out', join(base, 'merged')]);
      if (merged.code !== 1) throw new Error(`merge exited ${merged.code} (1: the run fails api.ping): ${merged.stderr}`);
      for (const file of ['report.json', 'report.html', 'junit.xml']) if (!existsSync(join(base, 'merged', file))) throw new Error(`merge wrote no ${file}`);
      const report = readJson(join(base, 'merged'));
      const valid = validateReport(report);
      if (!valid.ok) throw new Error(`the merged report is invalid: ${valid.errors.join('; ')}`);
      const difference = firstDifference(report, whole!);
      if (difference !== null) throw new Error(`merge of ${count} shards, seed ${seed}: ${difference}`);
      // The fields that name a moment: the earliest start, the span to the latest end, each cell's own time.
      const starts = shards.map((s) => Date.parse(s!.startedAt));
      const ends = shards.map((s, i) => starts[i]! + s!.durationMs);
      if (Date.parse(report.startedAt) !== Math.min(...starts)) throw new Error(`startedAt ${report.startedAt} is not the earliest shard's start`);
      if (report.durationMs !== Math.max(...ends) - Math.min(...starts)) throw new Error(`durationMs ${report.durationMs} is not the shards' span`);
      const durations = new Map(shards.flatMap((s) => s!.results.map((r) => [`${r.rule}@${r.api}`, r.durationMs] as const)));
      if (!report.results.every((r) => durations.get(`${r.rule}@${r.api}`) === r.durationMs)) throw new Error('a cell lost its own durationMs');
      if ('shard' in report) throw new Error('the merged report still names a shard');
      rmSync(base, { recursive: true, force: true });
    }),
    { numRuns: 4 },
  );
  t.pass(`${example} examples`);
});

t.test('what "equal" leaves out: moments and private directory names, nothing else', async (t) => {
  const report = sampleReport();
  const later: ConformanceReport = {
    ...report,
    startedAt: '2030-01-01T00:00:00.000Z',
    durationMs: report.durationMs + 1000,
    results: report.results.map((r) => ({
      ...r,
      durationMs: r.durationMs + 7,
      evidence: JSON.parse(JSON.stringify(r.evidence).replaceAll('/ctc-x/', '/ctc-Ab12Cd/')) as typeof r.evidence,
    })),
  };
  // The sample's endpoints name /tmp/ctc-x/; a mkdtemp name has six characters after "ctc-".
  const sixLetters = (r: ConformanceReport): ConformanceReport => JSON.parse(JSON.stringify(r).replaceAll('/ctc-x/', '/ctc-Zz9Yy8/')) as ConformanceReport;
  t.same(comparableReport(later), comparableReport(sixLetters(report)), 'times and temporary directory names are left out');
  const flipped: ConformanceReport = { ...report, results: report.results.map((r, i) => (i === 0 ? { ...r, status: 'fail' } : r)) };
  t.notSame(comparableReport(flipped), comparableReport(report), 'a status is not');
  const summary: ConformanceReport = {
    ...report,
    results: report.results.map((r, i) => (i === 0 ? { ...r, evidence: { ...r.evidence, summary: `${r.evidence.summary}!` } } : r)),
  };
  t.notSame(comparableReport(summary), comparableReport(report), 'evidence is not');
  t.notSame(comparableReport({ ...report, seed: report.seed + 1 }), comparableReport(report), 'the seed is not');
});

t.test('shards that are not the parts of one run are refused, naming what differs', async (t) => {
  const dir = (name: string): string => join(out, 'refuse', name);
  const shard = (name: string, args: readonly string[]): Promise<ConformanceReport> => run(t, dir(name), ['--seed', '11', ...args]);
  await Promise.all([
    shard('1of3', ['--shard', '1/3']),
    shard('2of3', ['--shard', '2/3']),
    shard('3of3', ['--shard', '3/3']),
    shard('whole', []),
    shard('3of3-seed', ['--seed', '12', '--shard', '3/3']),
    shard('3of3-runs', ['--num-runs', '3', '--shard', '3/3']),
    shard('3of3-starts', ['--num-starts', '1', '--shard', '3/3']),
    shard('3of3-emulate', ['--emulate', '28.5', '--shard', '3/3']),
    shard('2of4', ['--shard', '2/4']),
  ]);
  // A shard of another version of the tool cannot be made here: its report is edited to say so.
  cpSync(dir('3of3'), dir('3of3-tool'), { recursive: true });
  const other = readJson(dir('3of3-tool'));
  writeFileSync(join(dir('3of3-tool'), 'report.json'), JSON.stringify({ ...other, tool: { ...other.tool, version: '9.9.9' } }));

  const cases: [string, string[], string, RegExp][] = [
    ['another seed', ['1of3', '2of3', '3of3-seed'], 'MERGE_SEED', /different seeds: seed is 11 in \S+1of3\/report\.json but 12 in \S+3of3-seed\/report\.json/],
    ['another number of runs', ['1of3', '2of3', '3of3-runs'], 'MERGE_OPTIONS', /different options: numRuns is 2 in \S+ but 3 in \S+3of3-runs/],
    ['another option', ['1of3', '2of3', '3of3-starts'], 'MERGE_OPTIONS', /different options: options\.numStarts is 5 in \S+ but 1 in \S+3of3-starts/],
    [
      'another target',
      ['1of3', '2of3', '3of3-emulate'],
      'MERGE_TARGET',
      /different targets: target\.version is "29\.\d+\.\d+\+ctrd-sim" in \S+ but "28\.5\.\d+\+ctrd-sim" in \S+3of3-emulate/,
    ],
    [
      'another tool version',
      ['1of3', '2of3', '3of3-tool'],
      'MERGE_TOOL_VERSION',
      /different tool versions: tool\.version is "[^"]+" in \S+ but "9\.9\.9" in \S+3of3-tool/,
    ],
    ['a missing shard', ['1of3', '3of3'], 'MERGE_MISSING_SHARD', /^ctr-conformance: shard 2\/3 is missing$/m],
    [
      'a duplicated shard',
      ['1of3', '2of3', '2of3', '3of3'],
      'MERGE_DUPLICATE_SHARD',
      /shard 2\/3 is given twice: \S+2of3\/report\.json and \S+2of3\/report\.json/,
    ],
    [
      'shards of different splits',
      ['1of3', '2of4', '3of3'],
      'MERGE_SHARD_COUNT',
      /split the run differently: \S+1of3\/report\.json is shard 1\/3 but \S+2of4\/report\.json is shard 2\/4/,
    ],
    ['a whole run among shards', ['1of3', 'whole'], 'MERGE_NOT_A_SHARD', /\S+whole\/report\.json is not the report of a shard/],
  ];
  for (const [what, names, code, message] of cases) {
    const merged = await cliWithin(t, ['merge', ...names.map(dir), '--out', join(out, 'refused')]);
    t.equal(merged.code, 2, `${what}: exit 2`);
    t.match(merged.stderr, message, `${what}: named`);
    t.notOk(existsSync(join(out, 'refused', 'report.json')), `${what}: nothing written`);
    // The same refusal in the library, with its code.
    const shards: ShardReport[] = names.map((name) => ({ source: join(dir(name), 'report.json'), report: readJson(dir(name)) }));
    t.throws(() => mergeShards(shards), { name: 'MergeError', code }, `${what}: MergeError ${code}`);
  }
  t.throws(() => mergeShards([]), new MergeError('MERGE_NO_SHARDS', 'no shard report to merge'));
  const edited = readJson(dir('2of3'));
  const shortened = { ...edited, results: edited.results.slice(1) };
  t.throws(
    () =>
      mergeShards([readJson(dir('1of3')), shortened, readJson(dir('3of3'))].map((report, i) => ({ source: `s${i + 1}`, report: report as ConformanceReport }))),
    { code: 'MERGE_CELLS' },
    'a shard with a cell too few is refused',
  );
  const usage = await cliWithin(t, ['merge', join(out, 'nowhere')]);
  t.equal(usage.code, 2, 'a directory without a report is a usage error');
  t.match(usage.stderr, /cannot read the report \S+nowhere/);
});

t.test('reports record their shard and options; a shard beyond its count is invalid; a report without them stays valid', async (t) => {
  const report = sampleReport();
  t.same(validateReport(report), { ok: true }, 'an older report, with neither');
  const options = { targetArgs: ['--target', 'sim'], profile: null, release: null, numStarts: 5, only: [], path: null, shrink: true };
  t.same(validateReport({ ...report, options, shard: { index: 2, count: 3 } }), { ok: true });
  const beyond = validateReport({ ...report, options, shard: { index: 4, count: 3 } });
  t.notOk(beyond.ok);
  t.match(beyond.ok ? [] : beyond.errors, [/\/shard\/index: is 4, more than \/shard\/count \(3\)/]);
  t.notOk(validateReport({ ...report, options: { ...options, extra: 1 } }).ok, 'options are closed');
});
