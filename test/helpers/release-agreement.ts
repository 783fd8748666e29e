import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { validateReport } from '../../reports/schema.js';
import type { ConformanceReport } from '../../reports/model/result.js';
import { RULES } from '../../specs/catalogue.js';
import { observedQuirksOf } from '../../specs/quirks/index.js';
import { CAPABILITIES_OF } from '../../suites/targets/capabilities.js';
import { readTranscript } from '../../suites/targets/transcript.js';
import { compareWithSimulator } from './agreement.js';
import { runCli, type CliResult } from './cli.js';
import { checkKnownDeviationCells } from './known-deviation-cells.js';
import { inCI, installedDaemon } from './real-daemons.js';

/**
 * The agreement test (test/agreement-<k>-of-<n>.test.ts: the recorded releases shared round-robin
 * between the shard files, which tap runs side by side; within a file, one release after another).
 * For each release R
 * with a recording (test/fixtures/transcripts/dockerd-R.json.gz), on the recording's seed and depth:
 * - ctrd-sim emulating R with its observed quirks (`--as-observed`: the known deviations) must answer
 *   as the real release does, cell by cell, with no exception: as the live dockerd R answers (where
 *   provisioned; required in CI), and as its recording does (on every machine, daemons or not);
 * - the suites judge the recording as they judge the live daemon;
 * - `--as-observed` fails exactly R's known deviations, in process and, for the cells only a process
 *   carries, as a process.
 * One simulator run serves both comparisons. That plain `--emulate R` passes every rule is checked
 * by test/every-release-*.test.ts (in process) and test/quirks.test.ts (as a process).
 */

export const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/transcripts/', import.meta.url));

/** The starts per start-up property of every recording: scripts/record-transcripts.mjs passes it (a real daemon's default). */
export const RECORDED_NUM_STARTS = 2;

