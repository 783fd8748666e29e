import { readFile } from 'node:fs/promises';
import { changeText, isBaseline, type Baseline } from '../reports/baselines/baseline.js';
import type { BaselineOutcome } from '../reports/model/result.js';
import { UsageError } from './usage-error.js';

/** Reads a baseline; a missing or foreign file is a usage error. */
export async function readBaseline(path: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --baseline ${path}: ${(error as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--baseline ${path} is not a ctr-conformance baseline: ${(error as Error).message}`);
  }
  if (!isBaseline(doc)) throw new UsageError(`--baseline ${path} is not a ctr-conformance baseline (format ctr-conformance-baseline/1)`);
  return doc;
}

/** What to print of the gate's outcome (the report's `baseline`): improvements, regressions, one summary line. */
export function gateText(outcome: BaselineOutcome): string {
  const { regressions, improvements } = outcome;
  return (
    improvements.map((c) => `IMPROVED ${changeText(c, false)}\n`).join('') +
    regressions.map((c) => `REGRESSED ${changeText(c)}\n`).join('') +
    `baseline ${outcome.file}: ${regressions.length} regressed, ${improvements.length} improved${improvements.length > 0 ? ' (update it with --write-baseline)' : ''}\n`
  );
}
