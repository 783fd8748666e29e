import fc from 'fast-check';
import t from 'tap';
import { stopCuts } from '../suites/model-runner/generation-checks.js';

/** An engine that generates `content` in the given tokens and stops once a stop string is in its text. */
function engineCut(content: string, stops: readonly string[], boundaries: readonly number[]): number | null {
  for (const end of [...boundaries.filter((b) => b > 0 && b < content.length), content.length].sort((a, b) => a - b)) {
    const text = content.slice(0, end);
    const found = stops.filter((stop) => stop !== '' && text.includes(stop)).map((stop) => text.indexOf(stop));
    if (found.length > 0) return Math.min(...found);
  }
  return null;
}

const letters = fc.string({ unit: fc.constantFrom('a', 'b', 'r', '&', ' '), minLength: 2, maxLength: 24 });

t.test('the cuts due are exactly those some tokenisation gives', async (t) => {
  fc.assert(
    fc.property(
      letters,
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 4 }),
      fc.array(fc.nat(), { maxLength: 10 }),
      (content, picks, boundaries) => {
        const stops = picks.map(([at, length]) => content.slice(at % content.length, (at % content.length) + length));
        const cuts = stopCuts(content, stops);
        const cut = engineCut(
          content,
          stops,
          boundaries.map((b) => b % (content.length + 1)),
        );
        // Every tokenisation's cut is due…
        if (cut === null || !cuts.has(cut)) return false;
        // …and every cut due is some tokenisation's: one boundary at each stop string's first end.
        return [...cuts].every((due) =>
          stops.some((stop) => {
            const end = content.indexOf(stop) + stop.length;
            return stop !== '' && content.includes(stop) && engineCut(content, stops, [end]) === due;
          }),
        );
      },
    ),
  );
  t.same(
    [...stopCuts('v$ly  i|cehly &re fv', ['r', '&re '])].sort((a, b) => a - b),
    [14, 15],
    'observed on llama-server: "&" kept (r first) or not (&re  first)',
  );
  t.same([...stopCuts('hello world', ['world'])], [6], 'one stop string: its first occurrence');
});
