import { RULES } from '../specs/index.js';
import { IMPLEMENTED_RULES } from '../simulator/index.js';
import { findCheck } from '../suites/checks.js';

export interface RuleCoverage {
  readonly id: string;
  readonly title: string;
  readonly source: 'document' | 'implementation';
  readonly section: string;
  readonly level: string;
  /** The interface the rule speaks of; a target without it gets the rule skipped. */
  readonly surface: string;
  /** What a target must be able to do for the rule to be checked on it. */
  readonly requires: readonly string[];
  /** Whether the expected outcome depends on the release (skipped on an unknown one without --release). */
  readonly releaseDependent: boolean;
  readonly testable: boolean;
  readonly untestableWhy?: string;
  readonly simulator: boolean;
  readonly assertion: boolean;
}

export function ruleCoverage(): RuleCoverage[] {
  return RULES.map((rule) => ({
    id: rule.id,
    title: rule.title,
    source: rule.source.kind,
    section: rule.source.kind === 'document' ? `${rule.source.document} › ${rule.source.section}` : rule.source.reference,
    level: rule.level,
    surface: rule.applies.surface,
    requires: rule.requires,
    releaseDependent: rule.releaseDependent,
    testable: rule.testability.testable,
    ...(rule.testability.testable ? {} : { untestableWhy: rule.testability.why }),
    simulator: IMPLEMENTED_RULES[rule.id] !== undefined,
    assertion: findCheck(rule.id) !== undefined,
  }));
}

export function formatCoverage(rows: readonly RuleCoverage[]): string {
  const mark = (b: boolean): string => (b ? 'yes' : ' - ');
  const width = Math.max(...rows.map((r) => r.id.length));
  const lines = rows.map(
    (r) =>
      `${r.id.padEnd(width)}  ${r.source === 'document' ? 'doc ' : 'impl'}  sim ${mark(r.simulator)}  assert ${mark(r.assertion)}  ${r.testable ? '' : `[untestable here: ${r.untestableWhy}] `}${r.title}`,
  );
  const covered = rows.filter((r) => r.simulator && r.assertion).length;
  const untestable = rows.filter((r) => !r.testable).length;
  return [...lines, '', `${rows.length} rules: ${covered} with simulator behaviour and assertion, ${untestable} not testable on this machine`, ''].join('\n');
}
