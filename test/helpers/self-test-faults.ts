import type { Test } from 'tap';
import { inRange } from '../../common/dotted-version.js';
import { alsoBroken } from '../../simulator/index.js';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';
import { runSuites, type SuiteRun } from '../../suites/harness/runner.js';
import { InProcessSimTarget } from '../../suites/targets/in-process-sim.js';
import { CAPABILITIES_OF } from '../../suites/targets/capabilities.js';
import { SIM_BIN } from '../../suites/targets/resolve.js';
import { SpawnedDaemonTarget } from '../../suites/targets/spawned-daemon.js';
import { shardOf } from './shard.js';

/**
 * The suites are themselves tested: the catalogue runs on the simulator with no fault, then once per
 * testable rule with that rule's fault on (ctrd-sim --fault), over the rule's area and the rules the
 * fault declares it breaks. The rule must fail (fail, not error) and every other rule of that run
 * must keep the verdicts of the run without fault, except the declared ones. The faults are split
 * over the shard files test/self-test-faults-<k>-of-<n>.test.ts.
 */

const SEED = 7;
const NUM_RUNS = 15;
/**
 * Faults run this many at a time in a shard: enough to overlap the waits, few enough for two cores
 * with two shards beside each other (at 6 each, a batch of whole daemon-config runs starved the
 * in-process simulators: GET /info unanswered for 10 s).
 */
const BATCH = 3;

/** The release each fault is checked on: 28.5 where the rule applies there, else the first that has it. */
const RELEASES_TO_TRY = ['28.5', '20.10', '25.0'];
const releaseFor = (rule: Rule): string => {
  const found = RELEASES_TO_TRY.find((release) => rule.applies.releases === undefined || inRange(release, rule.applies.releases));
  if (found === undefined) throw new Error(`${rule.id}: none of ${RELEASES_TO_TRY.join(', ')} is in its releases`);
  return found;
};

const testable = RULES.filter((rule) => rule.testability.testable);

/**
 * A fault's run judges its rule's area and the rules it declares it breaks: a fault lives in its
 * area's code, and the whole catalogue per fault (about 190 runs) no longer fits the file's time on
 * two cores. The baselines stay whole; the fault's cells are compared with them.
 */
const rulesAround = (fault: string): string[] => {
  const area = RULES.find((rule) => rule.id === fault)!.area;
  return [...new Set([...RULES.filter((rule) => rule.area === area).map((rule) => rule.id), ...alsoBroken(fault as TestableRuleId)])];
};

const run = (release: string, fault?: string, only?: readonly string[]): Promise<SuiteRun> =>
  runSuites({
    // The missing-plugin lookup waits 10 ms, 20 ms… instead of dockerd's 1 s, 2 s…: the check does not time it.
    target: new InProcessSimTarget('sim', [
      '--emulate',
      release,
      '--brand',
      'docker',
      '--plugin-retry-ms',
      '10',
      ...(fault === undefined ? [] : ['--fault', fault]),
    ]),
    seed: SEED,
    numRuns: NUM_RUNS,
    numStarts: 2,
    concurrency: 8,
    // A verdict is what is compared: a fault's failure is not shrunk (shrinking restarts daemons).
    ...(fault === undefined ? { only: [...(only ?? [])] } : { only: rulesAround(fault), shrink: false }),
  });

/**
 * Rules the in-process simulator cannot carry (a SIGKILL, a network namespace, a umask of its own)
 * are checked on ctrd-sim as a process, against a baseline of the same: there, only their area's
 * process-only rules run (the faults of such rules are confined to their area's code); the rest of
 * the area is judged under the same fault in process, as every other fault is.
 */
const needsProcess = (rule: Rule): boolean => rule.requires.some((capability) => !CAPABILITIES_OF.inProcess.has(capability));
const processRun = (release: string, area: string, fault?: string): Promise<SuiteRun> =>
  runSuites({
    target: new SpawnedDaemonTarget({
      spec: 'sim-process',
      command: [process.execPath, SIM_BIN],
      fixedArgs: ['--emulate', release, '--brand', 'docker', '--plugin-retry-ms', '10', ...(fault === undefined ? [] : ['--fault', fault])],
      modelRunner: true,
    }),
    seed: SEED,
    numRuns: NUM_RUNS,
    numStarts: 2,
    concurrency: 8,
    only: RULES.filter((rule) => rule.area === area && rule.testability.testable && needsProcess(rule)).map((rule) => rule.id),
    ...(fault === undefined ? {} : { shrink: false }),
  });

/** rule → "api: status" of each of its cells. */
function verdicts(suite: SuiteRun): Map<string, string[]> {
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
    `each fault of shard ${shard} of ${of} fails exactly its rule (and what it declares), every other rule of its area keeping its verdicts`,
    async (t) => {
      const began = Date.now();
      // Each release's baseline judges the rules the shard's faults are compared on, no more. Every
      // fault runs in process over its area (a process-only rule's own cell is skipped there).
      const releases = [...new Set(mine.map(releaseFor))];
      const around = (release: string): string[] => [...new Set(mine.filter((rule) => releaseFor(rule) === release).flatMap((rule) => rulesAround(rule.id)))];
      const baselines = new Map(
        await Promise.all(releases.map(async (release) => [release, verdicts(await run(release, undefined, around(release)))] as const)),
      );
      for (const [release, baseline] of baselines) {
        const broken = [...baseline].filter(([, cells]) => cells.some((cell) => cell.endsWith('fail') || cell.endsWith('error')));
        t.same(broken, [], `without a fault, emulating ${release}, no rule fails`);
      }

      // judgesOwn: the run that must show the fault's own rule failing (for a process-only rule, the process run).
      const outcomes: { rule: Rule; release: string; suite: SuiteRun; baseline: Map<string, string[]>; judgesOwn: boolean }[] = [];
      for (let i = 0; i < mine.length; i += BATCH) {
        const batch = mine.slice(i, i + BATCH);
        outcomes.push(
          ...(await Promise.all(
            batch.map(async (rule) => ({
              rule,
              release: releaseFor(rule),
              suite: await run(releaseFor(rule), rule.id),
              baseline: baselines.get(releaseFor(rule))!,
              judgesOwn: !needsProcess(rule),
            })),
          )),
        );
      }
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
              return { rule, release, suite: await processRun(release, rule.area, rule.id), baseline, judgesOwn: true };
            }),
          )),
        );
      }

      // Assertions outside the runs, in catalogue order.
      for (const { rule, release, suite, baseline, judgesOwn } of outcomes) {
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
      t.comment(`${outcomes.length} faults and ${baselines.size} baselines in ${Date.now() - began} ms`);
    },
  );
}
