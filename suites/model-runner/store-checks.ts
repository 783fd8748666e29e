import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import type { TargetInstance } from '../targets/target.js';
import { serviceEndpoint } from './endpoints.js';

/** A write to the store: create or delete of `namespace/name` (canonical `namespace/name:latest`). */
interface Write {
  readonly kind: 'create' | 'delete';
  readonly name: string;
}

const component = fc.stringMatching(/^[a-z][a-z0-9]{2,7}$/);
const NAMES = ['alpha', 'beta', 'gamma', 'delta'] as const;

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

const canonical = (namespace: string, name: string): string => `${namespace}/${name}:latest`;

/** Sends one write; true when the runner answered 200 (created, or deleted a model it held). */
async function send(client: CheckClient, namespace: string, write: Write, signal?: AbortSignal): Promise<number> {
  const reply =
    write.kind === 'create'
      ? await client.request('POST', '/models/create', { json: { from: `${namespace}/${write.name}` }, ...(signal === undefined ? {} : { signal }) })
      : await client.request('DELETE', `/models/${namespace}/${write.name}`, signal === undefined ? {} : { signal });
  return reply.status;
}

/** What the store must hold after `done` writes were answered: the canonical references. */
function expectedAfter(namespace: string, done: readonly Write[]): Set<string> {
  const held = new Set<string>();
  for (const write of done) {
    if (write.kind === 'create') held.add(canonical(namespace, write.name));
    else held.delete(canonical(namespace, write.name));
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

const listed = async (client: CheckClient, namespace: string): Promise<Set<string>> => (await listing(client, (tag) => tag.startsWith(`${namespace}/`))).held;

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
      fc.tuple(component, writes(6)),
      ([namespace, sequence]) =>
        withOwnRunner(ctx, async (own) => {
          const before = ctx.clientFor(serviceEndpoint(own.current));
          for (const write of sequence) await send(before, namespace, write);
          const held = await listed(before, namespace);
          before.close();
          const expected = expectedAfter(namespace, sequence);
          if (!same(held, expected)) throw new Violation(`before the restart the list is ${show(held)}, not the answered writes' ${show(expected)}`);
          const second = await restarted(own);
          const after = ctx.clientFor(serviceEndpoint(second));
          try {
            const kept = await listed(after, namespace);
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
      fc.tuple(
        component,
        writes(6),
        fc.record({ kind: fc.constantFrom<'create' | 'delete'>('create', 'delete'), name: fc.constantFrom('alpha', 'beta', 'epsilon') }),
      ),
      ([namespace, sequence, inFlight]) =>
        withOwnRunner(ctx, async (own) => {
          const first = own.current;
          const client = ctx.clientFor(serviceEndpoint(first));
          const answered: Write[] = [];
          for (const write of sequence) if ((await send(client, namespace, write)) === 200) answered.push(write);
          // One more write on its way, then the kill: it may or may not have happened.
          const last = send(client, namespace, inFlight).catch(() => 0);
          await first.kill();
          await last;
          client.close();
          const second = await restarted(own);
          const after = ctx.clientFor(serviceEndpoint(second));
          try {
            const kept = await listed(after, namespace);
            const without = expectedAfter(namespace, answered);
            const withIt = expectedAfter(namespace, [...answered, inFlight]);
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
      fc.tuple(component, fc.array(writes(5), { minLength: 2, maxLength: 4 })),
      async ([namespace, writers]) => {
        const endpoint = serviceEndpoint(ctx.instance);
        const clients = writers.map(() => ctx.clientFor(endpoint));
        const reader = ctx.clientFor(endpoint);
        let writing = true;
        try {
          // Each writer its own names, so that the end state is the outcome of its own answered writes.
          const work = writers.map(async (sequence, i) => {
            const ns = `${namespace}w${i}`;
            for (const write of sequence) await send(clients[i]!, ns, write);
          });
          // A record of this case's writes shown without its tag, before or after it had one, was not whole.
          const untagged = new Set<string>();
          const own = new Set<string>();
          const reads = (async () => {
            let count = 0;
            while (writing || count === 0) {
              const seen = await listing(reader, (tag) => writers.some((_, i) => tag.startsWith(`${namespace}w${i}/`)));
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
            const ns = `${namespace}w${i}`;
            const held = await listed(reader, ns);
            const expected = expectedAfter(ns, sequence);
            if (!same(held, expected))
              throw new Violation(`writer ${i} (${sequence.map((w) => `${w.kind} ${w.name}`).join(', ')}) left ${show(held)}, not ${show(expected)}`);
            for (const name of new Set(sequence.map((w) => w.name))) await send(clients[i]!, ns, { kind: 'delete', name });
          }
        } finally {
          writing = false;
          for (const c of [...clients, reader]) c.close();
        }
      },
      options,
      "concurrent readers saw whole records only, and the writers' answered writes stand",
    );
  },
};
