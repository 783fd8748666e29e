import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { KNOWN_DEVIATIONS, RELEASES, RULES } from '../specs/index.js';
import { HYPOTHETICAL_QUIRKS, OBSERVED_QUIRKS, QUIRKS } from '../specs/quirks/index.js';
import { quirkPlaces } from '../simulator/quirks/registry.js';
import { runSuites, withStartArgs, type SuiteRun } from '../suites/run/index.js';
import { CAPABILITIES_OF } from '../suites/targets/capabilities.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { profileFor } from '../suites/profiles.js';
import { runCli } from './helpers/cli.js';
import { PROCESS_ONLY } from './helpers/release-agreement.js';

/**
 * The quirks (specs/quirks, simulator/quirks): the two lists name the same quirks, and every observed
 * quirk is what makes `--emulate R --as-observed` fail exactly R's known deviations. That every
 * hypothetical quirk is caught by its rule is checked by the shard files
 * test/quirks-hypothetical-<k>-of-<n>.test.ts (test/helpers/hypothetical-quirks.ts).
 */

const SEED = 7;

// The three releases with observed quirks, each as a process on the rules only a process carries.
t.setTimeout(600_000);

t.test('every quirk of the specs is a row of a variant table, and every quirk row is in the specs', async (t) => {
  const specified = QUIRKS.map((quirk) => quirk.id);
  const registered = Object.keys(quirkPlaces());
  t.same(specified.filter((id) => !registered.includes(id)).sort(), [], 'quirks of specs/quirks no variant table has a row for (simulator/variant-tables.ts)');
  t.same(registered.filter((id) => !specified.includes(id)).sort(), [], 'quirk rows of the variant tables that specs/quirks does not name');
  t.equal(new Set(specified).size, specified.length, 'quirk ids are unique');
  for (const [id, place] of Object.entries(quirkPlaces())) t.ok(place.where.trim() !== '', `${id}: names the file(s) that carry it`);
});

t.test('every testable rule is broken by at least one quirk (hypothetical, or observed on a real release)', async (t) => {
  const broken = new Set(QUIRKS.map((quirk) => quirk.rule));
  const without = RULES.filter((rule) => rule.testability.testable && !broken.has(rule.id)).map((rule) => rule.id);
  t.same(without, [], 'testable rules no quirk breaks: add a hypothetical quirk (specs/quirks/<area>.ts and its row in a variant table: CONTRIBUTING.md)');
});

t.test('quirks name a rule of the catalogue, releases of the table, and ids of the agreed forms', async (t) => {
  const ruleIds = new Set(RULES.map((rule) => rule.id));
  const releases = new Set(RELEASES.map((release) => release.release));
  for (const quirk of QUIRKS) {
    t.ok(ruleIds.has(quirk.rule), `${quirk.id}: rule ${quirk.rule} is in the catalogue`);
    for (const release of quirk.releases ?? []) t.ok(releases.has(release), `${quirk.id}: release ${release} is in specs/versions.ts`);
    t.ok(quirk.what.trim() !== '', `${quirk.id}: says what it does`);
  }
  for (const quirk of HYPOTHETICAL_QUIRKS) {
    t.equal(quirk.kind, 'hypothetical', quirk.id);
    t.match(
      quirk.id,
      new RegExp(`^hypothetical\\.${quirk.rule.replace(/\./g, '\\.')}\\.[a-z0-9][a-z0-9-]*$`),
      `${quirk.id}: hypothetical.<rule-id>.<short-name>`,
    );
  }
  const observed = OBSERVED_QUIRKS.map((quirk) => quirk.id);
  t.equal(OBSERVED_QUIRKS.length, KNOWN_DEVIATIONS.length, 'one observed quirk per known deviation');
  for (const deviation of KNOWN_DEVIATIONS)
    t.match(deviation.quirk, new RegExp(`^observed\\.${deviation.rule.replace(/\./g, '\\.')}(\\.[a-z0-9-]+)?$`), `${deviation.rule}: observed.<rule-id>`);
  t.equal(new Set(observed).size, observed.length, 'observed quirk ids are unique');
});

t.test('--quirk and --as-observed: usage errors', async (t) => {
  const unknown = await runCli(['run', '--target', 'sim', '--quirk', 'hypothetical.no.such-quirk', '-q', '--out', '/tmp/ctc-quirks-never']);
  t.equal(unknown.code, 2, 'an unknown quirk id is a usage error');
  t.match(unknown.stderr, /--quirk hypothetical\.no\.such-quirk/);
  const notSim = await runCli(['run', '--target', 'endpoint:unix:///tmp/ctc-quirks-none.sock', '--as-observed', '-q', '--out', '/tmp/ctc-quirks-never']);
  t.equal(notSim.code, 2, '--as-observed with a target that is not the simulator is a usage error');
  t.match(notSim.stderr, /--as-observed applies to the simulator targets/);
});

const DOCKER = profileFor('docker')!;

/** `run --target sim-process --emulate R --profile docker`, on the rules only a process carries. */
function runAsProcess(release: string): Promise<SuiteRun> {
  return runSuites({
    profile: DOCKER,
    seed: SEED,
    numRuns: 8,
    numStarts: 2,
    concurrency: 6,
    shrink: false,
    target: withStartArgs(resolveTarget('sim-process', { emulate: release, profile: DOCKER }), ['--plugin-retry-ms', '10']),
    only: PROCESS_ONLY,
  });
}

const RELEASES_OBSERVED = [...new Set(KNOWN_DEVIATIONS.flatMap((deviation) => deviation.releases))].sort();

/**
 * `--emulate R --as-observed` is judged by the agreement test (test/agreement-*-of-2.test.ts),
 * in process and as a process, on the runs it compares with R's recording and live daemon
 * (checkKnownDeviationCells). Here: the plain reference as a process, on the rules only a process carries.
 */
t.test('plain --emulate R as a process fails none of the rules only a process carries', async (t) => {
  for (const release of RELEASES_OBSERVED) {
    const plainProcess = await runAsProcess(release);
    t.same(plainProcess.target.release, release);
    const brokenPlain = plainProcess.results.filter((r) => r.status === 'fail' || r.status === 'error');
    t.same(
      brokenPlain.map((r) => `${r.rule}@${r.api}: ${r.evidence.summary}`),
      [],
      `plain --emulate ${release} as a process passes ${PROCESS_ONLY.join(', ')}`,
    );
  }
});

t.test('every release with known deviations has a recording that the agreement test replays beside its --as-observed run', async (t) => {
  const fixtures = fileURLToPath(new URL('../../test/fixtures/transcripts/', import.meta.url));
  for (const release of RELEASES_OBSERVED) t.ok(existsSync(join(fixtures, `dockerd-${release}.json.gz`)), `dockerd-${release}.json.gz is recorded`);
});

t.test('every known deviation is judged in process or as a process (by the agreement test)', async (t) => {
  const inProcess = RULES.filter((rule) => rule.requires.every((capability) => CAPABILITIES_OF.inProcess.has(capability))).map((rule) => rule.id);
  for (const deviation of KNOWN_DEVIATIONS)
    t.ok(inProcess.includes(deviation.rule) || PROCESS_ONLY.includes(deviation.rule), `${deviation.rule}: judged in process or as a process`);
});
