/**
 * What a cold-start verdict rests on, beside the ratio of medians: how much of the goal's time a
 * bare node http server already takes (what is left for the simulator's own start), and how far
 * the ratio moves from one round to the next (a verdict closer to the goal than that is not settled
 * by one run). Sections 1 and 11 print these lines under their goal line.
 */
import { median, percentile } from './stats.js';

export interface ColdStartSamples {
  /** ctrd-sim's cold starts, one per round. */
  readonly sim: readonly number[];
  /** A bare node http server's, one per round (the floor of any daemon node runs), if measured. */
  readonly bare?: readonly number[] | undefined;
  /** The reference daemon's, one per round. */
  readonly reference: readonly number[];
  readonly referenceLabel: string;
  /** The goal: ctrd-sim's median at most this fraction of the reference's. */
  readonly goal: number;
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;
const times = (v: number): string => `${v.toFixed(2)}×`;

/** sim[i] / reference[i] for every round both measured (interleaved rounds: close in time). */
export function perRoundRatios(sim: readonly number[], reference: readonly number[]): number[] {
  const rounds = Math.min(sim.length, reference.length);
  return Array.from({ length: rounds }, (_, i) => sim[i]! / reference[i]!);
}

export function coldStartReading({ sim, bare, reference, referenceLabel, goal }: ColdStartSamples): string[] {
  if (sim.length === 0 || reference.length === 0) return [];
  const lines: string[] = [];
  const allowed = goal * median(reference);
  if (bare !== undefined && bare.length > 0) {
    const floor = median(bare);
    lines.push(
      `- Budget: ${goal}× ${referenceLabel}'s median is ${ms(allowed)}; a bare node http server takes ${ms(floor)} of it (${times(floor / median(reference))}), ` +
        `which leaves ${ms(allowed - floor)} for everything ctrd-sim does beyond answering on a socket; ctrd-sim takes ${ms(median(sim) - floor)} above the bare server`,
    );
  }
  const ratios = perRoundRatios(sim, reference).sort((a, b) => a - b);
  if (ratios.length > 1) {
    lines.push(
      `- Noise: ctrd-sim / ${referenceLabel} within each round ranged ${times(ratios[0]!)}–${times(ratios[ratios.length - 1]!)} ` +
        `(middle half ${times(percentile(ratios, 25))}–${times(percentile(ratios, 75))}, median ${times(median(ratios))}); ${referenceLabel} alone ranged ` +
        `${ms(Math.min(...reference))}–${ms(Math.max(...reference))}: a verdict closer to the goal than that spread is not settled by one run`,
    );
  }
  return lines;
}
