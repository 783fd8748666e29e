import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import type { TargetInstance } from '../targets/target.js';
import { serviceEndpoint } from './endpoints.js';
import { anySpellingOf, inLease } from './leased-references.js';
import { LEASABLE_REFERENCES } from './registry-lease.js';

/** A write to the store: create or delete of the registry reference its name stands for (see {@link References}). */
interface Write {
  readonly kind: 'create' | 'delete';
  readonly name: string;
}

const NAMES = ['alpha', 'beta', 'gamma', 'delta'] as const;
/** The names a write may give, each standing for a registry reference (the runner creates nothing else). */
const ALL_NAMES = [...NAMES, 'epsilon'] as const;

/** Which registry reference (canonical) each name of a sequence stands for. */
type References = ReadonlyMap<string, string>;

const referencesFor = (names: readonly string[], references: readonly string[]): References => new Map(names.map((name, i) => [name, references[i]!]));

/** A runner the check started has a store of its own: its writes need no lease, only references its registry has. */
const OWN_RUNNER_REFERENCES = referencesFor(ALL_NAMES, LEASABLE_REFERENCES);

/**
 * Up to `max` writes. A create names any model; a delete names, three times in four, one the
 * sequence holds at that point (so that a delete answered 200, whose effect the rules judge, comes
 * in most sequences), else any (a delete answered 404 when the model is not held).
 */
const writes = (max: number): fc.Arbitrary<Write[]> =>
  fc
    .array(
      fc.record({
        kind: fc.constantFrom<'create' | 'delete'>('create', 'create', 'delete'),
        name: fc.constantFrom(...NAMES),
        ofHeld: fc.nat(3),
        pick: fc.nat(),
      }),
      { minLength: 1, maxLength: max },
    )
    .map((drawn) => {
      const held: string[] = [];
      return drawn.map(({ kind, name, ofHeld, pick }): Write => {
        const chosen = kind === 'delete' && ofHeld !== 0 && held.length > 0 ? held[pick % held.length]! : name;
        if (kind === 'create' && !held.includes(chosen)) held.push(chosen);
        else if (kind === 'delete' && held.includes(chosen)) held.splice(held.indexOf(chosen), 1);
        return { kind, name: chosen };
      });
    });

const canonical = (references: References, name: string): string => references.get(name)!;

/** Sends one write; true when the runner answered 200 (created, or deleted a model it held). */
async function send(client: CheckClient, references: References, write: Write, signal?: AbortSignal): Promise<number> {
  const reference = canonical(references, write.name);
  const reply =
    write.kind === 'create'
      ? await client.request('POST', '/models/create', { json: { from: reference }, ...(signal === undefined ? {} : { signal }) })
      : await client.request('DELETE', `/models/${reference}`, signal === undefined ? {} : { signal });
  return reply.status;
}

/** What the store must hold after `done` writes were answered: the canonical references. */
function expectedAfter(references: References, done: readonly Write[]): Set<string> {
  const held = new Set<string>();
  for (const write of done) {
    if (write.kind === 'create') held.add(canonical(references, write.name));
    else held.delete(canonical(references, write.name));
  }
  return held;
}

/** What one GET /models showed: the references a case holds, and the ids of the records it showed without a tag. */
interface Listing {
  readonly held: Set<string>;
  readonly untagged: Set<string>;
  /** The ids of the records with a reference of the case's. */
  readonly ids: Set<string>;
}

