/** Requests in a row that may pass their deadline, with no answer in between, before the target is declared unresponsive. */
export const UNRESPONSIVE_AFTER = 3;

/** The abort reason of a run whose target stopped answering: its remaining cells are errors, and the CLI exits 3. */
export class TargetUnresponsive extends Error {
  override readonly name = 'TargetUnresponsive';
  constructor(
    readonly timeouts: number,
    readonly requestMs: number,
  ) {
    super(
      `the target is unresponsive: ${timeouts} requests in a row got no complete answer within the request deadline of ${Math.round(requestMs / 100) / 10} s`,
    );
  }
}

/**
 * Watches the run's requests for progress. A hung or trickling target would otherwise cost each
 * remaining cell one request deadline, and hold the run until the run deadline (30 min): after
 * `limit` deadlines in a row with no complete answer in between (across all cells), `onUnresponsive`
 * is called once.
 */
export class ResponsivenessWatch {
  private streak = 0;
  private declared = false;

  constructor(
    private readonly requestMs: number,
    private readonly onUnresponsive: (reason: TargetUnresponsive) => void,
    private readonly limit: number = UNRESPONSIVE_AFTER,
  ) {}

  /** A complete answer came: the target makes progress. */
  answered(): void {
    this.streak = 0;
  }

  /** A request passed its deadline. */
  timedOut(): void {
    this.streak += 1;
    if (this.streak < this.limit || this.declared) return;
    this.declared = true;
    this.onUnresponsive(new TargetUnresponsive(this.streak, this.requestMs));
  }
}