/** The releases with a recording, in version order. */
export function recordedReleases(): string[] {
  return readdirSync(FIXTURES)
    .map((file) => /^dockerd-(\d+\.\d+)\.json\.gz$/.exec(file)?.[1])
    .filter((release): release is string => release !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * The areas the agreement runs: every one but the model runner's. dockerd hosts no model runner, so
 * its recording and its live run skip those rules, and there is nothing to agree on; ctrd-sim passes
 * them at every release (test/every-release-*.test.ts), and as a process (test/quirks.test.ts). Left
 * in, their timed rules (mr.inference.fairness) measured the load of the test files beside this one.
 */
export const DOCKERD_AREAS = [...new Set(RULES.filter((rule) => !rule.applies.surface.startsWith('model-runner')).map((rule) => rule.area))];

/** Rules the in-process simulator cannot carry (a network namespace): ctrd-sim as a process answers them. */
export const PROCESS_ONLY = RULES.filter(
  (rule) => rule.testability.testable && rule.requires.some((c) => !CAPABILITIES_OF.inProcess.has(c)) && rule.applies.surface.startsWith('daemon'),
).map((rule) => rule.id);

/** Rules a recording cannot answer: it skips them. */
function unanswerableByRecording(release: string): string[] {
  return [
    // Raw bytes on the wire (capability `wire`).
    ...RULES.filter((r) => r.testability.testable && r.requires.includes('wire')).map((r) => r.id),
    // Rules that restart the daemon (from 25.0).
    ...(release === '20.10' ? [] : ['api.version.legacy-removed', 'api.version.min-override-raise']),
    // Rules that create images and containers and read what they became (capability `objects`).
    ...RULES.filter((r) => r.testability.testable && r.requires.includes('objects')).map((r) => r.id),
  ];
}

/** Nor can it answer those about the daemon as a process (flags, files), the untestable ones, or the model runner's (dockerd hosts none). */
const PROCESS_RULES = RULES.filter(
  (r) => r.applies.surface === 'daemon-process' || r.applies.surface.startsWith('model-runner') || !r.testability.testable,
).map((r) => r.id);

const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

/**
 * Each of `releases` against its recording and, where provisioned, its live daemon, one release
 * after another: a release's runs wait on its daemon's starts more than they use the cores, so the
 * shard files run beside each other and beside the CPU-bound ones.
 */
export function checkAgreement(t: Test, releases: readonly string[] = recordedReleases()): void {
  // Per release: the real daemon's whole run (the listeners area starting a daemon per case and
  // waiting out dockerd's 15 s plugin retries twice), about 4 to 5 minutes.
  t.setTimeout(1_500_000);
  if (releases.length === 0) t.fail('no release is recorded in test/fixtures/transcripts');
  const out = mkdtempSync('/tmp/ctc-agree-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));

  let previous: Promise<unknown> = Promise.resolve();
  for (const release of releases) {
    const fixture = join(FIXTURES, `dockerd-${release}.json.gz`);
    const transcript = readTranscript(fixture);
    const installed = installedDaemon(release);
    const daemon = 'daemon' in installed ? installed.daemon : undefined;
    const dir = (name: string): string => join(out, `${name}-${release}`);
    // The recording's seed and depth for every run, statuses compared (failures are not shrunk: on a
    // real daemon each step may start one). Its starts too: the simulator's own default (5) would
    // generate other cases than the recording's for the properties that start a daemon, at twice the CPU.
    const same = [
      ...['--profile', transcript.profile, '--seed', String(transcript.seed), '--num-runs', String(transcript.numRuns)],
      ...['--num-starts', String(RECORDED_NUM_STARTS), '--no-shrink', '-q'],
    ];
    const asObserved = ['--emulate', release, '--as-observed', ...same];
    const areas = DOCKERD_AREAS.flatMap((area) => ['--only', area]);
    // A recording made with --only replays that selection alone, and refuses any other.
    const replayed = transcript.only === undefined ? areas : [];
    // The real daemon's run (its starts wait on the daemon) beside the others one after another.
    const after = previous;
    const others = (async (): Promise<[CliResult, CliResult, CliResult]> => {
      await after;
      const replay = await runCli(['run', '--target', `replay:${fixture}`, ...same, ...replayed, '--out', dir('replay')]);
      const sim = await runCli(['run', '--target', 'sim', ...asObserved, ...areas, '--out', dir('sim')]);
      const simProcess = await runCli(['run', '--target', 'sim-process', ...asObserved, ...PROCESS_ONLY.flatMap((id) => ['--only', id]), '--out', dir('simp')]);
      return [replay, sim, simProcess];
    })();
    const realRun = after.then(() =>
      daemon === undefined ? null : runCli(['run', '--target', `daemon:${daemon.path}`, ...same, ...areas, '--out', dir('real')]),
    );
    const runs = Promise.all([others, realRun]).then(([[replay, sim, simProcess], real]) => [replay, sim, simProcess, real] as const);
    previous = runs.catch(() => undefined);

    t.test(`replaying dockerd-${release}.json.gz: judged as the live daemon was, and ctrd-sim as observed agrees`, async (t) => {
      const [replay, sim] = await runs;
      t.not(sim.code, 2, `the simulator's run is not a usage error: ${sim.stderr}`);
      const replayReport = readReport(dir('replay'));
      t.same(validateReport(replayReport), { ok: true }, 'the replay report is valid');
      t.equal(replayReport.target.release, release);
      t.equal(replayReport.totals.error, 0, `every request of the run was in the transcript: ${replay.stdout}`);
      const simReport = readReport(dir('sim'));
      const agreement = compareWithSimulator(replayReport, simReport, (status) => status === 'skipped');
      t.same(agreement.differences, [], 'the simulator agrees with the recorded daemon');
      t.same(agreement.deviationsNotFailing, [], 'known deviations are failures');
      t.equal(replay.code, agreement.deviationsSeen > 0 ? 1 : 0, 'exit code: 1 exactly when a rule fails');
      checkKnownDeviationCells(t, simReport.results, release, simReport.target.apiRange?.min ?? '0', `${release} --as-observed in process`);
      const skippedRules = new Set(replayReport.results.filter((r) => r.status === 'skipped').map((r) => r.rule));
      // A recording made with --only (scripts/record-transcripts.mjs) replays that selection alone: the rest is not run at all.
      const ranRules = new Set(replayReport.results.map((r) => r.rule));
      const unanswerable = unanswerableByRecording(release);
      t.same(
        unanswerable.filter((rule) => ranRules.has(rule) && !skippedRules.has(rule)),
        [],
        'the rules a recording cannot answer are skipped (or not run, outside the selection it was recorded with)',
      );
      t.same(
        [...skippedRules].filter((rule) => !unanswerable.includes(rule) && !PROCESS_RULES.includes(rule)),
        [],
        'and no other rule is',
      );
    });

    t.test(`ctrd-sim --emulate ${release} --as-observed as a process fails exactly the process-only cells of its known deviations`, async (t) => {
      const [, , simProcess] = await runs;
      t.not(simProcess.code, 2, `the simulator's run as a process is not a usage error: ${simProcess.stderr}`);
      const report = readReport(dir('simp'));
      t.same(report.target.release, release);
      checkKnownDeviationCells(t, report.results, release, report.target.apiRange?.min ?? '0', `${release} --as-observed as a process`);
    });

    if (daemon === undefined) {
      const why = 'missing' in installed ? installed.missing : `dockerd ${release} is recorded but not provisioned`;
      if (inCI()) t.fail(`real daemons are required in CI: ${why}`);
      else t.test(`dockerd ${release}`, { skip: `real daemon not provisioned: ${why}` }, async () => {});
      continue;
    }
    t.test(`dockerd ${release}: reports, and agreement with the simulator emulating it`, async (t) => {
      const [, sim, simProcess, real] = await runs;
      if (real === null) throw new Error('unreachable: the real run was started');
      t.not(real.code, 2, `the real run was not a usage error: ${real.stderr}`);
      for (const name of ['real', 'sim']) {
        for (const file of ['report.json', 'report.html', 'junit.xml']) t.ok(existsSync(join(dir(name), file)), `${name}-${release}/${file} written`);
        t.same(validateReport(readReport(dir(name))), { ok: true }, `${name}-${release}/report.json is valid`);
      }
      t.not(sim.code, 2);
      t.not(simProcess.code, 2);
      const realReport = readReport(dir('real'));
      const inProcess = readReport(dir('sim'));
      const asProcess = new Map(readReport(dir('simp')).results.map((r) => [`${r.rule}@${r.api}`, r]));
      const simReport = { ...inProcess, results: inProcess.results.map((r) => asProcess.get(`${r.rule}@${r.api}`) ?? r) };
      t.equal(realReport.target.release, release, 'the real daemon is recognised as its release');
      t.same(realReport.target.apiRange, simReport.target.apiRange, 'same API range');
      t.same(simReport.target.quirks ?? [], observedQuirksOf(release), 'the simulator carried the observed quirks of the release');

      const agreement = compareWithSimulator(realReport, simReport);
      t.same(agreement.differences, [], 'the simulator with the observed quirks agrees with the real daemon on every cell');
      t.same(agreement.deviationsNotFailing, [], 'each known deviation is still reported as a failure');
      t.equal(real.code, realReport.totals.fail > 0 || realReport.totals.error > 0 ? 1 : 0, 'exit code follows the failures');
      t.equal(realReport.totals.error, 0, 'no check errored');
      t.ok(realReport.results.length === simReport.results.length, 'same cells');
    });
  }
}