/** The references GET /models lists that `ours` accepts; the answer must be an array of records (an id, its tags). */
async function listing(client: CheckClient, ours: (tag: string) => boolean): Promise<Listing> {
  const reply = await client.request('GET', '/models');
  if (reply.status !== 200) throw new Violation(`GET /models answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  const records = wellFormedRecords(reply.body);
  const own = records.filter((record) => record.tags.some(ours));
  return {
    held: new Set(own.flatMap((record) => record.tags.filter(ours))),
    untagged: new Set(records.filter((record) => record.tags.length === 0).map((record) => record.id)),
    ids: new Set(own.map((record) => record.id)),
  };
}

const listed = async (client: CheckClient, references: References): Promise<Set<string>> =>
  (await listing(client, anySpellingOf([...references.values()]))).held;

/**
 * Parses a list answer: an array of records, each with an id and its tags. A model may hold no tag
 * (its last one moved to another model by a tag: mr.models.tag), so an empty list of tags is well formed.
 */
function wellFormedRecords(body: string): { id: string; tags: string[] }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Violation(`GET /models answered a body that is not JSON: ${body.slice(0, 200)}`);
  }
  if (!Array.isArray(parsed)) throw new Violation(`GET /models answered no array: ${body.slice(0, 200)}`);
  for (const record of parsed as Record<string, unknown>[]) {
    const tags = record?.['tags'];
    if (typeof record?.['id'] !== 'string' || !Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
      throw new Violation(`GET /models listed a record that is not whole: ${JSON.stringify(record).slice(0, 200)}`);
    }
  }
  return parsed as { id: string; tags: string[] }[];
}

const same = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));
const show = (set: ReadonlySet<string>): string => `[${[...set].sort().join(', ')}]`;

/** The instance a check started, and the one its restarts handed over to. */
interface OwnRunner {
  current: TargetInstance;
}

/** Starts a runner of the check's own (its store is the check's), runs `body`, and stops whichever instance is current. */
async function withOwnRunner(ctx: SuiteContext, body: (own: OwnRunner) => Promise<void>): Promise<void> {
  const started = await ctx.target.start({});
  if (!started.ok) throw new Violation(`the daemon did not start: ${started.output.slice(-300)}`);
  const own: OwnRunner = { current: started.instance };
  try {
    await body(own);
  } finally {
    await own.current.stop();
  }
}

/** Restarts; the new instance becomes current. A daemon that does not come back is a violation. */
async function restarted(own: OwnRunner): Promise<TargetInstance> {
  const outcome = await own.current.restart();
  if (!outcome.ok) throw new Violation(`the daemon did not start again (exit ${outcome.exitCode}): ${outcome.output.slice(-300)}`);
  own.current = outcome.instance;
  return outcome.instance;
}

/** mr.store.persists: what was held before a clean restart is held after it. */
export const persistsCheck: RuleCheck = {
  rule: 'mr.store.persists',
  run(ctx, _api, options) {
    return checkProperty(
      writes(6),
      (sequence) =>
        withOwnRunner(ctx, async (own) => {
          const before = ctx.clientFor(serviceEndpoint(own.current));
          for (const write of sequence) await send(before, OWN_RUNNER_REFERENCES, write);
          const held = await listed(before, OWN_RUNNER_REFERENCES);
          before.close();
          const expected = expectedAfter(OWN_RUNNER_REFERENCES, sequence);
          if (!same(held, expected)) throw new Violation(`before the restart the list is ${show(held)}, not the answered writes' ${show(expected)}`);
          const second = await restarted(own);
          const after = ctx.clientFor(serviceEndpoint(second));
          try {
            const kept = await listed(after, OWN_RUNNER_REFERENCES);
            if (!same(kept, held))
              throw new Violation(`after ${sequence.map((w) => `${w.kind} ${w.name}`).join(', ')} and a restart, the list is ${show(kept)}, not ${show(held)}`);
          } finally {
            after.close();
          }
        }),
      { ...options, numRuns: ctx.numStarts },
      'models held before a restart are held after it, deleted ones stay deleted',
    );
  },
};

