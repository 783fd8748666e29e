import type { Counterexample, HttpExchange, ResultStatus } from '../../reports/model/result.js';

/** What one check concluded about one cell (rule × API version). */
export interface Verdict {
  readonly status: ResultStatus;
  readonly summary: string;
  readonly exchanges?: readonly HttpExchange[];
  readonly counterexample?: Counterexample;
  readonly reason?: string;
}

export const pass = (summary: string, exchanges?: readonly HttpExchange[]): Verdict => ({ status: 'pass', summary, ...(exchanges ? { exchanges } : {}) });
export const notApplicable = (reason: string): Verdict => ({ status: 'not-applicable', summary: 'not applicable', reason });
export const skipped = (reason: string): Verdict => ({ status: 'skipped', summary: 'skipped', reason });
/** The cell could not be judged because something broke: a deadline, a transcript, the check itself. */
export const errored = (summary: string, reason: string, exchanges?: readonly HttpExchange[]): Verdict => ({
  status: 'error',
  summary,
  reason,
  ...(exchanges !== undefined && exchanges.length > 0 ? { exchanges } : {}),
});

/** Thrown inside a check when the target breaks the rule; carries what was exchanged. */
export class Violation extends Error {
  override readonly name = 'Violation';
  /** The exchanges when it was thrown: a copy, as a log the check goes on writing to (its clean-up) must not change the evidence. */
  readonly exchanges: readonly HttpExchange[];
  constructor(message: string, exchanges: readonly HttpExchange[] = []) {
    super(message);
    this.exchanges = [...exchanges];
  }
}

/**
 * Thrown where a check needs something the target did not give (its API range, when neither the
 * release table nor GET /version names one): the cell is `skipped` with this message as the reason.
 */
export class Unjudgeable extends Error {
  override readonly name = 'Unjudgeable';
}

/**
 * Thrown inside a generated case that did not exercise the rule's claim: the rule's condition was
 * not met on this target (a release that answers `--validate`, for a rule about releases without
 * it), or the case fell outside what the rule speaks of. The case proves nothing either way; a
 * cell none of whose cases exercised the claim is `not applicable`, with these reasons, never `pass`.
 */
export class NotExercised extends Error {
  override readonly name = 'NotExercised';
}

/**
 * Thrown where a check could not get, within its deadline, something of the suite's own that a
 * case needs (a lease of registry references): the cell is an `error` with this message, and no
 * further case runs.
 */
export class Unavailable extends Error {
  override readonly name: string = 'Unavailable';
}
