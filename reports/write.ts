/** Writes report.json, report.html and junit.xml for one validated report. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from './model/result.js';
import { renderHtml, renderJson, renderJunit } from './renderers/index.js';
import { validateReport } from './schema.js';

import { ReportError, type ReportPaths } from './errors.js';

export { ReportError, type ReportErrorCode, type ReportPaths } from './errors.js';

export type ReportFormat = keyof ReportPaths;
export type Renderer = (report: ConformanceReport) => string;

export const REPORT_FILES: Readonly<Record<ReportFormat, string>> = {
  json: 'report.json',
  html: 'report.html',
  junit: 'junit.xml',
};

export interface WriteReportOptions {
  /** Replace renderers (tests use this to inject a failing one). */
  readonly renderers?: Partial<Record<ReportFormat, Renderer>>;
}

const DEFAULT_RENDERERS: Readonly<Record<ReportFormat, Renderer>> = {
  json: renderJson,
  html: renderHtml,
  junit: renderJunit,
};

/**
 * Validates `report`, then writes the three files into `dir` (created if needed). Each file is
 * written to a temporary name and renamed, so a reader never sees half a file. A renderer or a
 * write that fails does not stop the other files; afterwards a `ReportError` with code
 * `REPORT_WRITE_FAILED` lists what failed (a stale file of that name is removed). An invalid
 * report throws `REPORT_INVALID` before anything is written.
 */
export async function writeReport(dir: string, report: ConformanceReport, options: WriteReportOptions = {}): Promise<ReportPaths> {
  const valid = validateReport(report);
  if (!valid.ok) throw new ReportError('REPORT_INVALID', valid.errors);

  await mkdir(dir, { recursive: true });
  const renderers = { ...DEFAULT_RENDERERS, ...options.renderers };
  const paths: ReportPaths = {
    json: join(dir, REPORT_FILES.json),
    html: join(dir, REPORT_FILES.html),
    junit: join(dir, REPORT_FILES.junit),
  };
  const written: Partial<Record<ReportFormat, string>> = {};
  const failures: { format: ReportFormat; error: unknown }[] = [];

  for (const format of Object.keys(REPORT_FILES) as ReportFormat[]) {
    const path = paths[format];
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      const text = renderers[format](report);
      await writeFile(tmp, text, 'utf8');
      await rename(tmp, path);
      written[format] = path;
    } catch (error) {
      failures.push({ format, error });
      await rm(tmp, { force: true }).catch(() => undefined);
      await rm(path, { force: true }).catch(() => undefined); // never leave a stale file from an earlier run
    }
  }

  if (failures.length > 0) {
    throw new ReportError(
      'REPORT_WRITE_FAILED',
      failures.map(({ format, error }) => `${REPORT_FILES[format]}: ${error instanceof Error ? error.message : String(error)}`),
      written,
      { cause: failures.length === 1 ? failures[0]?.error : new AggregateError(failures.map((f) => f.error)) },
    );
  }
  return paths;
}
