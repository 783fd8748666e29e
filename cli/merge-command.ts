import { join } from 'node:path';
import { mergeShards } from '../reports/merge/index.js';
import { writeReport } from '../reports/write.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { checkOutputDir } from './preflight.js';
import { readReport } from './read-report.js';
import { formatFailures, formatTotals } from './run-summary.js';
import { timestamp } from './out-dir.js';

export interface MergeFlags {
  out?: string;
}

/**
 * `ctr-conformance merge DIR…`: joins the reports of `run --shard K/N` into the report of the
 * whole run and writes its three files. The exit code is the whole run's (0 no rule fails, 1 one
 * does); shards that are not the parts of one run are refused (a MergeError, exit code 2).
 */
export async function mergeCommand(dirs: readonly string[], flags: MergeFlags): Promise<ExitCode> {
  const out = flags.out ?? join('reports', `merged-${timestamp(new Date())}`);
  const shards = await Promise.all(dirs.map((dir) => readReport(dir)));
  const report = mergeShards(shards);
  await checkOutputDir(flags.out === undefined ? 'report directory' : '--out', out);
  const { html } = await writeReport(out, report);
  process.stdout.write(`merged ${shards.length} shard(s) of seed ${report.seed}: ${report.results.length} cells\n`);
  process.stdout.write(formatFailures(report) + formatTotals(report, html));
  return report.totals.fail > 0 || report.totals.error > 0 ? EXIT.FAIL : EXIT.PASS;
}
