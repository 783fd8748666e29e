import fc from 'fast-check';
import { LOWER_DIGITS, word } from '../arbitraries/words.js';
import type { CheckClient } from '../harness/context.js';
import { Violation } from '../harness/verdict.js';
import type { HttpReply } from '../http/client.js';
import { heldAs, inLease, splitReference } from './leased-references.js';
import { cleanUp, createOrFail, listRecords, show } from './management-calls.js';
import { clip } from './openai-calls.js';
import { runnerCheck } from './runner-check.js';

/**
 * mr.models.tag and mr.models.delete.tagged: a few models of leased registry references (the
 * runner creates nothing else), tags in the case's own namespace, generated requests, and after
 * each one the list compared with a model of which model holds which reference. Models are named by their index in the case: the runner's ids are read once.
 */

/** The id of the model the canonical `reference` names, as GET /models lists it (the list is what these rules compare). */
async function idOf(client: CheckClient, reference: string): Promise<string> {
  const listed = (await listRecords(client)).filter((record) => record.tags.includes(reference));
  if (listed.length !== 1) throw new Violation(`after creating ${reference}, GET /models lists ${listed.length} models under it, not 1`);
  return listed[0]!.id;
}

/** The case's references: those of its namespace and its leased registry references (in any spelling). */
interface Ours {
  readonly namespace: string;
  readonly leased: readonly string[];
}

/** The case's references each model holds (by id), from GET /models; absent: not listed. */
async function heldTags(client: CheckClient, ours: Ours): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  for (const record of await listRecords(client)) {
    const leased = new Set(heldAs([record], ours.leased));
    held.set(
      record.id,
      record.tags.filter((t) => t.includes(ours.namespace) || leased.has(t)),
    );
  }
  return held;
}

/** Compares the list with the expected references per model (ids absent from `expected` must be gone). */
async function expectHeld(client: CheckClient, ours: Ours, ids: readonly string[], expected: ReadonlyMap<string, readonly string[]>, after: string) {
  const held = await heldTags(client, ours);
  for (const id of ids) {
    const want = expected.get(id);
    const got = held.get(id);
    if (want === undefined) {
      if (got !== undefined) throw new Violation(`after ${after}, GET /models still lists the model ${id} (${show(got)})`);
      continue;
    }
    if (got === undefined) throw new Violation(`after ${after}, GET /models does not list the model ${id}, expected under ${show(want)}`);
    if (show(got) !== show(want)) throw new Violation(`after ${after}, GET /models lists the model ${id} under ${show(got)}, not ${show(want)}`);
  }
}

/**
 * Deletes what a case leaves: its references, then its models by id with force (a model whose tags
 * all moved has only its id, and a later create of its registry reference would find it cached).
 */
async function cleanUpModels(client: CheckClient, ours: Ours, ids: readonly string[]): Promise<void> {
  await cleanUp(client, ours.namespace, ours.leased);
  for (const id of ids) await client.request('DELETE', `/models/${id}?force=true`, { cleanup: true }).catch(() => undefined);
}

// --- mr.models.tag ------------------------------------------------------------------------------

/** A tag request: the source (a base model, a target of another request, or its id) and the query. */
interface TagRequest {
  /** `b<i>` a base model's reference, `t<i>:<tag>` a target's, `id<i>` a base model's id. */
  readonly source: { readonly kind: 'base' | 'id'; readonly index: number } | { readonly kind: 'target'; readonly repo: number; readonly tag: string };
  readonly repo: number;
  /** The repository in upper case (the runner lower-cases it). */
  readonly upper: boolean;
  readonly tag: string;
  /** Which query parameter is missing or empty, if any. */
  readonly missing: 'none' | 'repo-absent' | 'repo-empty' | 'tag-absent' | 'tag-empty';
}

const BASES = 2;
const TARGET_REPOS = 3;
const TAGS = ['latest', 'v1', 'Q4_K_M'] as const;

const tagRequest: fc.Arbitrary<TagRequest> = fc.record({
  source: fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('base' as const), index: fc.nat(BASES - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('id' as const), index: fc.nat(BASES - 1) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('target' as const), repo: fc.nat(TARGET_REPOS - 1), tag: fc.constantFrom(...TAGS) }) },
  ),
  // The repository TARGET_REPOS is a base model's own: tagging it onto another model moves a base tag.
  repo: fc.nat(TARGET_REPOS),
  upper: fc.boolean(),
  tag: fc.constantFrom(...TAGS),
  missing: fc.oneof(
    { weight: 6, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constantFrom('repo-absent' as const, 'repo-empty' as const, 'tag-absent' as const, 'tag-empty' as const) },
  ),
});

