/**
 * A quirk: one way a release departs from a rule of the document, which ctrd-sim can be told to
 * carry (`ctrd-sim --quirk ID`, `--as-observed`).
 *
 * - `observed`: a real release does it (one per entry of KNOWN_DEVIATIONS, id `observed.<rule-id>`);
 *   `ctrd-sim --emulate R --as-observed` carries every observed quirk of R, so that the simulator
 *   answers as the real R does (the agreement test compares the two cell by cell).
 * - `hypothetical`: a realistic way a release could break the rule while looking right (id
 *   `hypothetical.<rule-id>.<short-name>`); the self-test (test/quirks.test.ts) requires that the
 *   rule fails with it on: a quirk no rule catches is a hole in the suite.
 */
export interface Quirk {
  readonly id: string;
  /** The rule the quirk breaks. */
  readonly rule: string;
  readonly kind: 'observed' | 'hypothetical';
  /** What the release does instead of following the rule. */
  readonly what: string;
  /** Releases the quirk is tried on (default: the newest). */
  readonly releases?: readonly string[];
  /** The self-test must run ctrd-sim as a process (`sim-process`: netns, signals, SIGKILL). */
  readonly process?: boolean;
}
