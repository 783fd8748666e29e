import fc from 'fast-check';
import t from 'tap';
import { ChunkRuns } from '../simulator/model-runner/routes/chunk-runs.js';

/**
 * The streams' chunk iterator (simulator/model-runner/routes/chunk-runs.ts): the chunks of its runs
 * in order, empty runs included, each made only when it is taken, and done for good at the end.
 */
t.test('ChunkRuns gives the chunks of its runs in order, each made when taken', async () => {
  fc.assert(
    fc.property(fc.array(fc.nat(5), { maxLength: 6 }), (counts) => {
      const made: string[] = [];
      const runs = new ChunkRuns();
      counts.forEach((count, run) =>
        runs.add(count, (at) => {
          made.push(`${run}.${at}`);
          return `${run}.${at}`;
        }),
      );
      const expected = counts.flatMap((count, run) => Array.from({ length: count }, (_, at) => `${run}.${at}`));
      const taken: unknown[] = [];
      for (const chunk of runs) {
        // Nothing is made ahead of the chunk taken.
        if (made.length !== taken.length + 1) return false;
        taken.push(chunk);
      }
      return JSON.stringify(taken) === JSON.stringify(expected) && runs.next().done === true && made.length === expected.length;
    }),
  );
});
