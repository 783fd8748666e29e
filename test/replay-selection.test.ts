import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { RECORDABLE_RULE_IDS } from '../specs/catalogue.js';
import { replaySelection, RunError } from '../suites/run/index.js';
import { readTranscript, writeTranscript, type Transcript } from '../suites/targets/transcript.js';
import { runCli } from './helpers/cli.js';

/**
 * A transcript remembers the `--only` selection it was recorded with: a replay without `--only`
 * runs that selection (instead of errors for cells that were never recorded), and one that asks
 * for cells outside it is refused, naming the selection. Older transcripts stay readable.
 */

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/transcripts/', import.meta.url));
/** The recordings made before a transcript kept its selection (the later ones, Podman 5.4's, keep it). */
const RECORDED_BEFORE_SELECTIONS = ['dockerd-20.10.json.gz', 'dockerd-26.1.json.gz', 'dockerd-28.5.json.gz', 'podman-4.3.json.gz'];
const out = mkdtempSync('/tmp/ctc-selection-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));

/** A small catalogue: two rules checked per API version, two not tied to one (their one cell is "@none"). */
const PER_VERSION = ['a.one', 'a.two'];
const ONCE = ['b.three', 'c.four'];
const APIS = ['1.24', '1.41', '1.51'];
const entryArb = fc.oneof(
  fc.constantFrom(...PER_VERSION, ...ONCE),
  fc.tuple(fc.constantFrom(...PER_VERSION), fc.constantFrom(...APIS)).map(([rule, api]) => `${rule}@${api}`),
  fc.constantFrom(...ONCE).map((rule) => `${rule}@none`),
);
const selectionArb = fc.uniqueArray(entryArb, { maxLength: 4 });

/** The cells a selection names: a rule is all of its cells. */
const cellsOf = (entries: readonly string[]): Set<string> =>
  new Set(
    entries.flatMap((e) => {
      if (e.includes('@')) return [e];
      return PER_VERSION.includes(e) ? APIS.map((api) => `${e}@${api}`) : [`${e}@none`];
    }),
  );

t.test(
  'the selection of a replay: the transcript’s without --only; --only within it as given, never a cell it lacks; outside it refused, naming it',
  async (t) => {
    let refused = 0;
    fc.assert(
      fc.property(fc.option(selectionArb, { nil: undefined }), fc.option(selectionArb, { nil: undefined }), (recorded, given) => {
        const none = (s: readonly string[] | undefined) => s === undefined || s.length === 0;
        let got: ReturnType<typeof replaySelection>;
        try {
          got = replaySelection('t.json.gz', recorded, given);
        } catch (error) {
          if (!(error instanceof RunError) || error.code !== 'RUN_OPTIONS') throw error;
          refused++;
          if (none(recorded) || none(given)) throw new Error(`refused ${JSON.stringify(given)} with ${JSON.stringify(recorded)}`);
          const held = cellsOf(recorded!);
          // Refused only when a cell asked is not recorded, or a rule is asked whole that was recorded cell by cell
          // (which of its API versions the target has is not known before it answers).
          const doubtful = given!.filter((e) => [...cellsOf([e])].some((cell) => !held.has(cell)) || (PER_VERSION.includes(e) && !recorded!.includes(e)));
          if (doubtful.length === 0) throw new Error(`refused ${JSON.stringify(given)}, all within ${JSON.stringify(recorded)}`);
          for (const e of recorded!) if (!error.message.includes(`--only ${e}`)) throw new Error(`the refusal does not name ${e}: ${error.message}`);
          if (!error.message.includes('t.json.gz')) throw new Error('the refusal does not name the transcript');
          return;
        }
        if (none(recorded)) {
          if (got.only !== given || got.fromTranscript) throw new Error('a transcript without a selection changed the selection');
        } else if (none(given)) {
          if (got.only !== recorded || !got.fromTranscript) throw new Error('without --only, the recorded selection runs');
        } else {
          if (got.only !== given || got.fromTranscript) throw new Error('--only within the recording runs as given');
          const held = cellsOf(recorded!);
          for (const cell of cellsOf(given!)) if (!held.has(cell)) throw new Error(`${cell} asked, not recorded, not refused`);
        }
      }),
      { numRuns: 2000 },
    );
    t.ok(refused > 100, `2000 selections, ${refused} refused`);
  },
);

t.test('a transcript keeps its selection; one without it, and the committed fixtures, still read', async (t) => {
  const base: Transcript = {
    format: 'ctr-conformance-transcript/2',
    recordedFrom: 'sim',
    profile: 'ctr',
    seed: 1,
    numRuns: 2,
    exchanges: [{ method: 'GET', path: '/_ping', status: 200, headers: {}, body: 'OK' }],
  };
  fc.assert(
    fc.property(fc.array(fc.string(), { maxLength: 3 }), fc.boolean(), (only, gz) => {
      const file = join(out, `kept.json${gz ? '.gz' : ''}`);
      writeTranscript(file, { ...base, only });
      const back = readTranscript(file);
      if (JSON.stringify(back.only) !== JSON.stringify(only)) throw new Error(`${JSON.stringify(back.only)} for ${JSON.stringify(only)}`);
    }),
    { numRuns: 50 },
  );
  writeTranscript(join(out, 'without.json'), base);
  t.equal(readTranscript(join(out, 'without.json')).only, undefined);
  for (const bad of [7, ['a', 3], 'a.one']) {
    writeFileSync(join(out, 'bad.json'), JSON.stringify({ ...base, only: bad }));
    t.throws(() => readTranscript(join(out, 'bad.json')), { code: 'TARGET_TRANSCRIPT' }, `only: ${JSON.stringify(bad)} is refused`);
  }
  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.json.gz'));
  t.ok(fixtures.length >= 3);
  // scripts/record-transcripts.mjs records every rule a recording can carry, with --only.
  for (const name of fixtures) {
    const only = readTranscript(join(FIXTURES, name)).only;
    if (RECORDED_BEFORE_SELECTIONS.includes(name)) t.equal(only, undefined, `${name} reads, with no selection`);
    else t.same(only, RECORDABLE_RULE_IDS, `${name} keeps the selection it was recorded with: every rule a recording can carry`);
  }
});

t.test('record with --only, replay without: the recorded selection runs, with the verdicts of the recording', async (t) => {
  const file = join(out, 'recorded.json.gz');
  const only = ['api.version.too-old.wording@1.30', 'api.version.negotiation'];
  const recording = await runCli([
    'run',
    '--target',
    'sim',
    '--profile',
    'docker',
    ...only.flatMap((o) => ['--only', o]),
    '--record',
    file,
    '--out',
    join(out, 'rec'),
    '-q',
  ]);
  t.equal(recording.code, 0, recording.stderr);
  t.strictSame(readTranscript(file).only, only, 'the transcript remembers the selection');
  const replay = await runCli(['run', '--target', `replay:${file}`, '--out', join(out, 'rep'), '-q']);
  t.equal(replay.code, 0, replay.stderr);
  t.match(replay.stdout, `replaying the selection the transcript was recorded with: --only ${only[0]} --only ${only[1]}`);
  const cells = (dir: string) =>
    (JSON.parse(readFileSync(join(out, dir, 'report.json'), 'utf8')) as ConformanceReport).results.map((r) => `${r.rule}@${r.api ?? 'none'} ${r.status}`);
  t.strictSame(cells('rep'), cells('rec'), 'the same cells, the same verdicts, no errors for cells never recorded');
  const report = JSON.parse(readFileSync(join(out, 'rep', 'report.json'), 'utf8')) as ConformanceReport;
  t.strictSame(report.options?.only, only, 'the report records the selection it ran');

  const outside = await runCli(['run', '--target', `replay:${file}`, '--only', 'api.version.too-old.wording@1.42', '--out', join(out, 'outside'), '-q']);
  t.equal(outside.code, 2, 'a cell the transcript never recorded is a usage error');
  t.match(outside.stderr, `--only api.version.too-old.wording@1.42: the transcript ${file} was recorded with --only ${only[0]} --only ${only[1]}`);
  const within = await runCli(['run', '--target', `replay:${file}`, '--only', only[0]!, '--out', join(out, 'within'), '-q']);
  t.equal(within.code, 0, within.stderr);
  t.strictSame(cells('within'), [`${only[0]} pass`]);
});
