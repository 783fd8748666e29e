import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import t from 'tap';
import { SharedWorkError, sharedResults } from './helpers/shared-work.js';

const root = mkdtempSync(join(tmpdir(), 'ctc-shared-work-test-'));
t.teardown(() => rmSync(root, { recursive: true, force: true }));
const previous = process.env['CTC_SHARED_WORK'];
process.env['CTC_SHARED_WORK'] = root;
t.teardown(() => {
  if (previous === undefined) delete process.env['CTC_SHARED_WORK'];
  else process.env['CTC_SHARED_WORK'] = previous;
});

const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,11}$/), { minLength: 1, maxLength: 12 });
let round = 0;

t.test('sharers that run at once compute each item exactly once, and each gets every result', async (t) => {
  await fc.assert(
    fc.asyncProperty(ids, fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 3 }), async (items, sharers, workers) => {
      const kind = `round-${round++}`;
      const computed: string[] = [];
      const compute = async (id: string): Promise<{ id: string; square: number }> => {
        computed.push(id);
        await sleep(id.length % 3);
        return { id, square: id.length * id.length };
      };
      const all = await Promise.all(Array.from({ length: sharers }, () => sharedResults({ kind, ids: items, workers, compute, deadlineMs: 10_000 })));
      t.same([...computed].sort(), [...items].sort(), 'each item computed once');
      for (const results of all) t.same([...results.keys()], items, 'every result, in the order asked');
      for (const results of all) for (const id of items) t.same(results.get(id), { id, square: id.length * id.length });
    }),
    { numRuns: 25, verbose: true },
  );
});

t.test('an item claimed by a process that is gone is computed again; one claimed by a live one that never answers ends at the deadline', async (t) => {
  const kind = 'abandoned';
  mkdirSync(join(root, kind, 'left.claim'), { recursive: true });
  // A pid no process has: beyond the kernel's pid_max.
  writeFileSync(join(root, kind, 'left.claim', 'pid'), String(2 ** 22 + 1));
  const results = await sharedResults({ kind, ids: ['left', 'right'], workers: 1, compute: async (id) => id.toUpperCase(), deadlineMs: 5_000 });
  t.same(
    [...results],
    [
      ['left', 'LEFT'],
      ['right', 'RIGHT'],
    ],
  );

  const stuck = 'stuck';
  mkdirSync(join(root, stuck, 'held.claim'), { recursive: true });
  writeFileSync(join(root, stuck, 'held.claim', 'pid'), String(process.pid));
  await t.rejects(sharedResults({ kind: stuck, ids: ['held'], workers: 1, compute: async () => 1, deadlineMs: 600 }), SharedWorkError);
});

t.test('ids that are not safe file names are refused', async (t) => {
  await t.rejects(sharedResults({ kind: 'bad', ids: ['../x'], workers: 1, compute: async () => 1, deadlineMs: 100 }), RangeError);
});
