/**
 * The comparison as Markdown for a pull-request comment (GitHub Flavored Markdown): the overall
 * score, a table of the areas' scores, and the rules that differ. Every table row has as many
 * cells as its header: text is written with `|` as an entity and line breaks as spaces.
 */
import type { Comparison } from '../compare/comparison.js';
import { percentText, verdictText } from './compare-text.js';

/** A pull-request comment shows at most this many rules that differ (GitHub cuts a comment at 65 536 characters). */
export const MAX_DIFFERING_ROWS = 100;

/**
 * Text as one table cell: line breaks and other controls as spaces; `&`, `<`, `>` and `|` as
 * entities (a `|` would end the cell, `<` start HTML); Markdown's punctuation escaped by a backslash.
 */
export function markdownText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
      .replace(/[\0-\x1F\x7F-\x9F\u2028\u2029]/g, ' ')
      .replace(/[\\`*_[\]{}#!~]/g, '\\$&')
      .replace(/[&<>|]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '|': '&#124;' })[c] ?? c)
  );
}

/** A rule id or area as code when it is plain (letters, digits, `.-_@:/`), else as escaped text. */
export const markdownName = (name: string): string => (/^[\w.@:/-]+$/.test(name) ? `\`${name}\`` : markdownText(name));

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

/** The comparison's Markdown summary. */
export function renderComparisonMarkdown(c: Comparison): string {
  const labels = c.implementations.map((m) => markdownText(m.label));
  const o = c.overall;
  const differing = c.areas.flatMap((a) => a.rules.filter((r) => r.differs).map((r) => ({ area: a.area, rule: r })));
  const lines: string[] = [
    `## ctr-conformance: ${labels.join(', ')} side by side`,
    '',
    `**Interoperability ${percentText(o.rules.interopShare)}**: of the ${o.rules.scored} rules every implementation judged, ${o.rules.interop} pass on all of them (the mean of the areas' scores: ${percentText(o.meanOfAreas.interopShare)} over ${o.meanOfAreas.areas} areas). ${differing.length} of ${o.rules.rules} rules differ.`,
    '',
  ];
  for (const warning of c.warnings) lines.push(`> **Warning:** ${markdownText(warning)}`, '');
  lines.push(
    row(['Area', 'Scored', 'Differ', 'Interop', ...labels]),
    row(['---', '---:', '---:', '---:', ...labels.map(() => '---:')]),
    ...c.areas.map((a) =>
      row([
        markdownName(a.area),
        `${a.score.scored} / ${a.score.rules}`,
        String(a.differing),
        percentText(a.score.interopShare),
        ...a.score.passedShare.map((share) => percentText(share)),
      ]),
    ),
    row([
      '**All rules**',
      `${o.rules.scored} / ${o.rules.rules}`,
      String(differing.length),
      `**${percentText(o.rules.interopShare)}**`,
      ...o.rules.passedShare.map((share) => percentText(share)),
    ]),
    row([
      `Mean of the ${o.meanOfAreas.areas} areas scored`,
      '',
      '',
      percentText(o.meanOfAreas.interopShare),
      ...o.meanOfAreas.passedShare.map((share) => percentText(share)),
    ]),
    '',
  );
  if (differing.length === 0) {
    lines.push('No rule differs: every implementation that judged a rule reached the same verdict.', '');
  } else {
    const shown = differing.slice(0, MAX_DIFFERING_ROWS);
    lines.push(
      `### Rules that differ (${differing.length})`,
      '',
      row(['Area', 'Rule', ...labels]),
      row(['---', '---', ...labels.map(() => '---')]),
      ...shown.map(({ area, rule }) => row([markdownName(area), markdownName(rule.id), ...rule.cells.map((cell) => markdownText(verdictText(cell)))])),
      '',
    );
    if (differing.length > shown.length) lines.push(`… and ${differing.length - shown.length} more: see compare.html.`, '');
  }
  lines.push('A rule is scored when every implementation judged it (pass, fail or error). `fail 3/28`: it fails at 3 of the 28 API versions judged.', '');
  return lines.join('\n');
}
