/** Requests in a row that may pass their deadline, with no answer in between, before the target is declared unresponsive. */
export const UNRESPONSIVE_AFTER = 3;

/**
 * A flapping target (one that answers some requests and lets others pass their deadline) is
 * declared unresponsive when this many of its last FLAPPING_WINDOW requests passed their deadline.
 * A healthy target lets almost none pass: at the default 10 s each, six cost a minute.
 */
export const FLAPPING_TIMEOUTS = 6;
export const FLAPPING_WINDOW = 12;

/** The abort reason of a run whose target stopped answering: its remaining cells are errors, and the CLI exits 3. */
export class TargetUnresponsive extends Error {
  override readonly name = 'TargetUnresponsive';
  constructor(
    readonly timeouts: number,
    readonly requestMs: number,
    /** Of how many requests (the last ones); equal to `timeouts` when they came in a row. */
    readonly outOf: number = timeouts,
  ) {
    const deadline = `the request deadline of ${Math.round(requestMs / 100) / 10} s`;
    super(
      outOf === timeouts
        ? `the target is unresponsive: ${timeouts} requests in a row got no complete answer within ${deadline}`
        : `the target is unresponsive: ${timeouts} of its last ${outOf} requests got no complete answer within ${deadline} (it answers only now and then)`,
    );
  }
}

/**
 * Watches the run's requests for progress. A hung, trickling or flapping target would otherwise
 * cost each remaining cell request deadlines, and hold the run until the run deadline (30 min):
 * after `limit` deadlines in a row with no complete answer in between, or `flapping.timeouts` of
 * the last `flapping.window` requests (across all cells), `onUnresponsive` is called once.
 */
export class ResponsivenessWatch {
  private streak = 0;
  private declared = false;
  /** The last requests' outcomes, oldest first: true where the deadline passed. */
  private readonly recent: boolean[] = [];

  constructor(
    private readonly requestMs: number,
    private readonly onUnresponsive: (reason: TargetUnresponsive) => void,
    private readonly limit: number = UNRESPONSIVE_AFTER,
    private readonly flapping: { readonly timeouts: number; readonly window: number } = { timeouts: FLAPPING_TIMEOUTS, window: FLAPPING_WINDOW },
  ) {}

  /** A complete answer came: the target makes progress. */
  answered(): void {
    this.streak = 0;
    this.remember(false);
  }

  /** A request passed its deadline. */
  timedOut(): void {
    this.streak += 1;
    this.remember(true);
    if (this.declared) return;
    const inWindow = this.recent.filter(Boolean).length;
    if (this.streak >= this.limit) this.declare(new TargetUnresponsive(this.streak, this.requestMs));
    else if (inWindow >= this.flapping.timeouts) this.declare(new TargetUnresponsive(inWindow, this.requestMs, this.recent.length));
  }

  private remember(timedOut: boolean): void {
    this.recent.push(timedOut);
    if (this.recent.length > this.flapping.window) this.recent.shift();
  }

  private declare(reason: TargetUnresponsive): void {
    this.declared = true;
    this.onUnresponsive(reason);
  }
}