/** mr.store.crash-safe: SIGKILL while a write is in flight loses no answered write. */
export const crashSafeCheck: RuleCheck = {
  rule: 'mr.store.crash-safe',
  run(ctx, _api, options) {
    return checkProperty(
      fc.tuple(writes(6), fc.record({ kind: fc.constantFrom<'create' | 'delete'>('create', 'delete'), name: fc.constantFrom('alpha', 'beta', 'epsilon') })),
      ([sequence, inFlight]) =>
        withOwnRunner(ctx, async (own) => {
          const first = own.current;
          const client = ctx.clientFor(serviceEndpoint(first));
          const answered: Write[] = [];
          for (const write of sequence) if ((await send(client, OWN_RUNNER_REFERENCES, write)) === 200) answered.push(write);
          // One more write on its way, then the kill: it may or may not have happened.
          const last = send(client, OWN_RUNNER_REFERENCES, inFlight).catch(() => 0);
          await first.kill();
          await last;
          client.close();
          const second = await restarted(own);
          const after = ctx.clientFor(serviceEndpoint(second));
          try {
            const kept = await listed(after, OWN_RUNNER_REFERENCES);
            const without = expectedAfter(OWN_RUNNER_REFERENCES, answered);
            const withIt = expectedAfter(OWN_RUNNER_REFERENCES, [...answered, inFlight]);
            if (!same(kept, without) && !same(kept, withIt)) {
              throw new Violation(
                `after the answered writes ${answered.map((w) => `${w.kind} ${w.name}`).join(', ')}, a kill during ${inFlight.kind} ${inFlight.name} and a start, the list is ${show(kept)}: expected ${show(without)} or ${show(withIt)}`,
              );
            }
          } finally {
            after.close();
          }
        }),
      { ...options, numRuns: ctx.numStarts },
      'after SIGKILL during a write, every answered write is in effect and the store opens',
    );
  },
};

/** mr.store.concurrent: readers during concurrent writes see whole records only. */
export const concurrentCheck: RuleCheck = {
  rule: 'mr.store.concurrent',
  run(ctx, _api, options) {
    return checkProperty(
      fc.array(writes(5), { minLength: 2, maxLength: 4 }),
      async (writers) => {
        const endpoint = serviceEndpoint(ctx.instance);
        const reader = ctx.clientFor(endpoint);
        try {
          // Each writer registry references of its own (leased: cells share the runner), so that the
          // end state is the outcome of its own answered writes.
          await inLease(ctx, reader, writers.length * NAMES.length, async ({ references }) => {
            const own = writers.map((_, i) => referencesFor(NAMES, references.slice(i * NAMES.length, (i + 1) * NAMES.length)));
            await concurrently(ctx, reader, writers, own);
          });
        } finally {
          reader.close();
        }
      },
      options,
      "concurrent readers saw whole records only, and the writers' answered writes stand",
    );
  },
};

/** The writers' sequences, each with its own clients and references, while `reader` lists; then each writer's end state. */
async function concurrently(ctx: SuiteContext, reader: CheckClient, writers: readonly Write[][], references: readonly References[]): Promise<void> {
  const clients = writers.map(() => ctx.clientFor(serviceEndpoint(ctx.instance)));
  const ours = anySpellingOf(references.flatMap((table) => [...table.values()]));
  let writing = true;
  try {
    const work = writers.map(async (sequence, i) => {
      for (const write of sequence) await send(clients[i]!, references[i]!, write);
    });
    // A record of this case's writes shown without its tag, before or after it had one, was not whole.
    const untagged = new Set<string>();
    const own = new Set<string>();
    const reads = (async () => {
      let count = 0;
      while (writing || count === 0) {
        const seen = await listing(reader, ours);
        for (const id of seen.untagged) untagged.add(id);
        for (const id of seen.ids) own.add(id);
        const torn = [...own].find((id) => untagged.has(id));
        if (torn !== undefined) throw new Violation(`GET /models listed ${torn}, a record of this case's creates, without its tag (not whole)`);
        count++;
      }
      return count;
    })();
    // Together: a reader's violation ends the case at once, and the writers' later failures are handled.
    await Promise.all([Promise.all(work).finally(() => (writing = false)), reads]);
    for (const [i, sequence] of writers.entries()) {
      const held = await listed(reader, references[i]!);
      const expected = expectedAfter(references[i]!, sequence);
      if (!same(held, expected))
        throw new Violation(`writer ${i} (${sequence.map((w) => `${w.kind} ${w.name}`).join(', ')}) left ${show(held)}, not ${show(expected)}`);
    }
  } finally {
    writing = false;
    for (const c of clients) c.close();
  }
}
