import fc from 'fast-check';
import { HttpClientError } from '../http/client.js';
import { Violation, type Verdict } from './verdict.js';

export interface PropertyOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Replay path of a counterexample, from an earlier report. */
  readonly path?: string;
}

/**
 * Runs an async property and turns its outcome into a verdict. A Violation, or a request that
 * got no answer, is a failure of the target; anything else is an error of the check itself.
 */
export async function checkProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
  options: PropertyOptions,
  passSummary: string,
): Promise<Verdict> {
  const details = await fc.check(fc.asyncProperty(arbitrary, body), {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path === undefined ? {} : { path: options.path }),
    endOnFailure: false,
  });
  if (!details.failed) return { status: 'pass', summary: `${passSummary} (${details.numRuns} generated cases)` };
  const counterexample = {
    seed: details.seed,
    path: details.counterexamplePath ?? '',
    input: details.counterexample === null ? '' : fc.stringify(details.counterexample.length === 1 ? details.counterexample[0] : details.counterexample),
    numRuns: options.numRuns,
  };
  const cause = details.errorInstance;
  if (cause instanceof Violation) return { status: 'fail', summary: cause.message, exchanges: cause.exchanges, counterexample };
  if (cause instanceof HttpClientError && cause.code === 'HTTP_NOT_RECORDED') {
    return { status: 'error', summary: `the transcript lacks a request (replay with the seed and --num-runs it was recorded with): ${cause.message}`, counterexample };
  }
  if (cause instanceof HttpClientError) return { status: 'fail', summary: `no proper answer: ${cause.message}`, counterexample };
  return { status: 'error', summary: `the check itself failed: ${cause instanceof Error ? cause.message : String(cause)}`, counterexample };
}
