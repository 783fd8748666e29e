import type { HttpExchange } from '../../reports/model/result.js';

/** Exchanges kept per case: enough to show what decided it, small enough for a 700-cell report. */
export const JOURNAL_CAP = 8;

/** An exchange as the journal keeps it: with whether it was a clean-up (RequestOptions.cleanup). */
interface Entry {
  readonly exchange: HttpExchange;
  readonly cleanup: boolean;
}

/**
 * A case's exchanges without its trailing clean-up requests (a `DELETE …?force=1` sent after the
 * request that decided it), so that the last exchange, the one a curl line sends again, is the
 * case's own; all of them when the case sent nothing else.
 */
function evidenceOf(entries: readonly Entry[]): HttpExchange[] {
  let end = entries.length;
  while (end > 0 && entries[end - 1]!.cleanup) end--;
  return (end === 0 ? entries : entries.slice(0, end)).slice(-JOURNAL_CAP).map((e) => e.exchange);
}

/**
 * Every exchange of one cell, by generated case. A passing cell shows the exchanges of its last
 * case; a cell that timed out shows the request that got no answer.
 */
export class CaseJournal {
  private current: Entry[] = [];
  private previous: Entry[] = [];
  private failed: Entry[] | undefined;

  /** A new generated case begins (checkProperty calls this before each run of the body). */
  beginCase(): void {
    if (this.current.length > 0) this.previous = this.current;
    this.current = [];
  }

  /** One exchange of the case now running; `cleanup`: a clean-up request, never the case's evidence. */
  record(exchange: HttpExchange, cleanup = false): void {
    this.current.push({ exchange, cleanup });
    // Room for as many clean-ups again, so that a case's clean-ups never push its own requests out.
    if (this.current.length > 2 * JOURNAL_CAP) this.current.shift();
  }

  /**
   * The case now running failed. Shrinking ends on the last case that failed, which is the
   * counterexample: its exchanges, not those of a later candidate that passed, are the evidence.
   */
  markFailed(): void {
    this.failed = [...this.current];
  }

  /** The exchanges of the last case that failed (the counterexample's), if one did, its trailing clean-ups left out. */
  failedCase(): readonly HttpExchange[] | undefined {
    return this.failed === undefined ? undefined : evidenceOf(this.failed);
  }

  /** The last case's exchanges (the one before, if the last sent nothing), oldest first, its trailing clean-ups left out. */
  lastCase(): readonly HttpExchange[] {
    return evidenceOf(this.current.length > 0 ? this.current : this.previous);
  }
}
