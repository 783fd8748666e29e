import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import { Violation } from '../harness/verdict.js';
import { HttpClientError, type HttpReply } from '../http/client.js';
import { cleanUp, freshNamespace, type ModelRecordView } from './management-calls.js';
import { clip } from './openai-calls.js';
import { withCase, type ValidReference } from './reference-arbitraries.js';
import { poolFor, type Wanted } from './registry-lease.js';

/**
 * Cases on registry references. A create that must succeed names a model the runner's registry
 * has (Docker Model Runner pulls it; any other reference is 404 "Model not found"), so a case
 * leases the catalogue references it creates from the target's pool: cells run side by side
 * against one runner with the same seed, and the lease keeps their models apart. Names of the
 * case's own (the grammar's reach) come from a fresh namespace and are given to a leased model by
 * POST /models/{name}/tag, which pulls nothing.
 */

/** How long a case waits for its references: far longer than any case holds them. */
export const LEASE_DEADLINE_MS = 60_000;

/** A `:latest` reference: the one whose tag a spelling may leave out. */
export const isLatest: Wanted = (reference) => reference.endsWith(':latest');

/** What a case runs with: its leased references (canonical) and a fresh namespace for names of its own. */
export interface LeasedCase {
  readonly references: readonly string[];
  readonly namespace: string;
}

const quietly = async (client: CheckClient, path: string): Promise<void> => {
  await client.request('DELETE', path, { cleanup: true }).catch((error: unknown) => {
    if (!(error instanceof HttpClientError)) throw error;
  });
};

/**
 * Runs `body` with `count` leased references (those `want` accepts) and a fresh namespace. The
 * references are deleted before (a model a previous case or user left would change what the case
 * predicts) and after, with whatever the namespace holds, before the lease goes back. A lease that
 * does not come within {@link LEASE_DEADLINE_MS} (or the cell's deadline) throws a LeaseError: the
 * cell is an error, never a hang.
 */
export async function inLease(
  ctx: SuiteContext,
  client: CheckClient,
  count: number,
  body: (leased: LeasedCase) => Promise<void>,
  want?: Wanted,
): Promise<void> {
  const lease = await poolFor(ctx.target).lease(count, LEASE_DEADLINE_MS, ctx.signal, want);
  const namespace = freshNamespace();
  try {
    for (const reference of lease.references) await quietly(client, `/models/${reference}`);
    await body({ references: lease.references, namespace });
  } finally {
    try {
      await cleanUp(client, namespace, lease.references);
    } finally {
      lease.release();
    }
  }
}

/** How a case spells a registry reference: upper case over the letters of namespace and name (a bit mask, 0 none), and `:latest` left out or not. */
export interface Spelling {
  readonly mask: number;
  readonly omitLatest: boolean;
}

export const spelling: fc.Arbitrary<Spelling> = fc.record({
  mask: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
  omitLatest: fc.boolean(),
});

/** `namespace/name` and the tag of a canonical reference. */
export function splitReference(reference: string): { repo: string; tag: string } {
  const at = reference.lastIndexOf(':');
  return at < 0 || reference.indexOf('/', at) >= 0 ? { repo: reference, tag: 'latest' } : { repo: reference.slice(0, at), tag: reference.slice(at + 1) };
}

/**
 * A registry reference as a case sends it: the namespace and name in the spelling's case (the
 * runner lower-cases them, and the registry has the canonical form), the tag as the registry
 * spells it, `:latest` left out when the spelling says so. No template: `bind` leaves it as it is.
 */
export function spell(reference: string, how: Spelling): ValidReference {
  const { repo, tag } = splitReference(reference);
  const tagged = !(tag === 'latest' && how.omitLatest);
  return { text: `${withCase(repo, how.mask)}${tagged ? `:${tag}` : ''}`, canonical: reference, tagged };
}

/**
 * POST /models/{source}/tag?repo=…&tag=…: `target` (`repo[:tag]`; the tag latest when none) then
 * names the model `source` names. Anything but 2xx is a Violation (what the status is exactly is
 * mr.models.tag's to judge).
 */
export async function tagOrFail(client: CheckClient, source: string, target: string, why = ''): Promise<HttpReply> {
  const { repo, tag } = splitReference(target);
  const path = `/models/${source}/tag?repo=${encodeURIComponent(repo)}&tag=${encodeURIComponent(tag)}`;
  const reply = await client.request('POST', path);
  if (reply.status < 200 || reply.status > 299) throw new Violation(`POST ${path}${why} answered ${reply.status}: ${clip(reply.body)}`);
  return reply;
}

/** A reference compared loosely: all lower case, `:latest` when it names no tag. */
const loosely = (reference: string): string => {
  const { repo, tag } = splitReference(reference);
  return `${repo}:${tag}`.toLowerCase();
};

/**
 * The listed tags that are the case's references in any spelling (one entry per listing): compare
 * them with the exact canonical forms, so that a tag listed in another case or without its tag is seen.
 */
export function heldAs(records: readonly ModelRecordView[], references: readonly string[]): string[] {
  const ours = anySpellingOf(references);
  return records.flatMap((record) => record.tags.filter(ours));
}

/** Whether a listed tag is one of `references` in any spelling (see {@link heldAs}). */
export function anySpellingOf(references: readonly string[]): (tag: string) => boolean {
  const ours = new Set(references.map(loosely));
  return (tag) => ours.has(loosely(tag));
}
