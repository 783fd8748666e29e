import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { badCreateBody, type BadCreateBody } from './create-body-arbitraries.js';
import { heldAs, inLease, isLatest, spell, spelling, splitReference, tagOrFail, type Spelling } from './leased-references.js';
import {
  cleanUp,
  createOrFail,
  endsInSuccess,
  freshNamespace,
  lastLine,
  listRecords,
  openAiIds,
  ownTags,
  sameItems,
  saysCached,
  sendCreate,
  show,
} from './management-calls.js';
import { clip } from './openai-calls.js';
import { bareReference, bind, component, invalidReference, modelPath, tag, validReference, withCase, type ValidReference } from './reference-arbitraries.js';
import type { Reading } from '../harness/property.js';
import type { RuleId } from '../../specs/catalogue.js';

/** Several valid references with distinct canonical forms. */
const distinctReferences = (min: number, max: number) => fc.uniqueArray(validReference, { minLength: min, maxLength: max, selector: (ref) => ref.canonical });

/** GET /models/{path}: the answer and, when 200, its JSON (a body that is not JSON is a Violation). */
async function getRecord(client: CheckClient, path: string): Promise<{ status: number; record: unknown; body: string }> {
  const reply = await client.request('GET', `/models/${path}`);
  if (reply.status !== 200) return { status: reply.status, record: undefined, body: reply.body };
  try {
    return { status: 200, record: JSON.parse(reply.body) as unknown, body: reply.body };
  } catch {
    throw new Violation(`GET /models/${path} answered 200 with a body that is not JSON: ${clip(reply.body)}`);
  }
}

/** What a case of a service check runs with. */
interface ServiceCase {
  readonly client: CheckClient;
  readonly ctx: SuiteContext;
  readonly reading: Reading;
}

/** A check on the service root over TCP; each case leases what it creates (see leased-references.ts). */
function serviceCheck<T>(rule: RuleId, arbitrary: fc.Arbitrary<T>, summary: string, body: (value: T, at: ServiceCase) => Promise<void>): RuleCheck {
  return runnerCheck({
    rule,
    via: 'service',
    model: false,
    cases: () => arbitrary,
    judge: (value, { client, ctx, options }) => body(value, { client, ctx, reading: options.reading ?? 'strict' }),
    summary,
  });
}

