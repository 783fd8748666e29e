import type { HttpExchange } from '../../reports/model/result.js';

/** Exchanges kept per case: enough to show what decided it, small enough for a 700-cell report. */
export const JOURNAL_CAP = 8;

/**
 * Every exchange of one cell, by generated case. A passing cell shows the exchanges of its last
 * case; a cell that timed out shows the request that got no answer.
 */
export class CaseJournal {
  private current: HttpExchange[] = [];
  private previous: HttpExchange[] = [];
  private failed: HttpExchange[] | undefined;

  /** A new generated case begins (checkProperty calls this before each run of the body). */
  beginCase(): void {
    if (this.current.length > 0) this.previous = this.current;
    this.current = [];
  }

  record(exchange: HttpExchange): void {
    this.current.push(exchange);
    if (this.current.length > JOURNAL_CAP) this.current.shift();
  }

  /**
   * The case now running failed. Shrinking ends on the last case that failed, which is the
   * counterexample: its exchanges, not those of a later candidate that passed, are the evidence.
   */
  markFailed(): void {
    this.failed = [...this.current];
  }

  /** The exchanges of the last case that failed (the counterexample's), if one did. */
  failedCase(): readonly HttpExchange[] | undefined {
    return this.failed === undefined ? undefined : [...this.failed];
  }

  /** The last case's exchanges (the one before, if the last sent nothing), oldest first. */
  lastCase(): readonly HttpExchange[] {
    return this.current.length > 0 ? [...this.current] : [...this.previous];
  }
}
