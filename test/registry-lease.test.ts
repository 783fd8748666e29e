import fc from 'fast-check';
import t from 'tap';
import { LEASABLE_REFERENCES, LeaseError, poolFor, ReferencePool } from '../suites/model-runner/registry-lease.js';
import { SUITE_MODEL } from '../suites/model-runner/models.js';

/** The registry references cases lease (suites/model-runner/registry-lease.ts). */

const SEED = 20261127;

t.test('the leasable references are distinct, exclude the suite model, and are enough for the cells', (t) => {
  t.equal(new Set(LEASABLE_REFERENCES).size, LEASABLE_REFERENCES.length);
  t.notOk(LEASABLE_REFERENCES.includes(SUITE_MODEL));
  t.ok(LEASABLE_REFERENCES.length >= 48, `${LEASABLE_REFERENCES.length} references`);
  t.end();
});

t.test('a lease waits for released references, first come first served, and release is idempotent', async (t) => {
  const pool = new ReferencePool(['a', 'b', 'c']);
  const first = await pool.lease(2, 1000);
  t.same(first.references, ['a', 'b']);
  const order: string[] = [];
  const second = pool.lease(2, 1000).then((lease) => (order.push('second'), lease));
  const third = pool.lease(1, 1000).then((lease) => (order.push('third'), lease));
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.same(order, [], 'the second waits, and the third waits behind it');
  first.release();
  first.release();
  const [s, th] = await Promise.all([second, third]);
  t.same(order, ['second', 'third']);
  t.same(new Set([...s.references, ...th.references]), new Set(['a', 'b', 'c']));
  t.equal(pool.available, 0);
  s.release();
  th.release();
  t.equal(pool.available, 3);
});

t.test('a lease that cannot come ends with a typed error: too many, deadline, abort', async (t) => {
  const pool = new ReferencePool(['a', 'b']);
  await t.rejects(pool.lease(3, 1000), { code: 'LEASE_TOO_MANY' });
  const held = await pool.lease(2, 1000);
  await t.rejects(pool.lease(1, 30), { code: 'LEASE_TIMEOUT' });
  const controller = new AbortController();
  const waiting = pool.lease(1, 5000, controller.signal);
  controller.abort();
  await t.rejects(waiting, LeaseError);
  held.release();
  t.equal(pool.available, 2, 'given-up waiters took nothing');
  t.same((await pool.lease(2, 100)).references.length, 2);
});

t.test('leases held at the same time never share a reference', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 12 }), async (asks) => {
      const pool = new ReferencePool(['a', 'b', 'c', 'd', 'e', 'f']);
      const inUse = new Set<string>();
      await Promise.all(
        asks.map(async ([count, holdMs]) => {
          const lease = await pool.lease(count, 5000);
          for (const reference of lease.references) {
            if (inUse.has(reference)) throw new Error(`${reference} leased twice`);
            inUse.add(reference);
          }
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          for (const reference of lease.references) inUse.delete(reference);
          lease.release();
        }),
      );
      if (pool.available !== 6) throw new Error(`${pool.available} free after every release`);
    }),
    { seed: SEED, numRuns: 50 },
  );
});

t.test('one pool per target', (t) => {
  const target = {};
  t.equal(poolFor(target), poolFor(target));
  t.not(poolFor(target), poolFor({}));
  t.end();
});
