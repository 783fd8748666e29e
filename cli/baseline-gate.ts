import { changeText, isBaseline, type Baseline } from '../reports/baselines/baseline.js';
import type { BaselineOutcome } from '../reports/model/result.js';
import { inputLimits, readInputFile } from '../common/index.js';
import { terminalSafe } from '../common/terminal-text.js';
import { UsageError } from './usage-error.js';

/**
 * Reads a baseline; a missing or foreign file is a usage error, and so is anything but a regular
 * file within the limit (a FIFO is refused at once, never waited on: docs/limits.md).
 */
export async function readBaseline(path: string): Promise<Baseline> {
  const limits = inputLimits();
  let text: string;
  try {
    text = (await readInputFile(path, limits)).toString('utf8');
  } catch (error) {
    throw new UsageError(`cannot read --baseline ${path}: ${(error as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--baseline ${path} is not a ctr-conformance baseline: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`);
  }
  if (!isBaseline(doc)) throw new UsageError(`--baseline ${path} is not a ctr-conformance baseline (format ctr-conformance-baseline/1)`);
  return doc;
}

/** What to print of the gate's outcome (the report's `baseline`): improvements, regressions, one summary line, each cell and file from outside escaped for the terminal. */
export function gateText(outcome: BaselineOutcome): string {
  const { regressions, improvements } = outcome;
  return (
    improvements.map((c) => `IMPROVED ${terminalSafe(changeText(c, false))}\n`).join('') +
    regressions.map((c) => `REGRESSED ${terminalSafe(changeText(c))}\n`).join('') +
    `baseline ${terminalSafe(outcome.file)}: ${regressions.length} regressed, ${improvements.length} improved${improvements.length > 0 ? ' (update it with --write-baseline)' : ''}\n`
  );
}
