import fc from 'fast-check';
import t from 'tap';
import { type Release, WorkSlots } from '../simulator/model-runner/work-slots.js';

type Step = { readonly kind: 'arrive' } | { readonly kind: 'finish'; readonly which: number } | { readonly kind: 'leave'; readonly which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'arrive' } as const),
  fc.nat(20).map((which) => ({ kind: 'finish', which }) as const),
  fc.nat(20).map((which) => ({ kind: 'leave', which }) as const),
);

t.test('at most `slots` at work, a line of at most `queue` served first come first served, a waiter that leaves takes no slot', async (t) => {
  await t.resolves(
    fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.array(step, { maxLength: 60 }), async (slots, queue, steps) => {
        const pool = new WorkSlots(slots, queue);
        const working: Release[] = [];
        const waiters: { readonly id: number; readonly leave: AbortController }[] = [];
        const granted: number[] = [];
        let next = 0;
        const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
        for (const s of steps) {
          if (s.kind === 'arrive') {
            const id = next++;
            const leave = new AbortController();
            const full = pool.inUse === slots && pool.waitingCount === queue;
            const queued = pool.inUse === slots && !full;
            if (queued) waiters.push({ id, leave });
            void pool.acquire(leave.signal).then((release) => {
              if (release === null) return;
              granted.push(id);
              working.push(release);
            });
            await settle();
            if (full && granted.includes(id)) throw new Error(`request ${id} was let in past a full line`);
          } else if (s.kind === 'finish' && working.length > 0) {
            const release = working.splice(s.which % working.length, 1)[0]!;
            release();
            release(); // a second release gives nothing back twice
            await settle();
          } else if (s.kind === 'leave' && waiters.length > 0) {
            const waiter = waiters[s.which % waiters.length]!;
            waiter.leave.abort();
            await settle();
          }
          if (pool.inUse > slots) throw new Error(`${pool.inUse} at work with ${slots} slots`);
          if (pool.waitingCount > queue) throw new Error(`${pool.waitingCount} waiting with a line of ${queue}`);
          if (pool.inUse !== working.length) throw new Error(`the pool counts ${pool.inUse} at work, ${working.length} hold a slot`);
          // Waiters are let in in the order they came, skipping those that left.
          const stillWaiting = waiters.filter((w) => !w.leave.signal.aborted && !granted.includes(w.id));
          const grantedWaiters = waiters.filter((w) => granted.includes(w.id)).map((w) => w.id);
          if (grantedWaiters.some((id, i) => i > 0 && id < grantedWaiters[i - 1]!))
            throw new Error(`waiters let in out of order: ${grantedWaiters.join(', ')}`);
          if (stillWaiting.length !== pool.waitingCount) throw new Error(`${pool.waitingCount} in the line, ${stillWaiting.length} expected`);
        }
      }),
    ),
  );
});
