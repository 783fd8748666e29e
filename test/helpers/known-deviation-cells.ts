import type { Test } from 'tap';
import { KNOWN_DEVIATIONS } from '../../specs/known-deviations.js';
import { isKnownDeviationCell } from './agreement.js';

/** One cell of a run: what the check needs of a suite result or a report result. */
export interface JudgedCell {
  readonly rule: string;
  readonly api: string | null;
  readonly status: string;
  readonly evidence: { readonly summary: string };
}

/**
 * `--emulate R --as-observed` fails exactly the cells of R's known deviations among `cells` (those a
 * target did not carry, skipped, are left to the run that carries them), errors none, and each known
 * deviation judged there fails. `label` names the run in the messages.
 */
export function checkKnownDeviationCells(t: Test, cells: readonly JudgedCell[], release: string, min: string, label: string): void {
  const judged = cells.filter((r) => r.status !== 'skipped' && r.status !== 'not-applicable');
  const failing = judged.filter((r) => r.status === 'fail').map((r) => `${r.rule}@${r.api}`);
  const expected = judged.filter((r) => isKnownDeviationCell(r.rule, r.api, release, min)).map((r) => `${r.rule}@${r.api}`);
  t.same(
    failing.filter((cell) => !expected.includes(cell)),
    [],
    `${label}: no rule fails but the known deviations (${judged
      .filter((r) => r.status === 'fail' && !expected.includes(`${r.rule}@${r.api}`))
      .map((r) => r.evidence.summary)
      .join('; ')})`,
  );
  t.same(
    expected.filter((cell) => !failing.includes(cell)),
    [],
    `${label}: every cell of a known deviation fails`,
  );
  t.same(
    judged.filter((r) => r.status === 'error').map((r) => `${r.rule}@${r.api}: ${r.evidence.summary}`),
    [],
    `${label}: no cell errors`,
  );
  const judgedRules = new Set(judged.map((r) => r.rule));
  for (const deviation of KNOWN_DEVIATIONS.filter((d) => d.releases.includes(release) && judgedRules.has(d.rule))) {
    t.ok(
      failing.some((cell) => cell.startsWith(`${deviation.rule}@`)),
      `${label}: ${deviation.quirk} makes ${deviation.rule} fail`,
    );
  }
}
