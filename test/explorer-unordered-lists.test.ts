import fc from 'fast-check';
import t from 'tap';
import { differences } from '../suites/explorer/compare.js';
import type { Observation } from '../suites/explorer/observation.js';
import { inKeyOrder } from '../suites/explorer/unordered-lists.js';

/** GET /networks lists in a random order on dockerd (a Go map): the explorer compares its items by Name, and labels the order volatile. */
const listOf = (items: readonly Record<string, unknown>[]): Observation => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { kind: 'json', value: items },
});

const network = fc.record({ Name: fc.stringMatching(/^[a-z]{1,6}$/), Driver: fc.constantFrom('null', 'host', 'bridge') });
const networks = fc.uniqueArray(network, { minLength: 1, maxLength: 4, selector: (n) => n.Name });

t.test('a permutation of the list differs only by a volatile order difference', async (t) => {
  fc.assert(
    fc.property(
      networks.chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }))),
      ([items, shuffled]) => {
        const { answers, order } = inKeyOrder('/networks', [listOf(items), listOf(shuffled)]);
        t.same(differences(...answers), []);
        const moved = items.some((item, i) => item.Name !== shuffled[i]!.Name);
        t.equal(order === null, !moved);
        if (order !== null) t.equal(order.volatile, 'order');
      },
    ),
    { numRuns: 50 },
  );
});

t.test('a changed item is still a difference, and other routes keep their order', async (t) => {
  fc.assert(
    fc.property(networks, fc.constantFrom('/networks', '/networks/'), (items, route) => {
      const changed = items.map((item, i) => (i === 0 ? { ...item, Driver: `${item.Driver}x` } : item));
      const { answers } = inKeyOrder(route, [listOf(items), listOf([...changed].reverse())]);
      t.ok(
        differences(...answers).some((d) => d.at === '$[].Driver' && d.volatile === undefined),
        'the Driver difference is kept',
      );
    }),
    { numRuns: 30 },
  );
  const items = [
    { Name: 'b', Id: 'x' },
    { Name: 'a', Id: 'y' },
  ];
  const { answers, order } = inKeyOrder('/images/json', [listOf(items), listOf([...items].reverse())]);
  t.equal(order, null);
  t.ok(differences(...answers).length > 0, 'another route is compared in its order');
});
