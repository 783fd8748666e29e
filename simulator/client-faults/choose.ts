import { createHash } from 'node:crypto';
import { compileMatch, type RequestMatch } from './route-match.js';
import type { ClientFaultEntry } from './schema.js';

/**
 * The draw of the `n`-th request (1-based) entry `entry` matched, in [0, 1): a hash of the three,
 * so that a draw depends on nothing else (not on other entries, other routes, or time). The same
 * seed and the same requests give the same faults, whatever runs beside them.
 */
export function draw(seed: number, entry: number, n: number): number {
  const digest = createHash('sha256').update(`ctrd-sim client faults\0${seed}\0${entry}\0${n}`).digest();
  // 48 bits: an exact double in [0, 1).
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** A fault chosen for one request: which entry gave it, and the how-manieth match of that entry it was. */
export interface ChosenFault {
  readonly entry: ClientFaultEntry;
  readonly index: number;
  readonly match: number;
}

/**
 * Chooses the fault of each request, in the order requests arrive. Every entry that matches a
 * request counts it; the first entry (in file order) whose draw is below its probability, and
 * that has not given its `times` faults yet, gives the fault.
 */
export class FaultChooser {
  private readonly matches: readonly RequestMatch[];
  private readonly seen: number[];
  private readonly given: number[];

  constructor(
    readonly entries: readonly ClientFaultEntry[],
    readonly seed: number,
  ) {
    this.matches = entries.map((entry) => compileMatch(entry));
    this.seen = entries.map(() => 0);
    this.given = entries.map(() => 0);
  }

  /** The fault for a request (its method and path without the /vX.Y prefix and query), or null. */
  choose(method: string, path: string): ChosenFault | null {
    let chosen: ChosenFault | null = null;
    for (let index = 0; index < this.entries.length; index++) {
      if (!this.matches[index]!(method, path)) continue;
      const match = ++this.seen[index]!;
      if (chosen !== null) continue;
      const entry = this.entries[index]!;
      if (entry.times !== undefined && this.given[index]! >= entry.times) continue;
      if (draw(this.seed, index, match) < entry.probability) {
        this.given[index]!++;
        chosen = { entry, index, match };
      }
    }
    return chosen;
  }
}
