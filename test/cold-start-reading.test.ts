import fc from 'fast-check';
import t from 'tap';
import { coldStartReading, perRoundRatios } from '../bench/cold-start-reading.js';
import { median } from '../bench/stats.js';

const times = fc.array(fc.double({ min: 1, max: 500, noNaN: true }), { minLength: 0, maxLength: 20 });
const RUNS = { numRuns: 500 };

t.test('per-round ratios pair the same round and stop at the shorter series', async (t) => {
  fc.assert(
    fc.property(times, times, (sim, reference) => {
      const ratios = perRoundRatios(sim, reference);
      return ratios.length === Math.min(sim.length, reference.length) && ratios.every((r, i) => r === sim[i]! / reference[i]!);
    }),
    RUNS,
  );
  t.pass('paired by round');
});

/** The numbers of a line, in order ("1.23×" and "45.6 ms" alike). */
const numbersOf = (line: string): number[] => [...line.matchAll(/(-?\d+\.\d+)(?:×| ms)/g)].map((m) => Number(m[1]));

t.test('the budget line: the goal times the reference, the floor, what is left and what ctrd-sim takes', async (t) => {
  fc.assert(
    fc.property(
      times.filter((a) => a.length > 0),
      times.filter((a) => a.length > 0),
      times.filter((a) => a.length > 0),
      (sim, bare, reference) => {
        const [budget] = coldStartReading({ sim, bare, reference, referenceLabel: 'dockerd 28.5', goal: 0.35 });
        const [goal, allowed, floor, floorRatio, left, above] = numbersOf(budget!);
        const close = (a: number | undefined, b: number, digits: number): boolean => a !== undefined && Math.abs(a - b) <= 0.5 * 10 ** -digits + 1e-9;
        return (
          goal === 0.35 &&
          close(allowed, 0.35 * median(reference), 1) &&
          close(floor, median(bare), 1) &&
          close(floorRatio, median(bare) / median(reference), 2) &&
          close(left, 0.35 * median(reference) - median(bare), 1) &&
          close(above, median(sim) - median(bare), 1)
        );
      },
    ),
    RUNS,
  );
  t.pass('every figure is the one it names');
});

t.test('the noise line brackets the per-round median and is left out without two rounds', async (t) => {
  fc.assert(
    fc.property(times, times, (sim, reference) => {
      const lines = coldStartReading({ sim, reference, referenceLabel: 'dockerd 28.5', goal: 0.35 });
      const rounds = Math.min(sim.length, reference.length);
      if (sim.length === 0 || reference.length === 0) return lines.length === 0;
      if (rounds < 2) return lines.length === 0;
      const [low, high, q1, q3, mid] = numbersOf(lines[0]!);
      return lines.length === 1 && low! <= q1! && q1! <= mid! && mid! <= q3! && q3! <= high!;
    }),
    RUNS,
  );
  t.pass('range ⊇ middle half ∋ median');
});
