import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { inRange } from '../../common/dotted-version.js';
import { alsoBroken, EVERY_FAULT } from '../../simulator/index.js';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';
import { runSuites, type SuiteRun } from '../../suites/run/index.js';
import { InProcessSimTarget } from '../../suites/targets/in-process-sim.js';
import { CAPABILITIES_OF } from '../../suites/targets/capabilities.js';
import { SIM_BIN } from '../../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../../suites/targets/spawned-daemon.js';
import { shardOf } from './shard.js';
import { sharedResults } from './shared-work.js';

/**
 * The suites are themselves tested: the catalogue runs on the simulator with no fault, then once per
 * testable rule with that rule's fault on (ctrd-sim --fault). The rule must fail (fail, not error)
 * and every other rule must keep the verdicts of the run without fault, except the declared ones.
 *
 * Which rules a fault's run must judge is read, not guessed. Without faults, each rule runs alone on
 * a simulator that notes which faults its code asks about (ctrd-sim --fault-trace,
 * simulator/faults/fault-set.ts). The simulator is deterministic for a given seed, so a run with
 * fault F departs from the run without it only where the code asks about F: a rule whose requests
 * never asked about F keeps its verdict under F without being run again. A fault's run therefore
 * judges its rule, the rules it declares it breaks, and every rule, of any area, that asked about it.
 * The faults asked about by every rule (the start-up path: reading the configuration, the listeners,
 * the answers built at start) would make that the whole catalogue; those are judged over their
 * area, as the area is where such a fault lives. The faults are split over the shard files
 * test/fault-self-test-<k>-of-<n>.test.ts.
 */

const SEED = 7;
/** Cases per property: on this seed every fault is caught at 10 (2026-12-07), as at 15, for about a sixth less CPU. */
const NUM_RUNS = 10;
/**
 * Faults run this many at a time in a shard: enough to overlap the waits, few enough for two cores
 * with two shards beside each other (at 6 each, a batch of whole daemon-config runs starved the
 * in-process simulators: GET /info unanswered for 10 s).
 */
const BATCH = 3;
/** Rules run alone at a time for the traced baseline (each is small: one rule, one simulator). */
const BASELINE_WORKERS = 6;
/** How long a shard waits for a baseline rule another shard claimed (a whole baseline is about a minute). */
const BASELINE_DEADLINE_MS = 600_000;
/**
 * Rules that time the target's answers against what it takes with nothing else to do. Beside other
 * runs in this process (whose cells share the in-process simulator's event loop) they would measure
 * this process's load, not the simulator: they run alone, after the others, in the baseline and in
 * every fault's run that judges them.
 */
const TIMED_RULES: ReadonlySet<string> = new Set(['mr.inference.fairness', 'mr.inference.work-bounds']);

/** The release each fault is checked on: 28.5 where the rule applies there, else the first that has it. */
const RELEASES_TO_TRY = ['28.5', '20.10', '25.0'];
const releaseFor = (rule: Rule): string => {
  const found = RELEASES_TO_TRY.find((release) => rule.applies.releases === undefined || inRange(release, rule.applies.releases));
  if (found === undefined) throw new Error(`${rule.id}: none of ${RELEASES_TO_TRY.join(', ')} is in its releases`);
  return found;
};

const testable = RULES.filter((rule) => rule.testability.testable);

const simArgs = (release: string, extra: readonly string[]): string[] =>
  // The missing-plugin lookup waits 10 ms, 20 ms… instead of dockerd's 1 s, 2 s…: the check does not time it.
  ['--emulate', release, '--brand', 'docker', '--plugin-retry-ms', '10', ...extra];

const run = (release: string, only: readonly string[], extra: readonly string[] = [], shrink = true): Promise<SuiteRun> =>
  runSuites({
    target: new InProcessSimTarget('sim', simArgs(release, extra)),
    seed: SEED,
    numRuns: NUM_RUNS,
    numStarts: 2,
    concurrency: 8,
    only: [...only],
    // A verdict is what is compared: a fault's failure is not shrunk (shrinking restarts daemons).
    ...(shrink ? {} : { shrink: false }),
  });

/** One rule of the run without faults: the verdicts of its cells and the faults its requests asked about. */
interface RuleBaseline {
  readonly cells: readonly string[];
  readonly asked: ReadonlySet<string>;
}

/** What the runs without faults on one release say: each rule's baseline, and the faults every rule asked about. */
interface ReleaseBaseline {
  readonly rules: ReadonlyMap<string, RuleBaseline>;
  readonly askedByAll: ReadonlySet<string>;
}

/**
 * Every rule of the catalogue alone, without faults, tracing the faults asked about. The shard files
 * share this work (test/helpers/shared-work.ts): each rule's baseline is computed by one of them.
 */
