import fc from 'fast-check';
import t from 'tap';
import { LEASABLE_REFERENCES, LeaseError, poolFor, ReferencePool } from '../suites/model-runner/registry-lease.js';
import { SUITE_MODEL } from '../suites/model-runner/models.js';
import { checkProperty } from '../suites/harness/property.js';

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
  const second = pool.lease(2, 1000).then((lease) => {
    order.push('second');
    return lease;
  });
  const third = pool.lease(1, 1000).then((lease) => {
    order.push('third');
    return lease;
  });
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

t.test('leases held at the same time never share a reference, and take only what they want', async () => {
  const wants = { any: undefined, vowel: (reference: string) => 'ae'.includes(reference) } as const;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 5 }), fc.constantFrom('any' as const, 'vowel' as const)), {
        minLength: 1,
        maxLength: 12,
      }),
      async (asks) => {
        const pool = new ReferencePool(['a', 'b', 'c', 'd', 'e', 'f']);
        const inUse = new Set<string>();
        await Promise.all(
          asks.map(async ([count, holdMs, kind]) => {
            const want = wants[kind];
            const lease = await pool.lease(kind === 'vowel' ? Math.min(count, 2) : count, 5000, undefined, want);
            if (want !== undefined && !lease.references.every(want)) throw new Error(`a ${kind} lease got ${lease.references.join(', ')}`);
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
      },
    ),
    { seed: SEED, numRuns: 50 },
  );
});

t.test('a lease that wants more references than the pool has of its kind is refused at once', async (t) => {
  const pool = new ReferencePool(['a:latest', 'b:v1', 'c:latest']);
  await t.rejects(
    pool.lease(3, 1000, undefined, (reference) => reference.endsWith(':latest')),
    { code: 'LEASE_TOO_MANY' },
  );
  const latest = await pool.lease(2, 1000, undefined, (reference) => reference.endsWith(':latest'));
  t.same(latest.references, ['a:latest', 'c:latest']);
  t.equal(pool.available, 1);
  latest.release();
});

t.test('a property whose case gets no lease is an error verdict, and no further case runs', async (t) => {
  const pool = new ReferencePool(['a']);
  const held = await pool.lease(1, 1000);
  let cases = 0;
  const verdict = await checkProperty(
    fc.nat(),
    async () => {
      cases++;
      (await pool.lease(1, 20)).release();
    },
    { seed: SEED, numRuns: 20 },
    'never',
  );
  held.release();
  t.equal(verdict.status, 'error');
  t.match(verdict.summary, /no 1 registry references free within 20 ms/);
  t.equal(cases, 1, 'the first LeaseError ends the property');
});

t.test('one pool per target', (t) => {
  const target = {};
  t.equal(poolFor(target), poolFor(target));
  t.not(poolFor(target), poolFor({}));
  t.end();
});
