import type { ConformanceReport, RuleSummary } from '../../reports/model/result.js';
import { totalsOf } from '../../reports/model/totals.js';
import type { SuiteRun } from './run-suites.js';

import { TOOL_VERSION } from './tool-version.js';

export { TOOL_VERSION };

/** Turns a suite run into the one result model the renderers read. */
export function assembleReport(run: SuiteRun): ConformanceReport {
  const rules: RuleSummary[] = run.rules.map((rule) => ({
    id: rule.id,
    title: rule.title,
    source: rule.source.kind,
    section: rule.source.kind === 'document' ? `${rule.source.document} › ${rule.source.section}` : rule.source.reference,
    level: rule.level,
    area: rule.area,
    surface: rule.applies.surface,
    ...(rule.reading === undefined ? {} : { reading: rule.reading }),
    ...(rule.otherReading === undefined ? {} : { otherReading: rule.otherReading }),
    ...(rule.boundaries === undefined ? {} : { boundaries: rule.boundaries }),
  }));
  return {
    tool: { name: 'ctr-conformance', version: TOOL_VERSION },
    target: run.target,
    seed: run.seed,
    numRuns: run.numRuns,
    startedAt: run.startedAt.toISOString(),
    durationMs: Math.round(run.durationMs),
    deadlines: run.deadlines,
    apiVersions: run.apiVersions,
    rules,
    results: run.results,
    totals: totalsOf(run.results),
  };
}
