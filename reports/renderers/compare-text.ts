/** How the comparison's renderers write a verdict and a share (shared by the HTML page and the Markdown summary). */
import type { RuleVerdict, VerdictCell } from '../compare/comparison.js';

/** Symbol and word per verdict; the symbol keeps the table readable without colour. */
export const VERDICT_DISPLAY: Readonly<Record<RuleVerdict, { readonly symbol: string; readonly word: string }>> = {
  pass: { symbol: '✓', word: 'pass' },
  fail: { symbol: '✗', word: 'fail' },
  error: { symbol: '!', word: 'error' },
  skipped: { symbol: '–', word: 'skipped' },
  'not-applicable': { symbol: '·', word: 'not applicable' },
  'not-run': { symbol: '∅', word: 'not run' },
};

/**
 * For a failing or erring cell judged at API versions: at how many of them it fails (or errs), as
 * `[count, of]`; null for other verdicts, and for a rule judged only at the place not tied to a version.
 */
export function badPlaces(cell: VerdictCell): [number, number] | null {
  const bad = cell.verdict === 'fail' ? cell.failing : cell.verdict === 'error' ? cell.erring : null;
  return bad === null || (cell.judged < 2 && bad.every((api) => api === null)) ? null : [bad.length, cell.judged];
}

/** A cell in words: "✗ fail 3/28" (3 of the 28 API versions judged fail), "✓ pass", "∅ not run". */
export function verdictText(cell: VerdictCell): string {
  const d = VERDICT_DISPLAY[cell.verdict];
  const places = badPlaces(cell);
  return `${d.symbol} ${d.word}${places === null ? '' : ` ${places[0]}/${places[1]}`}`;
}

/** A share as a percentage with one decimal, rounded down (so 100.0 % means all of them); "–" when nothing was scored. */
export function percentText(share: number | null): string {
  if (share === null) return '–';
  return `${(Math.floor(share * 1000 + 1e-9) / 10).toFixed(1)} %`;
}