/** A registry reference without its namespace (`ai/smollm2:tag` → `smollm2:tag`), in a spelling: the real service takes it into "ai". */
const withoutNamespace = (reference: string, how: Spelling): string => spell(reference, how).text.replace(/^[^/]*\//, '');

/**
 * mr.reference.format: references of the form are taken, others refused with 400 and nothing
 * added. The runner creates only what its registry has, so a registry reference (in a generated
 * spelling) is created, and the generated references of the grammar are taken as names of it
 * (POST /models/{name}/tag, which pulls nothing): the grammar's reach is the tag target's.
 */
export const referenceFormatCheck = serviceCheck(
  'mr.reference.format',
  fc.record({
    valid: distinctReferences(1, 3),
    bare: fc.uniqueArray(bareReference, { maxLength: 2, selector: (ref) => ref.canonical }),
    invalid: fc.array(invalidReference, { minLength: 1, maxLength: 4 }),
    spelled: spelling,
    bareSpelled: fc.option(spelling, { nil: undefined }),
  }),
  'a registry reference of the form <namespace>/<name> was created (200) and generated ones of the form named it (tag, 2xx); others were refused with 400 and added nothing to the list',
  ({ valid, bare, invalid: others, spelled, bareSpelled }, { client, ctx, reading }) =>
    inLease(
      ctx,
      client,
      1,
      async ({ references: [base], namespace: ns }) => {
        const registry = base!;
        // A reference without namespace is not of the document's form: refused by the strict reading,
        // taken as ai/<name> by the other (Docker Model Runner's normalisation).
        const named = reading === 'other' ? [...valid, ...bare] : valid;
        const bareText = bareSpelled === undefined ? undefined : withoutNamespace(registry, bareSpelled);
        const invalid =
          reading === 'other'
            ? others
            : [
                ...others,
                ...bare.map((ref) => ({ text: ref.text, why: 'no namespace: not <namespace>/<name>' })),
                ...(bareText === undefined ? [] : [{ text: bareText, why: `no namespace: not <namespace>/<name> (${registry} without "ai/")` }]),
              ];
        const created = spell(registry, spelled);
        await createOrFail(client, created.text, ` (a registry reference, canonical ${registry})`);
        if (reading === 'other' && bareText !== undefined) await createOrFail(client, bareText, ` (${registry} without its namespace)`);
        for (const ref of named) await tagOrFail(client, registry, bind(ref.text, ns), ` (a valid reference, canonical ${bind(ref.canonical, ns)})`);
        // Whether the list shows what was created is mr.models.list's to judge; here, that invalid ones add nothing to it.
        const before = ownTags(await listRecords(client), ns);
        for (const ref of invalid) {
          const text = bind(ref.text, ns);
          const reply = await sendCreate(client, text);
          if (reply.status !== 400)
            throw new Violation(
              `POST /models/create {"from": ${JSON.stringify(text)}} (invalid: ${ref.why}) answered ${reply.status}, not 400: ${clip(reply.body)}`,
            );
        }
        const after = ownTags(await listRecords(client), ns);
        if (!sameItems(after, before))
          throw new Violation(
            `after refusing ${show(invalid.map((ref) => JSON.stringify(bind(ref.text, ns))))}, GET /models lists ${show(after)} in the case's namespace, not ${show(before)} as before them`,
          );
      },
      // Without namespace, only a reference of "ai" names a registry model.
      bareSpelled === undefined ? undefined : (reference) => reference.startsWith('ai/'),
    ),
);

/** A tag with upper case in it: its lower-cased spelling is another tag (never latest, the case's plain reference). */
const tagWithUpperCase = tag.filter((t) => t !== t.toLowerCase() && t.toLowerCase() !== 'latest');

/**
 * mr.reference.normalised: with or without :latest, whatever the case of the name, the same model;
 * the tag's case kept. The spellings are those of a registry `:latest` reference (the runner creates
 * nothing else); the tag's case is judged on a registry reference whose tag has upper case, and on
 * names of the case's own given by POST /models/{name}/tag.
 */
export const referenceNormalisedCheck = serviceCheck(
  'mr.reference.normalised',
  fc.record({
    mask: fc.nat(),
    upperNamespace: fc.boolean(),
    createMixed: fc.boolean(),
    name: component,
    upperTag: fc.option(tagWithUpperCase, { nil: undefined }),
  }),
  'ns/name, ns/name:latest and the name in other cases answered the same record; creating them again was cached; a tag and its lower-cased spelling were two references',
  ({ mask, upperNamespace, createMixed, name, upperTag }, { client, ctx }) =>
    inLease(
      ctx,
      client,
      1,
      async ({ references: [registry], namespace: ns }) => {
        const plain = splitReference(registry!).repo;
        const [namespace = '', rest = ''] = plain.split('/');
        const cased = `${upperNamespace ? namespace.toUpperCase() : namespace}/${withCase(rest, mask)}`;
        // Always another spelling.
        const mixed = cased === plain ? plain.toUpperCase() : cased;
        await createOrFail(client, createMixed ? mixed : plain);
        const first = await getRecord(client, plain);
        if (first.status !== 200)
          throw new Violation(`after creating ${createMixed ? mixed : plain}, GET /models/${plain} answered ${first.status}: ${clip(first.body)}`);
        for (const spelling of [`${plain}:latest`, mixed, `${mixed}:latest`]) {
          const other = await getRecord(client, spelling);
          if (other.status !== 200)
            throw new Violation(`GET /models/${spelling} answered ${other.status} while GET /models/${plain} answers 200: ${clip(other.body)}`);
          if (!isDeepStrictEqual(other.record, first.record))
            throw new Violation(`GET /models/${spelling} answered ${clip(other.body)}, not the record of GET /models/${plain}: ${clip(first.body)}`);
        }
        // Cached: the runner takes the other spellings for the model it holds. Its words ("Using cached
        // model") are mr.models.create.cached's to judge; here, that no second model comes of it.
        for (const again of [`${plain}:latest`, createMixed ? plain : mixed])
          await createOrFail(client, again, ` (after creating ${createMixed ? mixed : plain})`);
        const after = await getRecord(client, plain);
        if (!isDeepStrictEqual(after.record, first.record))
          throw new Violation(
            `after creating ${plain}:latest and ${createMixed ? plain : mixed} again, GET /models/${plain} answers ${clip(after.body)}, not the record held before: ${clip(first.body)}`,
          );
        const spellings = heldAs(await listRecords(client), [`${plain}:latest`]);
        if (!sameItems(spellings, [`${plain}:latest`]))
          throw new Violation(`after creating ${plain} in several spellings, GET /models lists ${show(spellings)}, not ${plain}:latest once`);
        // The tag keeps its case: a registry reference whose tag has upper case is held as created,
        // and its lower-cased spelling is another reference (not held).
        await inLease(
          ctx,
          client,
          1,
          async ({ references: [registryTagged] }) => {
            const created = spell(registryTagged!, { mask, omitLatest: false });
            await createOrFail(client, created.text);
            const listed = heldAs(await listRecords(client), [registryTagged!]);
            if (!sameItems(listed, [registryTagged!]))
              throw new Violation(`after creating ${created.text}, GET /models lists ${show(listed)}, not ${registryTagged} once: a tag keeps its case`);
            const lowered = `${splitReference(registryTagged!).repo}:${splitReference(registryTagged!).tag.toLowerCase()}`;
            const other = await getRecord(client, lowered);
            if (other.status !== 404)
              throw new Violation(
                `after creating ${created.text}, GET /models/${lowered} answered ${other.status}, not 404: a tag keeps its case, ${lowered} is not held`,
              );
          },
          hasUpperCaseTag,
        );
        if (upperTag === undefined) return;
        // Names of the case's own, by tags: ns/name:Tag and ns/name:tag are two references (of one model or two).
        const [kept, lowered] = [`${ns}/${name}:${upperTag}`, `${ns}/${name}:${upperTag.toLowerCase()}`];
        for (const reference of [kept, lowered]) await tagOrFail(client, plain, reference);
        const tagged = ownTags(await listRecords(client), ns);
        if (!sameItems(tagged, [kept, lowered]))
          throw new Violation(`after tagging ${plain} with ${kept} and ${lowered}, GET /models lists ${show(tagged)}, not the two: a tag keeps its case`);
      },
      isLatest,
    ),
);

/** A registry reference whose tag has upper case (its lower-cased spelling is another reference). */
const hasUpperCaseTag = (reference: string): boolean => {
  const { tag: t } = splitReference(reference);
  return t !== t.toLowerCase();
};

/**
 * mr.models.create: created models are in GET /models, GET /models/{namespace}/{name} and the
 * OpenAI list. Registry references in generated spellings: the runner creates nothing else.
 */
export const createCheck = serviceCheck(
  'mr.models.create',
  fc.record({ count: fc.integer({ min: 1, max: 2 }), spellings: fc.array(spelling, { minLength: 2, maxLength: 2 }) }),
  'each create answered 200 ending in success, and the model was then in GET /models, GET /models/{namespace}/{name} and the OpenAI list',
  ({ count, spellings }, { client, ctx }) =>
    inLease(ctx, client, count, async ({ references }) => {
      for (const [i, canonical] of references.entries()) {
        const ref = spell(canonical, spellings[i]!);
        const text = ref.text;
        const reply = await createOrFail(client, text);
        if (!endsInSuccess(reply.body))
          throw new Violation(
            `POST /models/create {"from": ${JSON.stringify(text)}} answered 200, but its last line is no success: ${clip(lastLine(reply.body))}`,
          );
        const listed = heldAs(await listRecords(client), references);
        if (!listed.includes(canonical))
          throw new Violation(`after POST /models/create {"from": ${JSON.stringify(text)}}, GET /models does not list ${canonical}: ${show(listed)}`);
        const path = modelPath(ref, '');
        const got = await getRecord(client, path);
        if (got.status !== 200) throw new Violation(`after creating ${text}, GET /models/${path} answered ${got.status}: ${clip(got.body)}`);
        const tags = (got.record as { tags?: unknown } | null)?.tags;
        if (!Array.isArray(tags) || !tags.includes(canonical))
          throw new Violation(`after creating ${text}, GET /models/${path} answered a record without ${canonical} among its tags: ${clip(got.body)}`);
        const ids = await openAiIds(client);
        if (!ids.includes(canonical))
          throw new Violation(
            `after creating ${text}, GET /engines/v1/models does not list ${canonical}: ${show(ids.filter((id) => id.toLowerCase().includes(splitReference(canonical).repo)))}`,
          );
      }
    }),
);

/** mr.models.create.bad-body: 400, and nothing is added. */
export const createBadBodyCheck = serviceCheck(
  'mr.models.create.bad-body',
  fc.array(badCreateBody, { minLength: 1, maxLength: 4 }),
  'bodies that are not an object with a non-empty string "from" were refused with 400, and the list gained nothing',
  async (bodies, { client }) => {
    const ns = freshNamespace();
    try {
      await refuseBadBodies(client, bodies, ns);
    } finally {
      await cleanUp(client, ns);
    }
  },
);

async function refuseBadBodies(client: CheckClient, bodies: readonly BadCreateBody[], ns: string): Promise<void> {
  for (const bad of bodies) {
    const body = bind(bad.text, ns);
    const reply = await client.request('POST', '/models/create', { body, headers: { 'Content-Type': 'application/json', Accept: 'application/json' } });
    if (reply.status !== 400)
      throw new Violation(`POST /models/create with ${JSON.stringify(body)} (${bad.why}) answered ${reply.status}, not 400: ${clip(reply.body)}`);
  }
  const tags = ownTags(await listRecords(client), ns);
  if (tags.length > 0)
    throw new Violation(`after refused create bodies ${show(bodies.map((bad) => JSON.stringify(bind(bad.text, ns))))}, GET /models lists ${show(tags)}`);
}

/** mr.models.create.cached: a second create is 200, says "Using cached model", and the model is listed once. */
export const createCachedCheck = serviceCheck(
  'mr.models.create.cached',
  fc.record({ spelled: fc.array(spelling, { minLength: 3, maxLength: 3 }), again: fc.integer({ min: 1, max: 2 }) }),
  'creating a held model again (in generated spellings) answered 200 with "Using cached model", and the list held it once',
  ({ spelled, again }, { client, ctx }) =>
    inLease(ctx, client, 1, async ({ references: [registry] }) => {
      const canonical = registry!;
      const text = spell(canonical, spelled[0]!).text;
      await createOrFail(client, text);
      const sent = [text];
      for (let i = 1; i <= again; i++) {
        const next = spell(canonical, spelled[i]!).text;
        sent.push(next);
        const reply = await createOrFail(client, next, ` a second time (first as ${text})`);
        if (!saysCached(reply.body))
          throw new Violation(`POST /models/create {"from": ${JSON.stringify(next)}} after ${text} does not say "Using cached model": ${clip(reply.body)}`);
      }
      const tags = heldAs(await listRecords(client), [canonical]);
      if (!sameItems(tags, [canonical])) throw new Violation(`after creating ${show(sent)}, GET /models lists ${show(tags)}, not [${canonical}] once`);
    }),
);

/**
 * mr.models.get: a held model's record (its reference among its tags, equal to its list entry);
 * 404 otherwise. The case holds a registry reference and gives it the generated held references
 * as names (POST /models/{name}/tag): the grammar's reach is GET's.
 */
export const getCheck = serviceCheck(
  'mr.models.get',
  fc
    .record({ pairs: fc.array(fc.tuple(validReference, fc.boolean()), { minLength: 1, maxLength: 4 }), spelled: spelling })
    .map(({ pairs, spelled }) => ({ refs: uniqueHeld(pairs), spelled })),
  'held models answered their record, equal to their list entry; others answered 404',
  ({ refs: generated, spelled }, { client, ctx }) =>
    inLease(ctx, client, 1, async ({ references: [registry], namespace: ns }) => {
      const base = spell(registry!, spelled);
      await createOrFail(client, base.text);
      for (const { ref, held } of generated) if (held) await tagOrFail(client, registry!, bind(ref.text, ns));
      const records = await listRecords(client);
      for (const { ref, held } of [{ ref: base, held: true }, ...generated]) {
        const path = modelPath(ref, ns);
        const canonical = bind(ref.canonical, ns);
        const got = await getRecord(client, path);
        if (!held) {
          if (got.status !== 404) throw new Violation(`GET /models/${path} (never created) answered ${got.status}, not 404: ${clip(got.body)}`);
          continue;
        }
        const how = ref === base ? `created as ${base.text}` : `given by tagging ${registry} with ${bind(ref.text, ns)}`;
        if (got.status !== 200) throw new Violation(`GET /models/${path} (${how}) answered ${got.status}: ${clip(got.body)}`);
        const tags = (got.record as { tags?: unknown } | null)?.tags;
        if (!Array.isArray(tags) || !tags.includes(canonical))
          throw new Violation(`GET /models/${path} answered a record without ${canonical} among its tags: ${clip(got.body)}`);
        // A held model the list leaves out is mr.models.list's failure: there is no entry to compare with.
        const entry = records.find((record) => record.tags.includes(canonical));
        if (entry !== undefined && !isDeepStrictEqual(got.record, entry))
          throw new Violation(`GET /models/${path} answered ${clip(got.body)}, not its entry in GET /models: ${clip(JSON.stringify(entry))}`);
      }
    }),
);

/** Distinct canonical forms; a reference both held and not is held. */
function uniqueHeld(pairs: readonly (readonly [ValidReference, boolean])[]): { ref: ValidReference; held: boolean }[] {
  const byCanonical = new Map<string, { ref: ValidReference; held: boolean }>();
  for (const [ref, held] of pairs) {
    const seen = byCanonical.get(ref.canonical);
    byCanonical.set(ref.canonical, { ref: seen?.ref ?? ref, held: held || (seen?.held ?? false) });
  }
  return [...byCanonical.values()];
}
