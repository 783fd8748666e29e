/** The report writer's error: its own module, so that the command line classifies it without loading the renderers. */

export interface ReportPaths {
  readonly json: string;
  readonly html: string;
  readonly junit: string;
}

export type ReportErrorCode = 'REPORT_INVALID' | 'REPORT_WRITE_FAILED';

export class ReportError extends Error {
  override readonly name = 'ReportError';
  constructor(
    readonly code: ReportErrorCode,
    /** One line per problem: schema violations, or `<file>: <error>` for failed outputs. */
    readonly problems: readonly string[],
    /** Outputs that were written despite the error (REPORT_WRITE_FAILED only). */
    readonly written: Partial<ReportPaths> = {},
    options?: { cause?: unknown },
  ) {
    super(`${code === 'REPORT_INVALID' ? 'report is invalid' : 'some report files could not be written'}:\n  ${problems.join('\n  ')}`, options);
  }
}
