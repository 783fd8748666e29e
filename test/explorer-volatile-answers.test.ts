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

t.test("lists of other items are no order difference, whatever their order or their names' lengths", async (t) => {
  t.equal(
    inKeyOrder('/networks', [
      listOf([
        { Name: 'ab', Driver: 'null' },
        { Name: 'c', Driver: 'host' },
      ]),
      listOf([
        { Name: 'a', Driver: 'null' },
        { Name: 'bc', Driver: 'host' },
      ]),
    ]).order,
    null,
  );
  fc.assert(
    fc.property(networks, networks, (first, second) => {
      fc.pre(
        first
          .map((n) => n.Name)
          .sort()
          .join() !==
          second
            .map((n) => n.Name)
            .sort()
            .join(),
      );
      t.equal(inKeyOrder('/networks', [listOf(first), listOf(second)]).order, null);
    }),
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

/** A save dates some entries when it is made: two archives that differ only in header times are a volatile difference. */
const header = (name: string, mtime: number, size: number): string => {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'latin1');
  block.write(`${mtime.toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  block.write('ustar\x0000', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block.toString('latin1');
};
const textOf = (text: string): Observation => ({ status: 200, headers: {}, body: { kind: 'text', text } });

t.test('tar archives that differ only in header times are a volatile text difference; other bytes are not', async (t) => {
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z]{1,20}$/), fc.nat(2 ** 32), fc.nat(2 ** 32), fc.stringMatching(/^[a-z]{1,40}$/), (name, m1, m2, content) => {
      fc.pre(m1 !== m2);
      const body = content.padEnd(512, '\0');
      const [d] = differences(textOf(header(name, m1, content.length) + body), textOf(header(name, m2, content.length) + body));
      t.equal(d?.volatile, 'time');
      const [other] = differences(textOf(header(name, m1, content.length) + body), textOf(header(name, m1, content.length) + `${content}x`.padEnd(512, '\0')));
      t.equal(other?.aspect, 'text');
      t.equal(other?.volatile, undefined, 'a content difference is not volatile');
    }),
    { numRuns: 40 },
  );
});
