import fc from 'fast-check';
import t from 'tap';
import { checkProperty } from '../suites/harness/property.js';
import { Violation } from '../suites/harness/verdict.js';

/**
 * shrinkSteps bounds the cases run after the first failure (a real daemon's image or container per
 * case): the verdict stays a failure, the counterexample is a failing case, and the count is of
 * cases, so the same seed shrinks exactly as far (a replay of a recording asks the same requests).
 */

/** A property that fails for every array holding a value of 100 or more: the cases run after the first failure, and the verdict. */
async function run(seed: number, shrinkSteps?: number): Promise<{ afterFailure: number; input: string; status: string }> {
  let failedAt: number | undefined;
  let cases = 0;
  const verdict = await checkProperty(
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 10 }),
    async (values) => {
      cases += 1;
      if (values.some((v) => v >= 100)) {
        failedAt ??= cases;
        throw new Violation(`${Math.max(...values)} is 100 or more`);
      }
    },
    { seed, numRuns: 30, ...(shrinkSteps === undefined ? {} : { shrinkSteps }) },
    'never fails',
  );
  return { afterFailure: cases - (failedAt ?? cases), input: verdict.counterexample?.input ?? '', status: verdict.status };
}

t.test('at most shrinkSteps cases run after the first failure, and the counterexample still fails', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 6 }), async (seed, steps) => {
      const bounded = await run(seed, steps);
      t.equal(bounded.status, 'fail', `seed ${seed}, ${steps} steps: still a failure`);
      t.ok(bounded.afterFailure <= steps, `seed ${seed}: ${bounded.afterFailure} cases after the first failure, at most ${steps}`);
      t.ok(
        (JSON.parse(bounded.input) as number[]).some((v) => v >= 100),
        `seed ${seed}: the counterexample ${bounded.input} fails`,
      );
      t.same(await run(seed, steps), bounded, `seed ${seed}: the same seed shrinks as far`);
      return true;
    }),
    { numRuns: 20, seed: 20261205 },
  );
});

t.test('without a bound the counterexample shrinks to the smallest', async (t) => {
  const unbounded = await run(42);
  t.same(JSON.parse(unbounded.input), [100]);
  t.ok(unbounded.afterFailure > 6, `shrinking took ${unbounded.afterFailure} cases`);
});