/** mr.models.tag: 201 and the reference moves to the model; 400 without repo or tag; 404 for a model not held. */
export const tagCheck = runnerCheck({
  rule: 'mr.models.tag',
  via: 'service',
  model: false,
  cases: () => fc.array(tagRequest, { minLength: 1, maxLength: 8 }),
  summary:
    'tag requests answered 201 with the target, 400 without repo or tag, 404 for a model not held, and the references moved as the real service moves them',
  judge: (requests, { client, ctx }) =>
    inLease(ctx, client, BASES, async ({ references: bases, namespace: ns }) => {
      const ours: Ours = { namespace: ns, leased: bases };
      const ids: string[] = [];
      try {
        for (const base of bases) await createOrFail(client, base);
        for (const base of bases) ids.push(await idOf(client, base));
        // The repository TARGET_REPOS stands for a base model's own reference: tagging it onto another model moves a base tag.
        const targetOf = (repo: number, tag: string): string => (repo === TARGET_REPOS ? bases[1]! : `${ns}/t${repo}:${tag}`);
        // Canonical reference → the id of the model holding it.
        const owner = new Map<string, string>(bases.map((base, i) => [base, ids[i]!]));
        const done: string[] = [];
        for (const request of requests) {
          const from = request.source;
          const source = from.kind === 'target' ? targetOf(from.repo, from.tag) : from.kind === 'base' ? bases[from.index]! : ids[from.index]!;
          const sourceId = from.kind === 'id' ? ids[from.index] : owner.get(source);
          const canonical = targetOf(request.repo, request.tag);
          const { repo: lowerRepo, tag } = splitReference(canonical);
          const repo = request.upper ? lowerRepo.toUpperCase() : lowerRepo;
          const query = [
            request.missing === 'repo-absent' ? '' : `repo=${encodeURIComponent(request.missing === 'repo-empty' ? '' : repo)}`,
            request.missing === 'tag-absent' ? '' : `tag=${encodeURIComponent(request.missing === 'tag-empty' ? '' : tag)}`,
          ].filter((part) => part !== '');
          const path = `/models/${source}/tag?${query.join('&')}`;
          const reply: HttpReply = await client.request('POST', path);
          const sent = `POST ${path}`;
          done.push(sent);
          const after = done.join(', then ');
          if (request.missing !== 'none') {
            if (reply.status !== 400)
              throw new Violation(`${sent} (${request.missing.replace('-', ' ')}) answered ${reply.status}, not 400: ${clip(reply.body)}`);
          } else if (sourceId === undefined) {
            if (reply.status !== 404) throw new Violation(`${sent} (${source} is not held) answered ${reply.status}, not 404: ${clip(reply.body)}`);
          } else {
            const target = `${repo}:${tag}`;
            if (reply.status !== 201) throw new Violation(`${sent} answered ${reply.status}, not 201: ${clip(reply.body)}`);
            let body: unknown;
            try {
              body = JSON.parse(reply.body);
            } catch {
              throw new Violation(`${sent} answered 201 with a body that is not JSON: ${clip(reply.body)}`);
            }
            const expected = { message: `Model tagged successfully with ${JSON.stringify(target)}`, target };
            if (JSON.stringify(body) !== JSON.stringify(expected))
              throw new Violation(`${sent} answered 201 with ${clip(reply.body)}, not ${JSON.stringify(expected)}`);
            owner.set(canonical, sourceId);
          }
          const expected = new Map<string, string[]>(ids.map((id) => [id, [...owner].filter(([, holder]) => holder === id).map(([t]) => t)]));
          await expectHeld(client, ours, ids, expected, after);
        }
      } finally {
        await cleanUpModels(client, ours, ids);
      }
    }),
});

// --- mr.models.delete.tagged --------------------------------------------------------------------

type Force = { readonly given: false } | { readonly given: true; readonly value: string; readonly true: boolean };

/** Go's strconv.ParseBool: these are true, these false; anything else is no bool (the real service reads false). */
const force: fc.Arbitrary<Force> = fc.oneof(
  fc.constant({ given: false as const }),
  fc.constantFrom('', '1', 't', 'T', 'true', 'TRUE', 'True').map((value) => ({ given: true as const, value, true: true })),
  fc.constantFrom('0', 'f', 'F', 'false', 'FALSE', 'False', 'yes', '2').map((value) => ({ given: true as const, value, true: false })),
);

/** A delete: by one of the model's references (or one it never had), or by its id in one of three forms. */
type DeleteRequest =
  | { readonly by: 'reference'; readonly index: number }
  | { readonly by: 'id'; readonly form: 'sha256' | 'hex' | 'short'; readonly force: Force };

const deleteRequest: fc.Arbitrary<DeleteRequest> = fc.oneof(
  fc.record({ by: fc.constant('reference' as const), index: fc.nat(4) }),
  fc.record({ by: fc.constant('id' as const), form: fc.constantFrom('sha256' as const, 'hex' as const, 'short' as const), force }),
);

const idForm = (id: string, form: 'sha256' | 'hex' | 'short'): string => {
  const hex = id.replace(/^sha256:/, '');
  return form === 'sha256' ? id : form === 'hex' ? hex : hex.slice(0, 12);
};

