import { stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compareReports, type CompareInput } from '../reports/compare/index.js';
import { renderComparisonHtml } from '../reports/renderers/compare-html.js';
import { renderComparisonJson } from '../reports/renderers/compare-json.js';
import { renderComparisonMarkdown } from '../reports/renderers/compare-markdown.js';
import { percentText } from '../reports/renderers/compare-text.js';
import { REPORT_FILES } from '../reports/write.js';
import { terminalSafe } from '../common/terminal-text.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { timestamp } from './out-dir.js';
import { checkOutputDir, writeOutputFile } from './preflight.js';
import { readReport } from './read-report.js';
import { UsageError } from './usage-error.js';

export interface CompareFlags {
  out?: string;
  label?: string[];
}

/** The files `compare` writes into its directory. */
export const COMPARE_FILES = { html: 'compare.html', json: 'compare.json', markdown: 'compare.md' } as const;

/** A link from the directory `from` to the file `to`, as a relative URL (each path segment escaped). */
function relativeHref(from: string, to: string): string {
  return relative(resolve(from), resolve(to)).split(sep).map(encodeURIComponent).join('/');
}

/** The report.html beside a report.json, as a link from `out`; null when there is none. */
async function reportHref(source: string, out: string): Promise<string | null> {
  const html = join(dirname(source), REPORT_FILES.html);
  const isFile = await stat(html).then(
    (info) => info.isFile(),
    () => false,
  );
  return isFile ? relativeHref(out, html) : null;
}

/**
 * `ctr-conformance compare REPORT…`: the reports side by side, written as compare.html (one
 * self-contained page), compare.json and compare.md (a pull-request comment). Exit code 0 when
 * written: the comparison is no verdict. Input that cannot be compared is a usage error (2):
 * a missing file, a file that is not a valid report, a shard, two columns of one name, fewer than
 * two reports, a --label count that is not the report count. Warnings (tool versions, depths or
 * rule selections that differ) are printed and written into all three files.
 */
export async function compareCommand(files: readonly string[], flags: CompareFlags): Promise<ExitCode> {
  const labels = flags.label;
  if (labels !== undefined && labels.length !== files.length)
    throw new UsageError(`--label is given ${labels.length} time(s) for ${files.length} report(s): give one per report, in the order of the reports, or none`);
  const out = flags.out ?? join('reports', `compare-${timestamp(new Date())}`);
  // One after the other: a file that cannot be read is named in the order given, not by which read failed first.
  const read: Awaited<ReturnType<typeof readReport>>[] = [];
  for (const file of files) read.push(await readReport(file));
  const inputs: CompareInput[] = await Promise.all(
    read.map(async ({ source, report }, i) => ({
      source,
      report,
      reportHref: await reportHref(source, out),
      ...(labels === undefined ? {} : { label: labels[i]! }),
    })),
  );
  const comparison = compareReports(inputs);
  await checkOutputDir(flags.out === undefined ? 'report directory' : '--out', out);
  const paths = { html: join(out, COMPARE_FILES.html), json: join(out, COMPARE_FILES.json), markdown: join(out, COMPARE_FILES.markdown) };
  await writeOutputFile(paths.json, renderComparisonJson(comparison));
  await writeOutputFile(paths.markdown, renderComparisonMarkdown(comparison));
  await writeOutputFile(paths.html, renderComparisonHtml(comparison));

  // Labels and warnings quote the reports' strings: each line is escaped for the terminal (the files escape for their own formats).
  for (const warning of comparison.warnings) process.stderr.write(`ctr-conformance: warning: ${terminalSafe(warning)}\n`);
  const o = comparison.overall;
  const differing = comparison.areas.reduce((n, a) => n + a.differing, 0);
  const lines = [
    `compared ${comparison.implementations.map((m) => m.label).join(', ')}: ${o.rules.rules} rules in ${comparison.areas.length} areas, ${differing} differ`,
    `interoperability ${percentText(o.rules.interopShare)}: of the ${o.rules.scored} rules every implementation judged, ${o.rules.interop} pass on all (mean of the areas' scores ${percentText(o.meanOfAreas.interopShare)})`,
    ...comparison.implementations.map((m, i) => `  ${m.label}: ${o.rules.passed[i]} of them passed (${percentText(o.rules.passedShare[i] ?? null)})`),
    `page: ${paths.html}`,
    `json: ${paths.json}`,
    `markdown: ${paths.markdown}`,
  ];
  process.stdout.write(`${lines.map(terminalSafe).join('\n')}\n`);
  return EXIT.PASS;
}
