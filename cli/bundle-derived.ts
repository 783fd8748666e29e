import type { InputLimits } from '../common/limits.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { renderHtml, renderJunit } from '../reports/renderers/index.js';
import { bundleBadge } from './bundle-badge.js';
import { readBundleFile } from './bundle-entries.js';
import { BUNDLE_FILES } from './bundle-files.js';

/** The files of a bundle derived from report.json alone, and how each is rendered from it (pure functions: the same report gives the same bytes). */
const DERIVED: readonly (readonly [string, (report: ConformanceReport) => string])[] = [
  [BUNDLE_FILES.html, renderHtml],
  [BUNDLE_FILES.junit, renderJunit],
  [BUNDLE_FILES.badge, bundleBadge],
];

/**
 * What in a bundle disagrees with its report.json: each derived file (the HTML page, the JUnit
 * file, the badge) that is not what the report renders to (the report's own totals are checked
 * against its results by its validator). A derived file the bundle lacks or that cannot be read is left to the sums,
 * which name it. Returns the problems, and the derived files that were compared.
 */
export async function derivedProblems(dir: string, report: ConformanceReport, limits: InputLimits): Promise<{ problems: string[]; compared: string[] }> {
  const problems: string[] = [];
  const compared: string[] = [];
  for (const [name, render] of DERIVED) {
    const bytes = await readBundleFile(dir, name, limits).catch(() => undefined);
    if (bytes === undefined) continue;
    compared.push(name);
    if (!bytes.equals(Buffer.from(render(report), 'utf8')))
      problems.push(`${name}: not what ${BUNDLE_FILES.json} renders to (changed, or swapped with another run's): what it shows cannot be trusted`);
  }
  return { problems, compared };
}
