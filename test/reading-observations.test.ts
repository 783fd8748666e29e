import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { RULES } from '../specs/catalogue.js';
import { KNOWN_DEVIATIONS } from '../specs/known-deviations.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { profileFor } from '../suites/profiles.js';
import { runCli } from './helpers/cli.js';
import { inCI, realDaemons } from './helpers/real-daemons.js';

/**
 * What the catalogue's readings (and the known deviations' texts) say a release does, observed on
 * that release (issue 37: every reading's statement about a release is observed by a test):
 * - tls.versions.supported: 20.10.24, 26.1.5 and 28.5.2 serve clients limited to TLS 1.2 and 1.3
 *   and refuse 1.0 and 1.1 (the rule's own run, whose evidence names what each version got);
 * - config.values.enum: the releases take `trace` and `panic`; 20.10.24 takes `warning`, 26.1.5 and
 *   28.5.2 refuse it ("invalid logging level: warning").
 * 26.1 and 28.5 only check the configuration (`--validate`; spawnSync's timeout ends it by its
 * PID); 20.10, which has no `--validate` and checks other values before the log level, is started
 * for real through the suite's daemon target (its safety flags, stopped by PID) and either serves
 * or exits.
 */
const found = realDaemons();
if (found.daemons.length === 0) {
  const why = found.missing ?? 'no real daemon is provisioned';
  if (inCI()) t.fail(`real daemons are required in CI: ${why}`);
  else t.pass(`skipped: ${why}`);
}

const reading = (id: string): string => RULES.find((rule) => rule.id === id)?.reading ?? '';

/** What a release with --validate says of a log level: taken (configuration OK) or refused, and its last line. */
function validatedLevel(path: string, level: string): { taken: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-levels-'));
  try {
    const config = join(dir, 'daemon.json');
    writeFileSync(config, JSON.stringify({ 'log-level': level }));
    const run = spawnSync(path, ['--validate', '--config-file', config], { encoding: 'utf8', timeout: 30_000, maxBuffer: 1 << 20 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    return { taken: run.status === 0 && /configuration OK/.test(output), output: output.trim().split('\n').slice(-1)[0] ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What 20.10 does with a log level: a real start that serves (taken) or exits (refused). */
async function startedLevel(path: string, level: string): Promise<{ taken: boolean; output: string }> {
  const target = resolveTarget(`daemon:${path}`, { profile: profileFor('docker')! });
  const outcome = await target.start({ args: [`--log-level=${level}`] });
  if (!outcome.ok) return { taken: false, output: outcome.output.trim().split('\n').slice(-1)[0] ?? '' };
  await outcome.instance.stop();
  return { taken: true, output: 'served' };
}

const levelVerdict = (path: string, release: string, level: string): Promise<{ taken: boolean; output: string }> =>
  release === '20.10' ? startedLevel(path, level) : Promise.resolve(validatedLevel(path, level));

for (const daemon of found.daemons) {
  t.test(`dockerd ${daemon.release}: the log levels the readings name`, async (t) => {
    t.match(reading('config.values.enum'), /`warning` \(which 20\.10\.24 takes and 26\.1\.5 and 28\.5\.2 refuse\)/, 'the reading says it');
    for (const level of ['trace', 'panic']) t.ok((await levelVerdict(daemon.path, daemon.release, level)).taken, `${level} is taken`);
    const warning = await levelVerdict(daemon.path, daemon.release, 'warning');
    if (daemon.release === '20.10') t.ok(warning.taken, `20.10 takes warning: ${warning.output}`);
    else t.match(warning.output, /invalid logging level: warning/, `${daemon.release} refuses warning`);
    const bogus = await levelVerdict(daemon.path, daemon.release, 'ctcbogus');
    t.notOk(bogus.taken, `a word that names no level is refused (the observation can tell): ${bogus.output}`);
  });

  t.test(`dockerd ${daemon.release}: the TLS versions served`, async (t) => {
    t.notMatch(reading('tls.versions.supported'), /negotiate no 1\.3/, 'the reading claims no missing TLS 1.3');
    const out = mkdtempSync(join(tmpdir(), 'ctc-tls-seen-'));
    t.teardown(() => rmSync(out, { recursive: true, force: true }));
    const run = await runCli(['run', '--target', `daemon:${daemon.path}`, '--only', 'tls.versions.supported', '--seed', '7', '-q', '--out', out]);
    t.not(run.code, 2, run.stderr);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    const cell = report.results.find((r) => r.rule === 'tls.versions.supported');
    t.equal(cell?.status, 'fail', 'the rule fails (TLS 1.0 and 1.1 are refused): a known deviation');
    t.match(cell?.evidence.summary ?? '', /\(TLSv1\.2, TLSv1\.3 served\)/, `1.2 and 1.3 are served: ${cell?.evidence.summary ?? ''}`);
    t.match(cell?.evidence.summary ?? '', /TLSv1 got no handshake.*TLSv1\.1 got no handshake/, '1.0 and 1.1 get no handshake');
    t.ok(
      KNOWN_DEVIATIONS.some((d) => d.rule === 'tls.versions.supported' && d.releases.includes(daemon.release)),
      'and the known deviation names the release',
    );
  });
}
