import { ReportError } from '../reports/errors.js';
import { MergeError } from '../reports/merge/merge-error.js';
import { CompareError } from '../reports/compare/compare-error.js';
import { RunError } from '../suites/run/errors.js';
import { TargetError } from '../suites/targets/target.js';
import { EndpointError } from '../suites/http/endpoint.js';
import { InputError } from '../common/input-error.js';
import { InvalidLimitError } from '../common/limits.js';
import { EXIT } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** The exit code of an error out of a command (not commander's own), and the one line to print for it (null: already printed). */
export function classifyError(error: unknown): { code: number; line: string | null } {
  if (
    error instanceof UsageError ||
    error instanceof EndpointError ||
    error instanceof RunError ||
    error instanceof MergeError ||
    error instanceof CompareError ||
    error instanceof InputError ||
    error instanceof InvalidLimitError
  )
    return { code: EXIT.USAGE, line: error.message };
  if (error instanceof TargetError) {
    const usage = error.code === 'TARGET_SPEC' || error.code === 'TARGET_PROFILE' || error.code === 'TARGET_TRANSCRIPT';
    return { code: usage ? EXIT.USAGE : EXIT.TARGET, line: error.message };
  }
  if (error instanceof ReportError) return { code: EXIT.FAIL, line: error.message.replace(/\n\s*/g, '; ') };
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: EXIT.FAIL,
    line: `internal error: ${message}${process.env['CTR_CONFORMANCE_DEBUG'] === '1' && error instanceof Error ? `\n${error.stack}` : ' (set CTR_CONFORMANCE_DEBUG=1 for the stack)'}`,
  };
}
