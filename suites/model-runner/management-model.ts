import fc from 'fast-check';
import type { CheckClient } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Unjudgeable, Violation } from '../harness/verdict.js';
import { heldAs, inLease, spell, spelling, splitReference, type Spelling } from './leased-references.js';
import { listRecords, type ModelRecordView, openAiIds, ownTags, sameItems, sendCreate, show } from './management-calls.js';
import { clip } from './openai-calls.js';
import { bind, modelPath, validReference, type ValidReference } from './reference-arbitraries.js';
import type { RuleId } from '../../specs/catalogue.js';

/**
 * A model-based test of the management endpoints: create, name (tag), get, delete and list commands
 * over a few references, against a model of what the store holds. The runner creates only what its
 * registry has: the case leases registry references (slots) and creates those; generated references
 * of the grammar come in as names of a held slot model (POST /models/{name}/tag). Which predictions a run asserts is its
 * lens: mr.models.list judges the list, mr.models.delete the deletes; the other commands only keep
 * the model in step with what the runner answered.
 */
type Lens = 'list' | 'delete';

interface Model {
  /** The slots' registry references (canonical): a name is given only to a held one. */
  readonly slots: readonly string[];
  /** Canonical references the runner holds, as far as its answers say. */
  readonly held: Set<string>;
  /** Canonical references deleted (200) and not created since: gone everywhere. */
  readonly gone: Set<string>;
}

interface Real {
  readonly client: CheckClient;
  /** The case's leased registry references: a command names one by its slot. */
  readonly references: readonly string[];
  /** The case's namespace, and the generated names in it (templates), after the slots. */
  readonly namespace: string;
  readonly names: readonly ValidReference[];
  readonly lens: Lens;
}

/** Slot `at` in a command's spelling, or (after the slots) a generated name, bound to the case's namespace. */
const referenceOf = (at: number, how: Spelling, real: Real): ValidReference => {
  if (at < SLOTS) return spell(real.references[at]!, how);
  const name = real.names[at - SLOTS]!;
  return { text: bind(name.text, real.namespace), canonical: bind(name.canonical, real.namespace), tagged: name.tagged };
};
/** A spelling as a counterexample shows it. */
const described = (how: Spelling): string => `${how.mask === 0 ? '' : ` case mask ${how.mask}`}${how.omitLatest ? ' without :latest' : ''}`;
const canonicalOf = (at: number, real: Real): string => referenceOf(at, { mask: 0, omitLatest: false }, real).canonical;
/** Slot `at`, or name `at - SLOTS`, as a counterexample shows it. */
const pickShown = (at: number, how: Spelling): string => (at < SLOTS ? `#${at}${described(how)}` : `name ${at - SLOTS}`);

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly how: Spelling,
  ) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const text = referenceOf(this.slot, this.how, real).text;
    const reply = await sendCreate(real.client, text);
    // A refused create is mr.models.create's failure: without it there is nothing to list or delete.
    if (reply.status !== 200) throw new Unjudgeable(`POST /models/create {"from": ${JSON.stringify(text)}} answered ${reply.status}: ${clip(reply.body)}`);
    model.held.add(canonicalOf(this.slot, real));
    model.gone.delete(canonicalOf(this.slot, real));
  }
  toString = (): string => `create #${this.slot}${described(this.how)}`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly how: Spelling,
  ) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const canonical = canonicalOf(this.slot, real);
    const path = `/models/${modelPath(referenceOf(this.slot, this.how, real), '')}`;
    const reply = await real.client.request('DELETE', path);
    const wasHeld = model.held.has(canonical);
    if (real.lens === 'delete') {
      const expected = wasHeld ? 200 : 404;
      if (reply.status !== expected)
        throw new Violation(`DELETE ${path} (${wasHeld ? 'held' : 'not held'}) answered ${reply.status}, not ${expected}: ${clip(reply.body)}`);
    } else if (reply.status !== 200 && reply.status !== 404) {
      throw new Unjudgeable(`DELETE ${path} answered ${reply.status}: ${clip(reply.body)}`);
    }
    if (reply.status !== 200) return;
    model.held.delete(canonical);
    model.gone.add(canonical);
    if (real.lens === 'delete') await goneEverywhere(real, [canonical], `after DELETE ${path}`);
  }
  toString = (): string => `delete ${pickShown(this.slot, this.how)}`;
}

class Get implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly how: Spelling,
  ) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const path = `/models/${modelPath(referenceOf(this.slot, this.how, real), '')}`;
    const reply = await real.client.request('GET', path);
    if (real.lens === 'delete' && model.gone.has(canonicalOf(this.slot, real)) && reply.status !== 404) {
      throw new Violation(`GET ${path} of a deleted model answered ${reply.status}, not 404: ${clip(reply.body)}`);
    }
  }
  toString = (): string => `get ${pickShown(this.slot, this.how)}`;
}

