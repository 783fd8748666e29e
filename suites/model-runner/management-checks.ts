import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckClient } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { badCreateBody } from './create-body-arbitraries.js';
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

/** Runs `body` with the service client and a fresh namespace per case, cleaning the namespace up after. */
function inNamespace<T>(client: CheckClient, body: (value: T, namespace: string) => Promise<void>): (value: T) => Promise<void> {
  return async (value) => {
    const namespace = freshNamespace();
    try {
      await body(value, namespace);
    } finally {
      await cleanUp(client, namespace);
    }
  };
}

/** A check on the service root over TCP whose cases each run in a fresh namespace. */
function serviceCheck<T>(
  rule: RuleId,
  arbitrary: fc.Arbitrary<T>,
  summary: string,
  body: (client: CheckClient, value: T, namespace: string, reading: Reading) => Promise<void>,
): RuleCheck {
  return runnerCheck({
    rule,
    via: 'service',
    model: false,
    cases: () => arbitrary,
    judge: (value, { client, options }) => inNamespace(client, (v: T, namespace) => body(client, v, namespace, options.reading ?? 'strict'))(value),
    summary,
  });
}

/** mr.reference.format: valid references are created, invalid ones refused with 400 and nothing added. */
export const referenceFormatCheck = serviceCheck(
  'mr.reference.format',
  fc.record({
    valid: distinctReferences(1, 3),
    bare: fc.uniqueArray(bareReference, { maxLength: 2, selector: (ref) => ref.canonical }),
    invalid: fc.array(invalidReference, { minLength: 1, maxLength: 4 }),
  }),
  'references of the form <namespace>/<name> were created (200); others were refused with 400 and added nothing to the list',
  async (client, { valid, bare, invalid: others }, ns, reading) => {
    // A reference without namespace is not of the document's form: refused by the strict reading,
    // taken as ai/<name> by the other (Docker Model Runner's normalisation).
    const created = reading === 'other' ? [...valid, ...bare] : valid;
    const invalid = reading === 'other' ? others : [...others, ...bare.map((ref) => ({ text: ref.text, why: 'no namespace: not <namespace>/<name>' }))];
    for (const ref of created) await createOrFail(client, bind(ref.text, ns), ` (a valid reference, canonical ${bind(ref.canonical, ns)})`);
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
);

/** A tag with upper case in it: its lower-cased spelling is another tag (never latest, the case's plain reference). */
const tagWithUpperCase = tag.filter((t) => t !== t.toLowerCase() && t.toLowerCase() !== 'latest');

/** mr.reference.normalised: with or without :latest, whatever the case of the name, the same model; the tag's case kept. */
export const referenceNormalisedCheck = serviceCheck(
  'mr.reference.normalised',
  fc.record({
    name: component,
    mask: fc.nat(),
    upperNamespace: fc.boolean(),
    createMixed: fc.boolean(),
    upperTag: fc.option(tagWithUpperCase, { nil: undefined }),
  }),
  'ns/name, ns/name:latest and the name in other cases answered the same record; creating them again was cached; a tag and its lower-cased spelling were two references',
  async (client, { name, mask, upperNamespace, createMixed, upperTag }, ns) => {
    const plain = `${ns}/${name}`;
    // Always another spelling: the namespace begins with a letter to upper-case.
    const mixedNamespace = upperNamespace || withCase(name, mask) === name ? ns.toUpperCase() : ns;
    const mixed = `${mixedNamespace}/${withCase(name, mask)}`;
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
    for (const again of [`${plain}:latest`, createMixed ? plain : mixed]) await createOrFail(client, again, ` (after creating ${createMixed ? mixed : plain})`);
    const after = await getRecord(client, plain);
    if (!isDeepStrictEqual(after.record, first.record))
      throw new Violation(
        `after creating ${plain}:latest and ${createMixed ? plain : mixed} again, GET /models/${plain} answers ${clip(after.body)}, not the record held before: ${clip(first.body)}`,
      );
    const others = ownTags(await listRecords(client), ns).filter((tag, i, all) => tag !== `${plain}:latest` || all.indexOf(tag) !== i);
    if (others.length > 0) throw new Violation(`after creating ${plain} in several spellings, GET /models lists ${show(others)} beside ${plain}:latest`);
    if (upperTag === undefined) return;
    // The tag keeps its case: ns/name:Tag and ns/name:tag are two references (of one model or two).
    const [kept, lowered] = [`${plain}:${upperTag}`, `${plain}:${upperTag.toLowerCase()}`];
    for (const reference of [kept, lowered]) await createOrFail(client, reference);
    const tagged = ownTags(await listRecords(client), ns).filter((t) => t !== `${plain}:latest`);
    if (!sameItems(tagged, [kept, lowered]))
      throw new Violation(`after creating ${kept} and ${lowered}, GET /models lists ${show(tagged)} beside ${plain}:latest, not the two: a tag keeps its case`);
  },
);

/** mr.models.create: created models are in GET /models, GET /models/{namespace}/{name} and the OpenAI list. */
export const createCheck = serviceCheck(
  'mr.models.create',
  distinctReferences(1, 2),
  'each create answered 200 ending in success, and the model was then in GET /models, GET /models/{namespace}/{name} and the OpenAI list',
  async (client, refs, ns) => {
    for (const ref of refs) {
      const text = bind(ref.text, ns);
      const canonical = bind(ref.canonical, ns);
      const reply = await createOrFail(client, text);
      if (!endsInSuccess(reply.body))
        throw new Violation(
          `POST /models/create {"from": ${JSON.stringify(text)}} answered 200, but its last line is no success: ${clip(lastLine(reply.body))}`,
        );
      const listed = ownTags(await listRecords(client), ns);
      if (!listed.includes(canonical))
        throw new Violation(`after POST /models/create {"from": ${JSON.stringify(text)}}, GET /models does not list ${canonical}: ${show(listed)}`);
      const path = modelPath(ref, ns);
      const got = await getRecord(client, path);
      if (got.status !== 200) throw new Violation(`after creating ${text}, GET /models/${path} answered ${got.status}: ${clip(got.body)}`);
      const tags = (got.record as { tags?: unknown } | null)?.tags;
      if (!Array.isArray(tags) || !tags.includes(canonical))
        throw new Violation(`after creating ${text}, GET /models/${path} answered a record without ${canonical} among its tags: ${clip(got.body)}`);
      const ids = await openAiIds(client);
      if (!ids.includes(canonical))
        throw new Violation(`after creating ${text}, GET /engines/v1/models does not list ${canonical}: ${show(ids.filter((id) => id.includes(ns)))}`);
    }
  },
);

/** mr.models.create.bad-body: 400, and nothing is added. */
export const createBadBodyCheck = serviceCheck(
  'mr.models.create.bad-body',
  fc.array(badCreateBody, { minLength: 1, maxLength: 4 }),
  'bodies that are not an object with a non-empty string "from" were refused with 400, and the list gained nothing',
  async (client, bodies, ns) => {
    for (const bad of bodies) {
      const body = bind(bad.text, ns);
      const reply = await client.request('POST', '/models/create', { body, headers: { 'Content-Type': 'application/json', Accept: 'application/json' } });
      if (reply.status !== 400)
        throw new Violation(`POST /models/create with ${JSON.stringify(body)} (${bad.why}) answered ${reply.status}, not 400: ${clip(reply.body)}`);
    }
    const tags = ownTags(await listRecords(client), ns);
    if (tags.length > 0)
      throw new Violation(`after refused create bodies ${show(bodies.map((bad) => JSON.stringify(bind(bad.text, ns))))}, GET /models lists ${show(tags)}`);
  },
);

/** mr.models.create.cached: a second create is 200, says "Using cached model", and the model is listed once. */
export const createCachedCheck = serviceCheck(
  'mr.models.create.cached',
  fc.record({ ref: validReference, again: fc.integer({ min: 1, max: 2 }) }),
  'creating a held model again answered 200 with "Using cached model", and the list held it once',
  async (client, { ref, again }, ns) => {
    const text = bind(ref.text, ns);
    await createOrFail(client, text);
    for (let i = 0; i < again; i++) {
      const reply = await createOrFail(client, text, ' a second time');
      if (!saysCached(reply.body))
        throw new Violation(`POST /models/create {"from": ${JSON.stringify(text)}} a second time does not say "Using cached model": ${clip(reply.body)}`);
    }
    const tags = ownTags(await listRecords(client), ns);
    const canonical = bind(ref.canonical, ns);
    if (!sameItems(tags, [canonical]))
      throw new Violation(`after creating ${text} ${again + 1} times, GET /models lists ${show(tags)} in the case's namespace, not [${canonical}] once`);
  },
);

/** mr.models.get: a held model's record (its reference among its tags, equal to its list entry); 404 otherwise. */
export const getCheck = serviceCheck(
  'mr.models.get',
  fc.array(fc.tuple(validReference, fc.boolean()), { minLength: 1, maxLength: 4 }).map((pairs) => uniqueHeld(pairs)),
  'held models answered their record, equal to their list entry; others answered 404',
  async (client, refs, ns) => {
    for (const { ref, held } of refs) if (held) await createOrFail(client, bind(ref.text, ns));
    const records = await listRecords(client);
    for (const { ref, held } of refs) {
      const path = modelPath(ref, ns);
      const canonical = bind(ref.canonical, ns);
      const got = await getRecord(client, path);
      if (!held) {
        if (got.status !== 404) throw new Violation(`GET /models/${path} (never created) answered ${got.status}, not 404: ${clip(got.body)}`);
        continue;
      }
      if (got.status !== 200) throw new Violation(`GET /models/${path} (created as ${bind(ref.text, ns)}) answered ${got.status}: ${clip(got.body)}`);
      const tags = (got.record as { tags?: unknown } | null)?.tags;
      if (!Array.isArray(tags) || !tags.includes(canonical))
        throw new Violation(`GET /models/${path} answered a record without ${canonical} among its tags: ${clip(got.body)}`);
      // A held model the list leaves out is mr.models.list's failure: there is no entry to compare with.
      const entry = records.find((record) => record.tags.includes(canonical));
      if (entry !== undefined && !isDeepStrictEqual(got.record, entry))
        throw new Violation(`GET /models/${path} answered ${clip(got.body)}, not its entry in GET /models: ${clip(JSON.stringify(entry))}`);
    }
  },
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
