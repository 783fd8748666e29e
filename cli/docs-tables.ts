import type { AreaDescription, EngineDeviation, KnownDeviation, Rule, VersionRange } from '../specs/index.js';
import { apiList } from './api-list.js';
import type { RuleCoverage } from './rule-index.js';

/**
 * The tables of docs/ that the catalogue already holds: every rule (docs/rules.md) and every known
 * deviation (docs/known-deviations-table.md). Pure functions of the catalogue, so that the committed
 * files can be written by `npm run docs:tables` (write-docs-tables.ts) and held equal to the
 * catalogue by test/docs-tables.test.ts instead of being kept by hand.
 */

/** Where each generated file goes, relative to the repository. */
export const RULES_DOC = 'docs/rules.md';
export const DEVIATIONS_DOC = 'docs/known-deviations-table.md';

const HEAD = (what: string): string =>
  `<!-- Generated from the catalogue (${what}) by \`npm run docs:tables\`; do not edit by hand: test/docs-tables.test.ts fails when this file is stale. -->`;

/** A table cell: one line, no column separator. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

function range(range: VersionRange | undefined, what: string): string | undefined {
  if (range === undefined || (range.min === undefined && range.max === undefined)) return undefined;
  if (range.min !== undefined && range.max !== undefined) return `${what} ${range.min}–${range.max}`;
  return range.min !== undefined ? `${what} ${range.min} and later` : `${what} up to ${range.max}`;
}

/** Where a rule applies, in words: its API and release ranges, the releases left out, its platforms when not both. */
export function appliesText(rule: Rule): string {
  const parts = [
    range(rule.applies.api, 'API'),
    range(rule.applies.releases, 'releases'),
    ...(rule.applies.exceptReleases ?? []).map((except) => `not ${except.release}`),
    rule.applies.platforms.length === 1 ? `${rule.applies.platforms[0]} only` : undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'everywhere' : parts.join('; ');
}

/** docs/rules.md: the areas with their rule counts, then one table per area of its rules. */
export function rulesMarkdown(rules: readonly Rule[], areas: readonly AreaDescription[], coverage: readonly RuleCoverage[]): string {
  const covered = new Map(coverage.map((row) => [row.id, row]));
  const lines = [
    '# The rule catalogue',
    '',
    HEAD('specs/, as `ctr-conformance rules --json` gives it'),
    '',
    'Every rule of `specs/`, area by area. *testable here*: the rule can be checked on this machine (else',
    'why not); *sim*: `ctrd-sim` implements it; *fault*: `ctrd-sim --fault <id>` breaks it;',
    '*check*: the suites file that holds its assertion. What each area covers in words, and how its',
    'suites work: [rule-areas.md](rule-areas.md). `ctr-conformance rules --where` answers the same for',
    'named rules.',
    '',
    '| area | title | rules |',
    '|---|---|---|',
    ...areas.map((area) => {
      const own = rules.filter((rule) => rule.area === area.id);
      return `| \`${area.id}\` | ${cell(area.title)} | ${own.length} (${own.filter((rule) => rule.testability.testable).length} testable here) |`;
    }),
    '',
  ];
  for (const area of areas) {
    lines.push(`## \`${area.id}\`: ${area.title}`, '', `Covers: ${cell(area.covers)}.`, '');
    lines.push('| rule | level | source | applies | per API version | testable here | sim | fault | check | title |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const rule of rules.filter((rule) => rule.area === area.id)) {
      const row = covered.get(rule.id);
      const source = rule.source.kind === 'document' ? `${rule.source.document} › ${rule.source.section}` : `implementation: ${rule.source.reference}`;
      const testable = rule.testability.testable ? 'yes' : `no: ${rule.testability.why}`;
      lines.push(
        `| \`${rule.id}\` | ${rule.level} | ${cell(source)} | ${cell(appliesText(rule))} | ${rule.binding === 'per-version' ? 'yes' : 'no'} | ${cell(testable)} | ${row?.simulator === true ? 'yes' : 'no'} | ${row?.fault === true ? 'yes' : 'no'} | ${row?.checkFile == null ? '–' : `\`${row.checkFile}\``} | ${cell(rule.title)} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function cellsText(cells: KnownDeviation['cells']): string {
  if (cells === 'all') return 'every cell';
  if (cells === 'below-minimum') return 'API versions below the minimum';
  return `API ${apiList(cells.api)}`;
}

/** docs/known-deviations-table.md: the real daemons' known deviations, then the engines'. */
export function deviationsMarkdown(daemon: readonly KnownDeviation[], engines: readonly EngineDeviation[]): string {
  const lines = [
    '# Known deviations: the tables',
    '',
    HEAD('specs/known-deviations.ts and specs/engine-deviations.ts'),
    '',
    'What the known deviations are, how reports label them and how ctrd-sim reproduces them:',
    '[known-deviations.md](known-deviations.md).',
    '',
    '## The real daemons',
    '',
    "Each row is also an observed quirk: `ctrd-sim --emulate R --as-observed` reproduces R's rows.",
    '',
    '| rule | releases | cells | what the real daemon does | how it was observed | quirk |',
    '|---|---|---|---|---|---|',
    ...daemon.map(
      (deviation) =>
        `| \`${deviation.rule}\` | ${deviation.releases.join(', ')} | ${cellsText(deviation.cells)} | ${cell(deviation.what)} | ${cell(deviation.evidence ?? '–')} | \`${deviation.quirk}\` |`,
    ),
    '',
    '## OpenAI-compatible engines',
    '',
    'Where an engine run bare through an `openai:`-kind target (`llama-server`) breaks a rule of the',
    'model-runner area.',
    '',
    '| rule | engine, build | what | evidence |',
    '|:--|:--|:--|:--|',
    ...engines.map(
      (deviation) => `| \`${deviation.rule}\` | ${deviation.engine}, ${deviation.builds.join(', ')} | ${cell(deviation.what)} | ${cell(deviation.evidence)} |`,
    ),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Both generated files, as the catalogue gives them now: `[path relative to the repository, text]`. */
export async function docsTables(): Promise<readonly (readonly [string, string])[]> {
  const [{ RULES, AREAS, KNOWN_DEVIATIONS, ENGINE_DEVIATIONS }, { loadRuleCoverage }] = await Promise.all([
    import('../specs/index.js'),
    import('./rule-index.js'),
  ]);
  return [
    [RULES_DOC, rulesMarkdown(RULES, AREAS, await loadRuleCoverage())],
    [DEVIATIONS_DOC, deviationsMarkdown(KNOWN_DEVIATIONS, ENGINE_DEVIATIONS)],
  ];
}
