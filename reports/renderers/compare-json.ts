import type { Comparison } from '../compare/comparison.js';

/** The comparison as pretty-printed JSON with a trailing newline (compare.json). */
export function renderComparisonJson(comparison: Comparison): string {
  return `${JSON.stringify(comparison, null, 2)}\n`;
}
