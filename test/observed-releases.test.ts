import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { NEWEST_RELEASE, RELEASES } from '../specs/versions.js';
import { runCli } from './helpers/cli.js';
import { FIXTURES } from './helpers/release-agreement.js';

/**
 * The releases observed on a real daemon (specs/versions.ts `observed`): ctrd-sim's default is the
 * newest of them, each has a recording the agreement test replays, and a report of any other says
 * that it was not observed.
 */
const observed = RELEASES.filter((release) => release.observed !== null);

t.test('the default release is the newest observed one', async (t) => {
  t.not(NEWEST_RELEASE.observed, null, `${NEWEST_RELEASE.release} was observed`);
  t.equal(observed.at(-1)?.release, NEWEST_RELEASE.release);
});

t.test('every observed release has a recording, so the agreement test covers it', async (t) => {
  for (const release of observed) t.ok(existsSync(join(FIXTURES, `dockerd-${release.release}.json.gz`)), `dockerd-${release.release}.json.gz`);
});

t.test('a report says when its release was not observed, and only then', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-observed-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  for (const [release, notObserved] of [
    ['29.5', true],
    ['29.7', false],
  ] as const) {
    const out = join(dir, release);
    const run = await runCli(['run', '--target', `sim@${release}`, '--only', 'api.version.too-new', '-q', '--out', out]);
    t.equal(run.code, 0, run.stderr);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    t.equal(report.target.notObserved !== undefined, notObserved, `${release}: notObserved ${String(report.target.notObserved)}`);
    t.equal(run.stdout.includes('not observed'), notObserved, `${release}: the summary line`);
  }
});
