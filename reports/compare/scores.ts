import type { ComparedArea, ComparedRule, OverallScore, Score } from './comparison.js';

const share = (count: number, of: number): number | null => (of === 0 ? null : count / of);

/** The score of some rules over `implementations` columns. */
export function scoreOf(rules: readonly ComparedRule[], implementations: number): Score {
  const scored = rules.filter((r) => r.scored);
  const interop = scored.filter((r) => r.interoperable).length;
  const passed = Array.from({ length: implementations }, (_, i) => scored.filter((r) => r.cells[i]?.verdict === 'pass').length);
  return {
    rules: rules.length,
    scored: scored.length,
    interop,
    passed,
    interopShare: share(interop, scored.length),
    passedShare: passed.map((n) => share(n, scored.length)),
  };
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** The overall score: every rule at once, and the mean of the areas' shares (areas with a scored rule). */
export function overallOf(areas: readonly ComparedArea[], implementations: number): OverallScore {
  const counted = areas.filter((a) => a.score.scored > 0);
  return {
    rules: scoreOf(
      areas.flatMap((a) => a.rules),
      implementations,
    ),
    meanOfAreas: {
      areas: counted.length,
      interopShare: mean(counted.map((a) => a.score.interopShare!)),
      passedShare: Array.from({ length: implementations }, (_, i) => mean(counted.map((a) => a.score.passedShare[i]!))),
    },
  };
}
