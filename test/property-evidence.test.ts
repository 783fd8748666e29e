import fc from 'fast-check';
import t from 'tap';
import { CaseJournal } from '../suites/harness/journal.js';
import { checkProperty } from '../suites/harness/property.js';
import { Violation } from '../suites/harness/verdict.js';
import { HttpClientError } from '../suites/http/client.js';

/**
 * A failing cell's evidence is the counterexample's exchanges. Shrinking runs candidates after the
 * last failing one (here 9, which passes, after 10): their exchanges must not stand in for it.
 */
const failFrom = 10;

async function verdictWhen(thrown: (n: number) => Error, seed: number) {
  const journal = new CaseJournal();
  const ran: number[] = [];
  const verdict = await checkProperty(
    fc.integer({ min: 0, max: 1000 }),
    async (n) => {
      ran.push(n);
      journal.record({ request: `GET /case/${n}` });
      if (n >= failFrom) throw thrown(n);
    },
    { seed, numRuns: 50, journal },
    'never',
  );
  return { verdict, ran };
}

t.test('a violation without exchanges of its own shows the counterexample’s requests', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer(), async (seed) => {
      const { verdict, ran } = await verdictWhen((n) => new Violation(`${n} is too big`), seed);
      t.equal(verdict.status, 'fail');
      t.equal(verdict.counterexample?.input, String(failFrom), 'shrunk to the boundary');
      t.equal(ran.at(-1)! < failFrom, true, 'a passing candidate ran after the counterexample');
      t.same(
        verdict.exchanges?.map((x) => x.request),
        [`GET /case/${failFrom}`],
      );
    }),
    { numRuns: 5 },
  );
});

t.test('a broken connection shows the request it broke on, not a later candidate’s', async (t) => {
  const { verdict } = await verdictWhen((n) => new HttpClientError('HTTP_CONNECTION', `GET /case/${n}: ECONNRESET`), 20261123);
  t.equal(verdict.status, 'fail');
  t.match(verdict.summary, /^no proper answer: GET \/case\/10: ECONNRESET/);
  t.same(
    verdict.exchanges?.map((x) => x.request),
    [`GET /case/${failFrom}`],
  );
});

t.test('a property its time limit stops before any case is decided is an error that says so, and one stopped later passes on what ran', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer(), fc.integer({ min: 20, max: 60 }), async (seed, limitMs) => {
      const slow = await checkProperty(
        fc.nat(),
        () => new Promise<void>((resolve) => setTimeout(resolve, limitMs * 3)),
        { seed, numRuns: 5, timeLimitMs: limitMs },
        'never',
      );
      t.equal(slow.status, 'error');
      t.match(slow.summary, /^no generated case finished within the check's time limit/);
      let ran = 0;
      const later = await checkProperty(
        fc.nat(),
        () => new Promise<void>((resolve) => setTimeout(resolve, ran++ === 0 ? 0 : limitMs * 3)),
        { seed, numRuns: 5, timeLimitMs: limitMs },
        'cases passed',
      );
      t.equal(later.status, 'pass', later.summary);
    }),
    { numRuns: 5 },
  );
});
