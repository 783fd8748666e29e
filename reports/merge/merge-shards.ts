import type { ConformanceReport, RuleResult } from '../model/result.js';
import { totalsOf } from '../model/totals.js';
import { differences, shown } from './differences.js';
import { MergeError, type MergeErrorCode } from './merge-error.js';

/** One shard's report and where it was read (named in every refusal). */
export interface ShardReport {
  readonly source: string;
  readonly report: ConformanceReport;
}

/**
 * What must be equal across the parts of one run, each with the refusal it gives: the tool, the
 * seed, the target (as it described itself, and so the matrix's columns), and the options that
 * bear on a verdict. The rule catalogue comes with the tool version.
 */
const SAME: readonly { readonly code: MergeErrorCode; readonly what: string; readonly of: (r: ConformanceReport) => Record<string, unknown> }[] = [
  { code: 'MERGE_TOOL_VERSION', what: 'tool versions', of: (r) => ({ tool: r.tool }) },
  { code: 'MERGE_SEED', what: 'seeds', of: (r) => ({ seed: r.seed }) },
  { code: 'MERGE_TARGET', what: 'targets', of: (r) => ({ target: r.target, apiVersions: r.apiVersions }) },
  { code: 'MERGE_OPTIONS', what: 'options', of: (r) => ({ numRuns: r.numRuns, deadlines: r.deadlines, options: r.options }) },
  { code: 'MERGE_TOOL_VERSION', what: 'rule catalogues', of: (r) => ({ rules: r.rules }) },
];

const MAX_NAMED = 5;

function requireSame(shards: readonly ShardReport[]): void {
  const [first, ...rest] = shards;
  if (first === undefined) return;
  for (const { code, what, of } of SAME) {
    for (const other of rest) {
      const found = differences(of(first.report), of(other.report), '').map((d) => ({ ...d, path: d.path.slice(1) }));
      if (found.length === 0) continue;
      const named = found.slice(0, MAX_NAMED).map((d) => `${d.path} is ${shown(d.a)} in ${first.source} but ${shown(d.b)} in ${other.source}`);
      const more = found.length > MAX_NAMED ? `; and ${found.length - MAX_NAMED} more difference(s)` : '';
      throw new MergeError(code, `the shards come from different ${what}: ${named.join('; ')}${more}`);
    }
  }
}

/** The shards in index order, once each and all of them, or a MergeError naming the duplicate or the missing part. */
function inOrder(shards: readonly ShardReport[]): ShardReport[] {
  for (const { source, report } of shards) {
    if (report.shard === undefined)
      throw new MergeError(
        'MERGE_NOT_A_SHARD',
        `${source} is not the report of a shard (no "shard": it was not written by run --shard K/N, or by an older version)`,
      );
  }
  const count = shards[0]!.report.shard!.count;
  const other = shards.find((s) => s.report.shard!.count !== count);
  if (other !== undefined)
    throw new MergeError(
      'MERGE_SHARD_COUNT',
      `the shards split the run differently: ${shards[0]!.source} is shard ${shards[0]!.report.shard!.index}/${count} but ${other.source} is shard ${other.report.shard!.index}/${other.report.shard!.count}`,
    );
  const byIndex = new Map<number, ShardReport>();
  for (const shard of shards) {
    const index = shard.report.shard!.index;
    const seen = byIndex.get(index);
    if (seen !== undefined) throw new MergeError('MERGE_DUPLICATE_SHARD', `shard ${index}/${count} is given twice: ${seen.source} and ${shard.source}`);
    byIndex.set(index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0)
    throw new MergeError(
      'MERGE_MISSING_SHARD',
      `${missing.map((index) => `shard ${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`,
    );
  return Array.from({ length: count }, (_, i) => byIndex.get(i + 1)!);
}

/**
 * The cells in the order of the whole run. Shard K of N holds the cells K, K+N, K+2N… of the
 * run's plan (suites/run/plan.ts), so the whole is their round-robin interleaving; a shard with
 * more or fewer cells than that gives is refused.
 */
function interleave(shards: readonly ShardReport[]): RuleResult[] {
  const count = shards.length;
  const total = shards.reduce((sum, s) => sum + s.report.results.length, 0);
  shards.forEach(({ source, report }, i) => {
    const expected = Math.ceil((total - i) / count);
    if (report.results.length !== expected)
      throw new MergeError(
        'MERGE_CELLS',
        `${source} holds ${report.results.length} cell(s) where shard ${i + 1}/${count} of a run of ${total} cells holds ${expected}: the shards are not the parts of one run`,
      );
  });
  const results = Array.from({ length: total }, (_, at) => shards[at % count]!.report.results[Math.floor(at / count)]!);
  const keys = new Set<string>();
  for (const r of results) {
    const key = `${r.rule}@${r.api ?? 'none'}${r.axes === undefined ? '' : JSON.stringify(r.axes)}`;
    if (keys.has(key)) throw new MergeError('MERGE_CELLS', `the cell ${key} is in more than one shard: the shards are not the parts of one run`);
    keys.add(key);
  }
  return results;
}

/**
 * Joins the reports of the N parts of one run (`run --shard K/N`) into the report of the whole
 * run: the same cells in the same order with the same results. Of the fields that name a moment,
 * each cell keeps its own `durationMs`; `startedAt` is the earliest shard's start and `durationMs`
 * the time from it to the latest shard's end. The merge is no shard: it has no `shard`, and no
 * shard's `baseline` outcome (each judged its own cells).
 * Shards of different tools, seeds, targets or options, a missing or a duplicated shard are a
 * MergeError naming what differs.
 */
export function mergeShards(shards: readonly ShardReport[]): ConformanceReport {
  if (shards.length === 0) throw new MergeError('MERGE_NO_SHARDS', 'no shard report to merge');
  const ordered = inOrder(shards);
  requireSame(ordered);
  const results = interleave(ordered);
  const starts = ordered.map((s) => Date.parse(s.report.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...ordered.map((s, i) => starts[i]! + s.report.durationMs));
  // A shard's baseline gate judged that shard's cells only: the merge holds none (gate the merge again).
  const { shard: _, baseline: _gate, ...first } = ordered[0]!.report;
  return {
    ...first,
    startedAt: new Date(start).toISOString(),
    durationMs: Number.isFinite(end - start) ? end - start : first.durationMs,
    results,
    totals: totalsOf(results),
  };
}
