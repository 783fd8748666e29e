/**
 * Which documented items (options, keys, fields, forms) a rule's generator reached in one cell.
 * A check that ranges over documented items lists them (`RuleCheck.documentedItems`) and calls
 * `hit` for each one a generated case exercises; the runner reports what was left out, and
 * test/coverage.test.ts fails when anything is, at the default settings.
 */
export class CoverageRecorder {
  private readonly reached = new Set<string>();

  constructor(readonly items: readonly string[]) {}

  hit(item: string): void {
    this.reached.add(item);
  }

  /** The cell's coverage figure: how many items it ranges over, which it generated, which it missed. */
  figure(): CoverageFigure {
    const documented = new Set(this.items);
    return {
      items: documented.size,
      generated: [...documented].filter((item) => this.reached.has(item)),
      missing: [...documented].filter((item) => !this.reached.has(item)),
    };
  }
}

export interface CoverageFigure {
  readonly items: number;
  readonly generated: readonly string[];
  readonly missing: readonly string[];
}