/** A generated name given to a held slot's model: POST /models/{slot}/tag?repo=…&tag=…. */
class Name implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly name: number,
  ) {}
  check = (model: Model): boolean => model.held.has(model.slots[this.slot]!);
  async run(model: Model, real: Real): Promise<void> {
    const source = real.references[this.slot]!;
    const target = referenceOf(SLOTS + this.name, { mask: 0, omitLatest: false }, real);
    const { repo, tag } = splitReference(target.canonical);
    const path = `/models/${source}/tag?repo=${encodeURIComponent(splitReference(target.text).repo)}&tag=${encodeURIComponent(tag)}`;
    const reply = await real.client.request('POST', path);
    // A refused tag is mr.models.tag's failure: without it there is no name to list or delete.
    if (reply.status < 200 || reply.status > 299) throw new Unjudgeable(`POST ${path} (${repo}:${tag}) answered ${reply.status}: ${clip(reply.body)}`);
    model.held.add(target.canonical);
    model.gone.delete(target.canonical);
  }
  toString = (): string => `name #${this.slot} as name ${this.name}`;
}

/** The listed tags that are the case's: its registry references in any spelling, and its namespace's. */
const caseTags = (records: readonly ModelRecordView[], real: Real): string[] => [...heldAs(records, real.references), ...ownTags(records, real.namespace)];

class List implements fc.AsyncCommand<Model, Real> {
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    if (real.lens === 'delete') return goneEverywhere(real, [...model.gone], 'after the deletes');
    const tags = caseTags(await listRecords(real.client), real);
    if (!sameItems(tags, [...model.held]))
      throw new Violation(
        `GET /models lists ${show(tags)} of the case's references (${show(real.references)} and names in ${real.namespace}/); the answered creates, tags and deletes leave ${show(model.held)}, each once`,
      );
  }
  toString = (): string => 'list';
}

/** A deleted model is in neither list, and GET answers 404 (mr.models.delete's "gone everywhere"). */
async function goneEverywhere(real: Real, gone: readonly string[], when: string): Promise<void> {
  if (gone.length === 0) return;
  const listed = caseTags(await listRecords(real.client), real).filter((tag) => gone.includes(tag));
  if (listed.length > 0) throw new Violation(`${when}, GET /models still lists ${show(listed)}`);
  const ids = (await openAiIds(real.client)).filter((id) => gone.includes(id));
  if (ids.length > 0) throw new Violation(`${when}, GET /engines/v1/models still lists ${show(ids)}`);
  for (const canonical of gone) {
    const reply = await real.client.request('GET', `/models/${canonical}`);
    if (reply.status !== 404) throw new Violation(`${when}, GET /models/${canonical} answered ${reply.status}, not 404: ${clip(reply.body)}`);
  }
}

/**
 * Three leased references (few, so that sequences create, delete and re-create the same ones), two
 * generated names, and up to 8 commands over them; slots in generated spellings.
 */
const SLOTS = 3;
const NAMES = 2;
const slot = fc.nat(SLOTS - 1);
const pick = fc.nat(SLOTS + NAMES - 1);
const scenario = fc.tuple(
  fc.uniqueArray(validReference, { minLength: NAMES, maxLength: NAMES, selector: (ref) => ref.canonical }),
  fc.commands(
    [
      fc.tuple(slot, spelling).map(([at, how]) => new Create(at, how)),
      fc.tuple(slot, fc.nat(NAMES - 1)).map(([at, name]) => new Name(at, name)),
      fc.tuple(pick, spelling).map(([at, how]) => new Delete(at, how)),
      fc.tuple(pick, spelling).map(([at, how]) => new Get(at, how)),
      fc.constant(new List()),
    ],
    { maxCommands: 8 },
  ),
);

function modelCheck(rule: RuleId, lens: Lens, summary: string): RuleCheck {
  return runnerCheck({
    rule,
    via: 'service',
    model: false,
    cases: () => scenario,
    judge: ([names, commands], { client, ctx }) =>
      inLease(ctx, client, SLOTS, async ({ references, namespace }) => {
        const real: Real = { client, references, namespace, names, lens };
        const model: Model = { slots: references, held: new Set(), gone: new Set() };
        await fc.asyncModelRun(() => ({ model, real }), commands);
        // Every sequence ends with the list, whether or not it listed before.
        await new List().run(model, real);
      }),
    summary,
  });
}

/** mr.models.list: after generated creates and deletes, the list holds exactly the models held, each once. */
export const listCheck = modelCheck(
  'mr.models.list',
  'list',
  'after generated creates and deletes, GET /models was an array of whole records holding exactly the models held, each once',
);

/** mr.models.delete: 200 for a held model, 404 otherwise, and the model gone everywhere after. */
export const deleteCheck = modelCheck(
  'mr.models.delete',
  'delete',
  'deletes answered 200 for held models and 404 otherwise, and deleted models were gone from both lists and GET',
);
