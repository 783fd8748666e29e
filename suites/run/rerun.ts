import { curlCommand, shellWord } from '../../reports/renderers/curl.js';
import type { Evidence, RuleResult } from '../../reports/model/result.js';
import { cellKey } from './plan.js';

/** How the CLI is started from the project's root: the head of every rerun line. */
export const CLI_COMMAND = 'node dist/cli/ctr-conformance.js run';

/** What a rerun line needs besides the cell: how the target was chosen and the run's parameters. */
export interface RerunBase {
  /** The arguments that name the target: `--target SPEC` and any of --emulate, --fault, --allow-remote. */
  readonly targetArgs: readonly string[];
  readonly profile: string;
  /** The --release the run was given, if any. */
  readonly release?: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly numStarts: number;
}

/**
 * The command that reruns exactly one cell: same target, profile, release and case counts, the
 * run's seed (each cell's seed derives from it), the cell, and the counterexample's path. It ends
 * `--seed N --only rule@api --path "…"`, the part to add to any other `run` command.
 */
export function rerunCommand(base: RerunBase, result: Pick<RuleResult, 'rule' | 'api'>, path?: string): string {
  return [
    CLI_COMMAND,
    ...base.targetArgs.map(shellWord),
    '--profile',
    shellWord(base.profile),
    ...(base.release === undefined ? [] : ['--release', shellWord(base.release)]),
    '--num-runs',
    String(base.numRuns),
    '--num-starts',
    String(base.numStarts),
    '--seed',
    String(base.seed),
    '--only',
    shellWord(cellKey(result.rule, result.api)),
    ...(path === undefined || path === '' ? [] : ['--path', JSON.stringify(path)]),
  ].join(' ');
}

/** A failing or erring cell's evidence with its rerun line and the curl line of its deciding request. */
export function withRerun(base: RerunBase, result: Pick<RuleResult, 'rule' | 'api' | 'status'>, evidence: Evidence): Evidence {
  if (result.status !== 'fail' && result.status !== 'error') return evidence;
  const deciding = evidence.exchanges?.[evidence.exchanges.length - 1];
  const curl = deciding === undefined ? undefined : curlCommand(deciding);
  return {
    ...evidence,
    rerun: rerunCommand(base, result, evidence.counterexample?.path),
    ...(curl === undefined ? {} : { curl }),
  };
}