async function tracedBaseline(release: string): Promise<ReleaseBaseline> {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-fault-trace-'));
  try {
    const baselineOf = async (id: string): Promise<{ cells: string[]; asked: string[] }> => {
      const trace = join(dir, id);
      const suite = await run(release, [id], ['--fault-trace', trace]);
      const asked = existsSync(trace)
        ? readFileSync(trace, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
        : [];
      return { cells: verdicts(suite).get(id) ?? [], asked: [...new Set(asked)] };
    };
    const share = (ids: readonly string[], workers: number) =>
      sharedResults({ kind: `fault-baseline-${release}`, ids, workers, compute: baselineOf, deadlineMs: BASELINE_DEADLINE_MS });
    const ids = RULES.map((rule) => rule.id);
    const results = new Map([
      ...(await share(
        ids.filter((id) => !TIMED_RULES.has(id)),
        BASELINE_WORKERS,
      )),
      // The timed rules after the others, one at a time.
      ...(await share(
        ids.filter((id) => TIMED_RULES.has(id)),
        1,
      )),
    ]);
    const rules = new Map<string, RuleBaseline>([...results].map(([id, { cells, asked }]) => [id, { cells, asked: new Set(asked) }]));
    const traces = [...rules.values()].map((rule) => rule.asked).filter((asked) => asked.size > 0);
    const askedByAll = new Set([...(traces[0] ?? [])].filter((id) => traces.every((asked) => asked.has(id))));
    return { rules, askedByAll };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A rule asked about `fault` (or read the faults in a way that could reveal any: `*`). */
const asksAbout = (baseline: RuleBaseline, fault: string): boolean => baseline.asked.has(fault) || baseline.asked.has(EVERY_FAULT);

/** The rules a fault's run judges (see the top of this file). */
export function rulesJudged(fault: TestableRuleId, baseline: ReleaseBaseline): string[] {
  const area = RULES.find((rule) => rule.id === fault)!.area;
  const reached = baseline.askedByAll.has(fault)
    ? RULES.filter((rule) => rule.area === area).map((rule) => rule.id)
    : [...baseline.rules].filter(([, rule]) => asksAbout(rule, fault)).map(([id]) => id);
  return [...new Set([fault, ...alsoBroken(fault), ...reached])];
}

/**
 * Rules the in-process simulator cannot carry (a SIGKILL, a network namespace, a umask of its own)
 * are checked on ctrd-sim as a process, against a baseline of the same: there, only their area's
 * process-only rules run (the faults of such rules are confined to their area's code); the rest of
 * the catalogue is judged under the same fault in process, as every other fault is.
 */
const needsProcess = (rule: Rule): boolean => rule.requires.some((capability) => !CAPABILITIES_OF.inProcess.has(capability));
const processRun = (release: string, area: string, fault?: string): Promise<SuiteRun> =>
  runSuites({
    target: new SpawnedDaemonTarget({
      spec: 'sim-process',
      command: [process.execPath, SIM_BIN],
      fixedArgs: simArgs(release, fault === undefined ? [] : ['--fault', fault]),
      modelRunner: true,
    }),
    seed: SEED,
    numRuns: NUM_RUNS,
    numStarts: 2,
    concurrency: 8,
    only: RULES.filter((rule) => rule.area === area && rule.testability.testable && needsProcess(rule)).map((rule) => rule.id),
    ...(fault === undefined ? {} : { shrink: false }),
  });

type Results = SuiteRun['results'];

/** The results of `rules` under `fault`, those of TIMED_RULES left out or, with `timed`, only those. */
async function faultRun(release: string, fault: string, rules: readonly string[], timed: boolean): Promise<Results> {
  const part = rules.filter((id) => TIMED_RULES.has(id) === timed);
  return part.length === 0 ? [] : (await run(release, part, ['--fault', fault], false)).results;
}

/** rule → "api: status" of each of its cells. */
function verdicts(suite: { readonly results: Results }): Map<string, string[]> {
  const byRule = new Map<string, string[]>();
  for (const result of suite.results) byRule.set(result.rule, [...(byRule.get(result.rule) ?? []), `${result.api ?? '-'}: ${result.status}`]);
  return byRule;
}

/**
 * The faults of shard `shard` of `of`: the in-process ones round-robin in catalogue order; the
 * process-only ones by area, an area's all in one shard, so that its process baseline (a whole
 * area on ctrd-sim as a process) runs once.
 */
export function faultsOfShard(shard: number, of: number): Rule[] {
  const processAreas = [...new Set(testable.filter(needsProcess).map((rule) => rule.area))];
  return [
    ...shardOf(
      testable.filter((rule) => !needsProcess(rule)),
      shard,
      of,
    ),
    ...testable.filter((rule) => needsProcess(rule) && processAreas.indexOf(rule.area) % of === shard - 1),
  ];
}

/** The faults of shard `shard` of `of` (faultsOfShard). */
export function checkFaults(t: Test, { shard, of }: { shard: number; of: number }): void {
  const mine = faultsOfShard(shard, of);
  // A shard is about 5 min on two busy cores; the deadline leaves room for a loaded CI machine.
  t.setTimeout(1_200_000);
  t.test(
    `each fault of shard ${shard} of ${of} fails exactly its rule (and what it declares), every rule that could notice it keeping its verdicts`,
    async (t) => {
      const began = Date.now();
      // One traced baseline per release the shard's faults are checked on: every rule alone, without faults.
      const releases = [...new Set(mine.map(releaseFor))];
      const baselines = new Map<string, ReleaseBaseline>();
      for (const release of releases) baselines.set(release, await tracedBaseline(release));
      for (const [release, baseline] of baselines) {
        const broken = [...baseline.rules].filter(([, rule]) => rule.cells.some((cell) => cell.endsWith('fail') || cell.endsWith('error'))).map(([id]) => id);
        t.same(broken, [], `without a fault, emulating ${release}, no rule fails`);
        t.comment(`emulating ${release}: ${baseline.askedByAll.size} faults are asked about by every rule (judged over their area)`);
      }
      const baselineVerdicts = (release: string): Map<string, string[]> =>
        new Map([...baselines.get(release)!.rules].map(([id, rule]) => [id, [...rule.cells]]));

      // judgesOwn: the run that must show the fault's own rule failing (for a process-only rule, the process run).
      const outcomes: { rule: Rule; release: string; results: Results; baseline: ReadonlyMap<string, string[]>; judgesOwn: boolean }[] = [];
      const judgedBy = (rule: Rule): string[] => rulesJudged(rule.id as TestableRuleId, baselines.get(releaseFor(rule))!);
      for (let i = 0; i < mine.length; i += BATCH) {
        const batch = mine.slice(i, i + BATCH);
        outcomes.push(
          ...(await Promise.all(
            batch.map(async (rule) => ({
              rule,
              release: releaseFor(rule),
              results: await faultRun(releaseFor(rule), rule.id, judgedBy(rule), false),
              baseline: baselineVerdicts(releaseFor(rule)),
              judgesOwn: !needsProcess(rule),
            })),
          )),
        );
      }
      // Then the timed rules each fault's run judges, alone.
      for (const outcome of outcomes)
        outcome.results = [...outcome.results, ...(await faultRun(outcome.release, outcome.rule.id, judgedBy(outcome.rule), true))];
      // One baseline per release and area, then the faults of that area's process-only rules two at a time.
      const processBaselines = new Map<string, Map<string, string[]>>();
      const processRules = mine.filter(needsProcess);
      for (const rule of processRules) {
        const release = releaseFor(rule);
        const key = `${release}/${rule.area}`;
        if (processBaselines.has(key)) continue;
        const baseline = verdicts(await processRun(release, rule.area));
        processBaselines.set(key, baseline);
        t.same(
          [...baseline].filter(([, cells]) => cells.some((cell) => !cell.endsWith('pass') && !cell.endsWith('not-applicable') && !cell.endsWith('skipped'))),
          [],
          `without a fault, ctrd-sim as a process emulating ${release}: no ${rule.area} rule fails`,
        );
      }
      for (let i = 0; i < processRules.length; i += 2) {
        const batch = processRules.slice(i, i + 2);
        outcomes.push(
          ...(await Promise.all(
            batch.map(async (rule) => {
              const release = releaseFor(rule);
              const baseline = processBaselines.get(`${release}/${rule.area}`)!;
              t.ok(
                baseline.get(rule.id)?.every((cell) => cell.endsWith('pass')),
                `${rule.id} passes on ctrd-sim as a process`,
              );
              return { rule, release, results: (await processRun(release, rule.area, rule.id)).results, baseline, judgesOwn: true };
            }),
          )),
        );
      }

      // Assertions outside the runs, in catalogue order.
      for (const { rule, release, results, baseline, judgesOwn } of outcomes) {
        const suite = { results };
        const own = suite.results.filter((result) => result.rule === rule.id);
        if (judgesOwn) {
          t.ok(
            own.some((result) => result.status === 'fail'),
            `--fault ${rule.id} (emulating ${release}) makes ${rule.id} fail`,
          );
        }
        t.same(
          own.filter((result) => result.status === 'error').map((result) => `${result.api}: ${result.evidence.summary}`),
          [],
          `${rule.id}: no cell errors`,
        );
        const allowed = new Set<string>([rule.id, ...alsoBroken(rule.id as TestableRuleId)]);
        const changed = [...verdicts(suite)].filter(([other, cells]) => !allowed.has(other) && JSON.stringify(cells) !== JSON.stringify(baseline.get(other)));
        t.same(
          changed.map(([other]) => other),
          [],
          `--fault ${rule.id}: every other rule keeps its verdicts${changed.length === 0 ? '' : ` (${changed.map(([other]) => `${other}: ${suite.results.find((r) => r.rule === other && r.status !== 'pass' && r.status !== 'not-applicable')?.evidence.summary ?? '?'}`).join('; ')})`}`,
        );
      }
      const judged = outcomes.reduce((sum, outcome) => sum + new Set(outcome.results.map((result) => result.rule)).size, 0);
      t.comment(`${outcomes.length} faults (${judged} rule runs) and ${baselines.size} traced baselines in ${Date.now() - began} ms`);
    },
  );
}
