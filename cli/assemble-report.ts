import { readFileSync } from 'node:fs';
import type { ConformanceReport, RuleSummary } from '../reports/model/result.js';
import { totalsOf } from '../reports/model/totals.js';
import type { SuiteRun } from '../suites/harness/runner.js';

export const TOOL_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface RunMeta {
  readonly seed: number;
  readonly numRuns: number;
  readonly startedAt: Date;
  readonly durationMs: number;
}

/** Turns a suite run into the one result model the renderers read. */
export function assembleReport(run: SuiteRun, meta: RunMeta): ConformanceReport {
  const totals = totalsOf(run.results);
  const rules: RuleSummary[] = run.rules.map((rule) => ({
    id: rule.id,
    title: rule.title,
    source: rule.source.kind,
    section: rule.source.kind === 'document' ? `${rule.source.document} › ${rule.source.section}` : rule.source.reference,
    ...(rule.reading === undefined ? {} : { reading: rule.reading }),
  }));
  return {
    tool: { name: 'ctr-conformance', version: TOOL_VERSION },
    target: run.target,
    seed: meta.seed,
    numRuns: meta.numRuns,
    startedAt: meta.startedAt.toISOString(),
    durationMs: Math.round(meta.durationMs),
    apiVersions: run.apiVersions,
    rules,
    results: run.results,
    totals,
  };
}
