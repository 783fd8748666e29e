import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inputLimits, readInputFile } from '../common/index.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { validateReport } from '../reports/schema.js';
import { REPORT_FILES } from '../reports/write.js';
import { reason } from './preflight.js';
import { UsageError } from './usage-error.js';

/**
 * Reads a report.json (given as the file or its directory) and validates it; anything else is a
 * UsageError naming the file, and so is anything but a regular file within the limit (a FIFO, a
 * device, a file over the limit: docs/limits.md).
 */
export async function readReport(where: string): Promise<{ source: string; report: ConformanceReport }> {
  const limits = inputLimits();
  const isDir = await stat(where).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const source = isDir ? join(where, REPORT_FILES.json) : where;
  let doc: unknown;
  try {
    doc = JSON.parse((await readInputFile(source, limits)).toString('utf8'));
  } catch (error) {
    // One line: a parse error quotes the file's first bytes, line breaks and all.
    throw new UsageError(`cannot read the report ${source}: ${reason(error).replace(/\s*\n\s*/g, ' ')}`);
  }
  const valid = validateReport(doc);
  if (!valid.ok) throw new UsageError(`${source} is not a valid ctr-conformance report: ${valid.errors.slice(0, 5).join('; ')}`);
  return { source, report: doc as ConformanceReport };
}
