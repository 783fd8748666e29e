import type { Test } from 'tap';
import { NEWEST_RELEASE, RULES } from '../../specs/index.js';
import { HYPOTHETICAL_QUIRKS, type Quirk } from '../../specs/quirks/index.js';
import { runToReport, withStartArgs, type SuiteRun } from '../../suites/run/index.js';
import { CAPABILITIES_OF } from '../../suites/targets/capabilities.js';
import { resolveTarget } from '../../suites/targets/resolve.js';
import { shardOf } from './shard.js';

/**
 * Every hypothetical quirk is caught by its rule. For each, `run --target sim` (sim-process when
 * the quirk or its rule needs a process) `--emulate R --quirk ID --only RULE` on each release it
 * names (else the newest) must give at least one `fail` cell: a quirk no rule catches is a hole in
 * the suite. The quirks are split over test/quirks-hypothetical-<k>-of-<n>.test.ts.
 */

const SEED = 7;
/** Quirks checked at once: two cores. */
const AT_ONCE = 2;

const needsProcess = (quirk: Quirk): boolean => {
  const rule = RULES.find((r) => r.id === quirk.rule);
  return quirk.process === true || (rule?.requires.some((capability) => !CAPABILITIES_OF.inProcess.has(capability)) ?? false);
};

/** `run --target sim|sim-process --emulate R --quirk ID --only RULE`, as the CLI runs it. */
const runWithQuirk = async (quirk: Quirk, release: string): Promise<SuiteRun> => {
  const { run } = await runToReport({
    // The missing-plugin lookup waits 10 ms, 20 ms… instead of dockerd's 1 s, 2 s… (as in the self-test): no check times it.
    target: withStartArgs(resolveTarget(needsProcess(quirk) ? 'sim-process' : 'sim', { emulate: release }), ['--quirk', quirk.id, '--plugin-retry-ms', '10']),
    seed: SEED,
    numRuns: 100,
    numStarts: 5,
    concurrency: 4,
    only: [quirk.rule],
    // Whether the rule fails is what counts: the first failing case is not shrunk.
    shrink: false,
  });
  return run;
};

/** The hypothetical quirks of shard `shard` of `of`, round-robin in the order of specs/quirks. */
export function checkHypotheticalQuirks(t: Test, { shard, of }: { shard: number; of: number }): void {
  // Each quirk runs one rule on the simulator (the CLI's defaults: 100 cases, 5 starts).
  t.setTimeout(900_000);
  t.test(`every hypothetical quirk of shard ${shard} of ${of} makes its rule fail (a quirk no rule catches is a hole)`, async (t) => {
    const holes: string[] = [];
    const queue = shardOf(HYPOTHETICAL_QUIRKS, shard, of);
    const worker = async (): Promise<void> => {
      for (let quirk = queue.shift(); quirk !== undefined; quirk = queue.shift()) {
        for (const release of quirk.releases ?? [NEWEST_RELEASE.release]) {
          const run = await runWithQuirk(quirk, release);
          const statuses = run.results.filter((result) => result.rule === quirk.rule).map((result) => `${result.api ?? '-'}: ${result.status}`);
          if (!statuses.some((status) => status.endsWith(': fail'))) {
            holes.push(quirk.id);
            process.stderr.write(`hole: ${quirk.id} (--emulate ${release}): ${quirk.rule} gives ${statuses.join(', ') || 'no cell'}\n`);
          }
          t.ok(
            statuses.some((status) => status.endsWith(': fail')),
            `${quirk.id} --emulate ${release}: ${quirk.rule} fails (${statuses.join(', ')})`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    t.same(holes, [], 'hypothetical quirks no rule catches (holes in the suite)');
  });
}