/** mr.models.delete.tagged: a reference of several is untagged; by id, 409 without force, all gone with it. */
export const deleteTaggedCheck = runnerCheck({
  rule: 'mr.models.delete.tagged',
  via: 'service',
  model: false,
  cases: () =>
    fc.record({
      references: fc.integer({ min: 2, max: 4 }),
      tags: fc.array(fc.constantFrom('v1', 'Q4_K_M', 'x-y'), { minLength: 4, maxLength: 4 }),
      deletes: fc.array(deleteRequest, { minLength: 1, maxLength: 5 }),
      suffix: word(LOWER_DIGITS, 1, 4),
    }),
  summary:
    "deleting one of a model's references untagged it alone; by id, a model with several references was 409 without force and deleted with all of them with it",
  judge: ({ references, tags, deletes, suffix }, { client, ctx }) =>
    inLease(ctx, client, 2, async ({ references: [first, bystander], namespace: ns }) => {
      const ours: Ours = { namespace: ns, leased: [first!, bystander!] };
      const ids: string[] = [];
      try {
        await createOrFail(client, first!);
        await createOrFail(client, bystander!);
        const id = await idOf(client, first!);
        ids.push(id, await idOf(client, bystander!));
        // The model's references: the created one, then tags in repositories of the case's namespace
        // (the registry's repositories are shared with other cells: another tag there could be theirs).
        const held: string[] = [first!];
        for (let i = 1; i < references; i++) {
          const [repo, tag] = i % 2 === 1 ? [`${ns}/e${i}`, tags[i] ?? 'v1'] : [`${ns}/d${suffix}`, tags[i] ?? 'v1'];
          if (held.includes(`${repo}:${tag}`)) continue;
          const reply = await client.request('POST', `/models/${first}/tag?repo=${encodeURIComponent(repo)}&tag=${encodeURIComponent(tag)}`);
          if (reply.status !== 201) throw new Violation(`POST /models/${first}/tag?repo=${repo}&tag=${tag} answered ${reply.status}: ${clip(reply.body)}`);
          held.push(`${repo}:${tag}`);
        }
        const all = [...held];
        let present = true;
        const done: string[] = [];
        for (const request of deletes) {
          const path =
            request.by === 'reference'
              ? `/models/${all[request.index] ?? `${ns}/never${request.index}:latest`}`
              : `/models/${idForm(id, request.form)}${request.force.given ? `?force${request.force.value === '' ? '' : `=${request.force.value}`}` : ''}`;
          const reply = await client.request('DELETE', path);
          const sent = `DELETE ${path}`;
          done.push(`${sent} (${reply.status})`);
          const context = `(references before it: ${show(held)}; the requests: ${done.join(', ')})`;
          const actions = (): unknown => {
            try {
              return JSON.parse(reply.body);
            } catch {
              throw new Violation(`${sent} answered ${reply.status} with a body that is not JSON: ${clip(reply.body)} ${context}`);
            }
          };
          if (request.by === 'reference') {
            const reference = all[request.index];
            if (reference === undefined || !held.includes(reference) || !present) {
              if (reply.status !== 404) throw new Violation(`${sent} (not held) answered ${reply.status}, not 404: ${clip(reply.body)} ${context}`);
            } else {
              const expected = held.length > 1 ? [{ Untagged: reference }] : [{ Untagged: reference }, { Deleted: id }];
              if (reply.status !== 200) throw new Violation(`${sent} answered ${reply.status}, not 200: ${clip(reply.body)} ${context}`);
              if (JSON.stringify(actions()) !== JSON.stringify(expected))
                throw new Violation(`${sent} answered ${clip(reply.body)}, not ${JSON.stringify(expected)} ${context}`);
              held.splice(held.indexOf(reference), 1);
              present = held.length > 0;
            }
          } else if (!present) {
            if (reply.status !== 404) throw new Violation(`${sent} (the model is gone) answered ${reply.status}, not 404: ${clip(reply.body)} ${context}`);
          } else if (held.length > 1 && !(request.force.given && request.force.true)) {
            if (reply.status !== 409)
              throw new Violation(`${sent} (${held.length} references, no force) answered ${reply.status}, not 409: ${clip(reply.body)} ${context}`);
          } else {
            if (reply.status !== 200) throw new Violation(`${sent} answered ${reply.status}, not 200: ${clip(reply.body)} ${context}`);
            const body = actions();
            const list = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
            const untagged = list.filter((a) => 'Untagged' in a).map((a) => String(a['Untagged']));
            const last = list[list.length - 1];
            if (show(untagged) !== show(held) || last?.['Deleted'] !== id || list.length !== held.length + 1)
              throw new Violation(`${sent} answered ${clip(reply.body)}, not an Untagged for each of ${show(held)} and {"Deleted": "${id}"} last ${context}`);
            held.length = 0;
            present = false;
          }
          const expected = new Map<string, string[]>([[ids[1]!, [bystander!]]]);
          if (present) expected.set(id, [...held]);
          await expectHeld(client, ours, ids, expected, done.join(', then '));
        }
      } finally {
        await cleanUpModels(client, ours, ids);
      }
    }),
});
