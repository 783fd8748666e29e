import type { RuleCoverage } from './rule-index.js';
import { UsageError } from './usage-error.js';

export type { RuleCoverage } from './rule-index.js';

export interface RulesFlags {
  json?: boolean;
  where?: boolean;
}

/** `ctr-conformance rules [rule-id…]`: the rows (all, or the ones named, in catalogue order), as a table, where-blocks or JSON. */
export async function rulesCommand(ids: readonly string[], flags: RulesFlags): Promise<string> {
  const { loadRuleCoverage } = await import('./rule-index.js');
  const all = await loadRuleCoverage();
  const unknown = ids.filter((id) => !all.some((row) => row.id === id));
  if (unknown.length > 0)
    throw new UsageError(`rules: no rule ${unknown.map((id) => JSON.stringify(id)).join(', ')} in the catalogue (see: ctr-conformance rules)`);
  const rows = ids.length === 0 ? all : all.filter((row) => ids.includes(row.id));
  if (flags.json === true) return `${JSON.stringify(rows, null, 2)}\n`;
  return flags.where === true ? formatWhere(rows) : formatCoverage(rows);
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

/**
 * "Where is this rule": for each rule, its place in the document (or the reference an
 * implementation rule rests on), where the simulator implements it, whether it has a fault, and
 * the file of its assertion.
 */
export function formatWhere(rows: readonly RuleCoverage[]): string {
  const blocks = rows.map((r) =>
    [
      `${r.id}  ${r.title}`,
      `  ${r.source === 'document' ? 'document ' : 'reference'}  ${r.section}`,
      ...(r.simulatorWhere.length === 0 ? ['  simulator  -'] : r.simulatorWhere.map((where) => `  simulator  ${where}`)),
      `  fault      ${r.fault ? `yes (ctrd-sim --fault ${r.id})` : r.testable ? 'no' : 'no (not testable here)'}`,
      `  check      ${r.checkFile ?? '-'}`,
    ].join('\n'),
  );
  return `${blocks.join('\n\n')}\n`;
}
