import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { KNOWN_DEVIATIONS } from '../specs/known-deviations.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { readTranscript, writeTranscript } from '../suites/targets/transcript.js';
import { runCli } from './helpers/cli.js';

/**
 * Transcripts recorded from the real dockerd releases (scripts: `run --record`) are replayed
 * through nock. Each recording whole, beside the simulator emulating its release with its observed
 * quirks, is replayed by the agreement test (test/agreement-*-of-2.test.ts, daemons or not);
 * here, what a replay does with what a transcript lacks or contradicts.
 */
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/transcripts/', import.meta.url));

const out = mkdtempSync('/tmp/ctc-replay-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

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
