import fc from 'fast-check';
import { HttpClientError } from '../http/client.js';
import type { HttpExchange } from '../../reports/model/result.js';
import type { CaseJournal } from './journal.js';
import type { CoverageRecorder } from './coverage.js';
import { errored, notApplicable, NotExercised, skipped, Unavailable, Unjudgeable, Violation, type Verdict } from './verdict.js';

export interface PropertyOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Replay path of a counterexample, from an earlier report. */
  readonly path?: string;
  /** Where the cell's exchanges are kept; the property marks where each generated case begins. */
  readonly journal?: CaseJournal;
  /** false: report the first failing case as found (for races, where a smaller case proves nothing). */
  readonly shrink?: boolean;
  /** Stops generating and shrinking after this long; a failure found by then is still reported. */
  readonly timeLimitMs?: number;
  /**
   * After the first failing case, at most this many further cases run while shrinking (cases that
   * cost a real daemon seconds each); the smallest failing case found by then is the counterexample.
   * Counted, not timed, so a replay of the run shrinks exactly as far.
   */
  readonly shrinkSteps?: number;
  /** Where the check reports the documented items its generated cases reach (rules with `documentedItems`). */
  readonly coverage?: CoverageRecorder;
  /**
   * Which reading of an ambiguous document the check judges by: the catalogue's `reading`, the
   * stricter one that decides the verdict (the default), or the rule's `otherReading`, whose
   * verdict the report shows beside it.
   */
  readonly reading?: Reading;
}

export type Reading = 'strict' | 'other';

/** A request that got no answer in time (the target hung or trickled), or that the cell's deadline cancelled. */
const isTimeout = (error: unknown): error is HttpClientError =>
  error instanceof HttpClientError && (error.code === 'HTTP_TIMEOUT' || error.code === 'HTTP_ABORTED');

/**
 * Runs an async property and turns its outcome into a verdict. A Violation, or a request the
 * target answered improperly (a broken connection), is a failure of the target. A request that
 * got no answer in time is an `error`: a hung or trickling target is not judged, and after the
 * first such request no further case runs. Anything else is an error of the check itself.
 */
export async function checkProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
  options: PropertyOptions,
  passSummary: string,
  /** Inputs tried first on every run, whatever the seed (boundaries a rule turns on). */
  examples: readonly T[] = [],
): Promise<Verdict> {
  let timedOut: HttpClientError | undefined;
  let unavailable: Unavailable | undefined;
  let exercised = 0;
  const notExercised = new Set<string>();
  // Cases run since the first failure; past options.shrinkSteps the rest pass unrun, which ends the shrinking.
  let shrinkCases: number | undefined;
  const guarded = async (value: T): Promise<void> => {
    // Once a request went unanswered, or a case could not get what it needs, every other case (shrinking included) ends at once.
    if (timedOut !== undefined) throw timedOut;
    if (unavailable !== undefined) throw unavailable;
    if (shrinkCases !== undefined) {
      if (options.shrinkSteps !== undefined && shrinkCases >= options.shrinkSteps) return;
      shrinkCases += 1;
    }
    options.journal?.beginCase();
    try {
      await body(value);
      exercised += 1;
    } catch (error) {
      if (error instanceof NotExercised) {
        notExercised.add(error.message);
        return;
      }
      if (isTimeout(error)) timedOut = error;
      if (error instanceof Unavailable) unavailable = error;
      shrinkCases ??= 0;
      options.journal?.markFailed();
      throw error;
    }
  };
  const parameters: fc.Parameters<[T]> = {
    seed: options.seed,
    // fast-check counts the examples among the runs: never fewer runs than examples, or the last ones are never tried.
    numRuns: Math.max(options.numRuns, examples.length),
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(examples.length === 0 ? {} : { examples: examples.map((example): [T] => [example]) }),
    endOnFailure: options.shrink === false,
  };
  if (options.timeLimitMs !== undefined) parameters.plugins = [fc.interruptAfterTimeLimit(options.timeLimitMs) as fc.Plugin<[T]>];
  const details = await fc.check(fc.asyncProperty(arbitrary, guarded), parameters);
  if (timedOut !== undefined) {
    return errored(
      `the target did not answer in time: ${timedOut.message}`,
      'a request timed out (--request-timeout); a hung or trickling target is not judged',
      options.journal?.lastCase(),
    );
  }
  if (unavailable !== undefined)
    return errored(`a case could not start: ${unavailable.message}`, 'the check could not get what a case needs in time; the target is not judged');
  if (!details.failed) {
    // A pass means the claim was tried: a cell whose every case fell outside it is not applicable.
    if (exercised === 0) return notApplicable(`no generated case exercised the rule's claim on this target: ${[...notExercised].join('; ')}`);
    const tried = exercised === details.numRuns ? '' : `, ${exercised} of which exercised the claim (the others: ${[...notExercised].join('; ')})`;
    return { status: 'pass', summary: `${passSummary} (${details.numRuns} generated cases${tried})`, ...lastCase(options.journal) };
  }
  // fast-check fails a run that its time limit interrupted before any case passed, with no error of a case.
  if (details.interrupted && details.counterexample === null)
    return errored(
      `no generated case finished within the check's time limit of ${((options.timeLimitMs ?? 0) / 1000).toFixed(0)} s`,
      'the check ran out of time before one case was decided; the target is not judged',
      options.journal?.lastCase(),
    );
  const counterexample = {
    seed: details.seed,
    path: details.counterexamplePath ?? '',
    input: details.counterexample === null ? '' : fc.stringify(details.counterexample.length === 1 ? details.counterexample[0] : details.counterexample),
    numRuns: options.numRuns,
  };
  const cause = details.errorInstance;
  if (cause instanceof Violation)
    return {
      status: 'fail',
      summary: cause.message,
      counterexample,
      ...(cause.exchanges.length > 0 ? { exchanges: cause.exchanges } : failedCase(options.journal)),
    };
  if (cause instanceof Unjudgeable) return skipped(cause.message);
  if (cause instanceof HttpClientError && cause.code === 'HTTP_NOT_RECORDED') {
    return {
      ...errored(
        `the transcript lacks a request (replay with the seed and --num-runs it was recorded with): ${cause.message}`,
        'the recording cannot answer this cell',
      ),
      counterexample,
    };
  }
  if (cause instanceof HttpClientError && cause.code === 'HTTP_PROTOCOL') {
    return {
      ...errored(
        `the target's answer could not be read: ${cause.message}`,
        'a protocol error of the target: no rule can be judged on an answer that is not HTTP',
      ),
      counterexample,
      ...failedCase(options.journal),
    };
  }
  if (cause instanceof HttpClientError)
    return { status: 'fail', summary: `no proper answer: ${cause.message}`, counterexample, ...failedCase(options.journal) };
  return {
    ...errored(`the check itself failed: ${cause instanceof Error ? cause.message : String(cause)}`, 'an error in the check, not in the target'),
    counterexample,
  };
}

const failedCase = (journal: CaseJournal | undefined): { exchanges?: readonly HttpExchange[] } => {
  const exchanges = journal?.failedCase() ?? journal?.lastCase() ?? [];
  return exchanges.length === 0 ? {} : { exchanges };
};

const lastCase = (journal: CaseJournal | undefined): { exchanges?: ReturnType<CaseJournal['lastCase']> } => {
  const exchanges = journal?.lastCase() ?? [];
  return exchanges.length === 0 ? {} : { exchanges };
};
