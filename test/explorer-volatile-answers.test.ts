import fc from 'fast-check';
import t from 'tap';
import { differences } from '../suites/explorer/compare.js';
import type { Observation } from '../suites/explorer/observation.js';
import type { Side } from '../suites/explorer/side.js';
import { inKeyOrder } from '../suites/explorer/unordered-lists.js';
import { findRelease } from '../specs/versions.js';

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
        const { answers, orders } = inKeyOrder('/networks', [listOf(items), listOf(shuffled)]);
        const order = orders[0] ?? null;
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
    ]).orders[0] ?? null,
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
      t.equal(inKeyOrder('/networks', [listOf(first), listOf(second)]).orders[0] ?? null, null);
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
  const { answers, orders } = inKeyOrder('/images/json', [listOf(items), listOf([...items].reverse())]);
  t.same(orders, []);
  t.ok(differences(...answers).length > 0, 'another route is compared in its order');
});

/** From 29.0 GET /info lists RegistryConfig.InsecureRegistryCIDRs from a Go map's keys: its order is volatile there, and only there. */
const sideAt = (release: string, real: boolean): Side => {
  const found = findRelease(release);
  if (found === undefined) throw new Error(`no release ${release}`);
  return { spec: real ? `daemon:${release}` : `sim@${release}`, release: found, version: found.version, min: found.defaultMinApi, max: found.maxApi, real };
};
const infoWith = (cidrs: readonly string[], mirrors: readonly string[] = []): Observation => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { kind: 'json', value: { Name: 'x', RegistryConfig: { InsecureRegistryCIDRs: cidrs, Mirrors: mirrors } } },
});
const cidrList = fc.uniqueArray(fc.constantFrom('::1/128', '127.0.0.0/8', '10.0.0.0/8', '192.0.2.0/24', 'fd00::/8'), { minLength: 2, maxLength: 5 });

t.test(
  "GET /info's insecure CIDRs: a permutation is a volatile order difference where a side is 29.0 or newer, a value difference between older ones",
  async (t) => {
    fc.assert(
      fc.property(
        cidrList.chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }))),
        fc.constantFrom('29.0', '29.7'),
        fc.constantFrom('20.10', '26.1', '28.5'),
        ([items, shuffled], newer, older) => {
          const moved = items.some((item, i) => item !== shuffled[i]);
          const unordered = inKeyOrder('/info', [infoWith(items), infoWith(shuffled)], [sideAt(newer, false), sideAt(newer, true)]);
          t.same(differences(...unordered.answers), [], 'the items compared by themselves');
          t.same(
            unordered.orders.map((d) => [d.at, d.volatile]),
            moved ? [['$.RegistryConfig.InsecureRegistryCIDRs[] (order)', 'order']] : [],
          );
          const ordered = inKeyOrder('/info', [infoWith(items), infoWith(shuffled)], [sideAt(older, false), sideAt(older, true)]);
          t.same(ordered.orders, []);
          t.equal(
            differences(...ordered.answers).some((d) => d.at === '$.RegistryConfig.InsecureRegistryCIDRs[]' && d.volatile === undefined),
            moved,
            'before 29.0 the order is compared',
          );
        },
      ),
      { numRuns: 60 },
    );
    // Another item, or another list beside it, is still a difference.
    const { answers, orders } = inKeyOrder(
      '/info',
      [infoWith(['::1/128', '127.0.0.0/8'], ['a']), infoWith(['127.0.0.0/8', '10.0.0.0/8'], ['b'])],
      [sideAt('29.7', false), sideAt('29.7', true)],
    );
    t.same(orders, []);
    t.same([...new Set(differences(...answers).map((d) => d.at))], ['$.RegistryConfig.InsecureRegistryCIDRs[]', '$.RegistryConfig.Mirrors[]']);
  },
);

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
