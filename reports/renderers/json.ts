import type { ConformanceReport } from '../model/result.js';

/** The report as pretty-printed JSON with a trailing newline. */
export function renderJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
