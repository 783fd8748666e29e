import fc from 'fast-check';
import { curlLine } from './curl-line.js';
import type { DiffSide, FoundDifference } from './explore.js';
import { runSequence, type SequenceSeen } from './sequence-run.js';
import { checkSweep, shrinkShowing } from './shrink.js';
import { commonVersions, sequenceArbitrary, stepText, type Step } from './sequence-steps.js';

export interface SequenceOptions {
  readonly seed: number;
  readonly sequences: number;
  /** Replays only the sequence at this path (of a previous run with the same seed). */
  readonly path?: string;
  readonly requestTimeoutMs: number;
  /** Time all shrinking of sequences together may take. */
  readonly shrinkBudgetMs: number;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

interface Group {
  seen: SequenceSeen;
  steps: readonly Step[];
  count: number;
  index: number;
}

const size = (steps: readonly Step[]): number => steps.length;

function found(signature: string, group: Group, path: string, shrunk: boolean, sides: readonly [DiffSide, DiffSide]): FoundDifference {
  const { seen, steps } = group;
  return {
    signature,
    label: seen.label,
    count: group.count,
    probe: seen.probe,
    difference: seen.difference,
    path,
    shrunk,
    curl: [curlLine(seen.sent[0], sides[0].endpoint), curlLine(seen.sent[1], sides[1].endpoint)],
    ...(seen.notServed ? { notServed: true as const } : {}),
    sequence: { steps: steps.map(stepText), step: seen.step },
  };
}

/**
 * Runs `sequences` generated stateful sequences on both sides and groups what differs; then
 * shrinks each group to a minimal sequence (unexplained ones first) while the budget lasts. Every
 * run of a sequence, shrinking's included, removes what it made. With `path`, runs only that one.
 */
export async function exploreSequences(
  sides: readonly [DiffSide, DiffSide],
  options: SequenceOptions,
): Promise<{ readonly sequences: number; readonly differences: FoundDifference[] }> {
  const arbitrary = sequenceArbitrary(commonVersions([sides[0].side, sides[1].side]));
  const runs = options.path === undefined ? options.sequences : 1;
  const groups = new Map<string, Group>();
  let index = 0;
  const sweep = fc.asyncProperty(arbitrary, async (steps) => {
    // A replay path names one value; fast-check then goes on with the values beside it in the shrink tree, which a replay does not send.
    if (options.path !== undefined && index > 0) return;
    const at = index++;
    options.onProgress?.(at, runs, `sequence of ${steps.length}: ${steps.map(stepText).join(' ; ')}`);
    for (const [signature, seen] of await runSequence(sides, steps, options.requestTimeoutMs)) {
      const group = groups.get(signature);
      if (group === undefined) groups.set(signature, { seen, steps, count: 1, index: at });
      else {
        group.count++;
        if (size(steps) < size(group.steps)) Object.assign(group, { seen, steps, index: at });
      }
    }
  });
  if (runs > 0) {
    const swept = await checkSweep(sweep, { seed: options.seed, numRuns: runs, ...(options.path === undefined ? {} : { path: options.path }) });
    if (swept.failed) throw swept.errorInstance instanceof Error ? swept.errorInstance : new Error(String(swept.errorInstance));
  }

  const order = [...groups.entries()].sort(([, x], [, y]) => Number(y.seen.label.kind === 'unexplained') - Number(x.seen.label.kind === 'unexplained'));
  const deadline = Date.now() + options.shrinkBudgetMs;
  const out: FoundDifference[] = [];
  for (const [signature, group] of order) {
    const left = deadline - Date.now();
    // A volatile kind keeps its smallest generated sequence: each shrinking step runs a whole sequence, better spent on the others.
    if (options.path !== undefined || left <= 0 || group.seen.label.kind === 'volatile') {
      out.push(found(signature, group, options.path ?? String(group.index), false, sides));
      continue;
    }
    const text = (steps: readonly Step[]): string => steps.map(stepText).join(' ; ');
    const shrunk = await shrinkShowing(
      arbitrary,
      { seed: options.seed, numRuns: options.sequences, path: String(group.index), timeLimitMs: left },
      async (steps) => (await runSequence(sides, steps, options.requestTimeoutMs)).get(signature),
      (a, b) => text(a) === text(b),
    );
    // Without what the counterexample's own run found (its step and requests), the group's smallest generated sequence stays.
    if (shrunk?.found !== undefined) out.push(found(signature, { ...group, seen: shrunk.found, steps: shrunk.value }, shrunk.path, shrunk.complete, sides));
    else out.push(found(signature, group, String(group.index), false, sides));
  }
  return { sequences: index, differences: out };
}
