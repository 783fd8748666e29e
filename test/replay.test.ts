import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { RULES } from '../specs/catalogue.js';
import { KNOWN_DEVIATIONS } from '../specs/known-deviations.js';
import { validateReport, type ConformanceReport } from '../reports/index.js';
import { readTranscript, writeTranscript } from '../suites/targets/transcript.js';
import { compareWithSimulator } from './helpers/agreement.js';
import { runCli } from './helpers/cli.js';
import { checkKnownDeviationCells } from './helpers/known-deviation-cells.js';

/**
 * Transcripts recorded from the real dockerd releases (scripts: `run --record`) are replayed
 * through nock: the suites must judge them exactly as they judged the live daemon, and the
 * simulator emulating each release with its observed quirks (`--as-observed`) must agree with them
 * cell by cell. This runs on machines without daemons.
 */
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/transcripts/', import.meta.url));
// Longer than the project's 180 s per file: three recordings replayed beside three whole runs of
// the simulator (with its observed quirks), then the error cases.
t.setTimeout(600_000);

const out = mkdtempSync('/tmp/ctc-replay-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json.gz'))) {
  t.test(`replaying ${file}`, async (t) => {
    const transcript = readTranscript(join(FIXTURES, file));
    const release = /dockerd-(\d+\.\d+)\./.exec(file)![1]!;
    const replayDir = join(out, `replay-${release}`);
    const simDir = join(out, `sim-${release}`);
    const [replay, sim] = await Promise.all([
      runCli(['run', '--target', `replay:${join(FIXTURES, file)}`, '--profile', transcript.profile, '--out', replayDir, '-q']),
      runCli([
        'run',
        '--target',
        'sim',
        '--emulate',
        release,
        '--as-observed',
        '--profile',
        transcript.profile,
        '--seed',
        String(transcript.seed),
        '--num-runs',
        String(transcript.numRuns),
        '--out',
        simDir,
        '-q',
      ]),
    ]);
    t.not(sim.code, 2, `the simulator's run is not a usage error: ${sim.stderr}`);
    t.same(validateReport(report(replayDir)), { ok: true }, 'the replay report is valid');
    t.equal(report(replayDir).target.release, release);
    t.equal(report(replayDir).totals.error, 0, `every request of the run was in the transcript: ${replay.stdout}`);
    const agreement = compareWithSimulator(report(replayDir), report(simDir), (status) => status === 'skipped');
    t.same(agreement.differences, [], 'the simulator agrees with the recorded daemon');
    t.same(agreement.deviationsNotFailing, [], 'known deviations are failures');
    t.equal(replay.code, agreement.deviationsSeen > 0 ? 1 : 0, 'exit code: 1 exactly when a rule fails');
    // The in-process cells of --as-observed fail exactly the release's known deviations (test/quirks.test.ts judges the process-only ones).
    const simReport = report(simDir);
    checkKnownDeviationCells(t, simReport.results, release, simReport.target.apiRange?.min ?? '0', `${release} --as-observed in process`);
    const skippedRules = new Set(
      report(replayDir)
        .results.filter((r) => r.status === 'skipped')
        .map((r) => r.rule),
    );
    // Rules that restart the daemon (from 25.0), send raw bytes or unclean paths cannot be answered by a recording.
    // And those that create images and containers and read what they became (capability `objects`).
    const unanswerable = [
      // Raw bytes on the wire (capability `wire`).
      ...RULES.filter((r) => r.testability.testable && r.requires.includes('wire')).map((r) => r.id),
      ...(release === '20.10' ? [] : ['api.version.legacy-removed', 'api.version.min-override-raise']),
      ...RULES.filter((r) => r.testability.testable && r.requires.includes('objects')).map((r) => r.id),
    ];
    // So can none about the daemon as a process (flags, files: they start daemons of their own), nor the untestable ones,
    // nor the model runner's: the recorded dockerd hosts none.
    const processRules = RULES.filter(
      (r) => r.applies.surface === 'daemon-process' || r.applies.surface.startsWith('model-runner') || !r.testability.testable,
    ).map((r) => r.id);
    t.same(
      unanswerable.filter((rule) => !skippedRules.has(rule)),
      [],
      'the rules a recording cannot answer are skipped',
    );
    t.same(
      [...skippedRules].filter((rule) => !unanswerable.includes(rule) && !processRules.includes(rule)),
      [],
      'and no other rule is',
    );
  });
}

t.test('a request missing from the transcript is an error of the replay, never a failure of the daemon', async (t) => {
  const transcript = readTranscript(join(FIXTURES, 'dockerd-28.5.json.gz'));
  const trimmed = join(out, 'trimmed.json.gz');
  writeTranscript(trimmed, { ...transcript, exchanges: transcript.exchanges.filter((e) => !e.path.startsWith('/v1.51/')) });
  const dir = join(out, 'trimmed');
  const run = await runCli(['run', '--target', `replay:${trimmed}`, '--profile', 'docker', '--out', dir, '-q']);
  t.equal(run.code, 1);
  const errors = report(dir).results.filter((r) => r.status === 'error');
  t.ok(errors.length > 0, 'cells that needed the removed requests are errors');
  for (const result of errors) t.match(result.evidence.summary, /the transcript lacks a request/);
  const deviating = new Set(KNOWN_DEVIATIONS.filter((d) => d.releases.includes('28.5')).map((d) => d.rule));
  t.notOk(
    report(dir).results.some((r) => r.status === 'fail' && !deviating.has(r.rule)),
    'no failure is blamed on the daemon but its known deviations',
  );
});

t.test('the profile is read from the target, and a contradicting --profile is refused', async (t) => {
  const fixture = join(FIXTURES, 'dockerd-28.5.json.gz');
  const dir = join(out, 'auto-profile');
  const auto = await runCli(['run', '--target', `replay:${fixture}`, '--out', dir, '-q']);
  t.equal(auto.code, 1, 'runs (and fails only the known deviation)');
  t.equal(report(dir).target.profile, 'docker', 'Docker-Experimental header → docker profile');
  const wrong = await runCli(['run', '--target', `replay:${fixture}`, '--profile', 'ctr', '--out', join(out, 'wrong-profile'), '-q']);
  t.equal(wrong.code, 2, 'a contradicting profile is a usage error');
  t.match(wrong.stderr, /uses the docker names .* run it with --profile docker/);
});

t.test('a file that is not a transcript is a clear error', async (t) => {
  const bogus = join(out, 'bogus.json');
  writeTranscript(bogus, { format: 'something-else' } as never);
  const run = await runCli(['run', '--target', `replay:${bogus}`]);
  t.equal(run.code, 2, 'a usage error: the argument names no transcript');
  t.match(run.stderr, /is not a ctr-conformance transcript/);
});
