import { randomBytes } from 'node:crypto';
import { LOWER_DIGITS } from '../arbitraries/words.js';
import type { CheckClient } from '../harness/context.js';
import { Violation } from '../harness/verdict.js';
import { HttpClientError, type HttpReply } from '../http/client.js';
import { clip } from './openai-calls.js';

/**
 * The management calls the checks share (create, list, get, delete) and the first judgement of
 * their answers. Every check works in namespaces of its own: cells run side by side against one
 * runner, so a check judges only the models whose references hold its namespace.
 */

/**
 * `m` and 8 random letters or digits: random, not generated, because parallel cells run with the
 * same seed and would otherwise create and delete each other's models. One path component with no
 * separator, so that no reference can hold it by accident.
 */
export function freshNamespace(): string {
  return `m${[...randomBytes(8)].map((byte) => LOWER_DIGITS[byte % LOWER_DIGITS.length]).join('')}`;
}

/** POST /models/create with `{"from": from}`, asking for JSON lines (else the real service HTML-escapes them). */
export const sendCreate = (client: CheckClient, from: unknown): Promise<HttpReply> =>
  client.request('POST', '/models/create', { json: { from }, headers: { Accept: 'application/json' } });

/** The last non-blank line of a create answer: the outcome, after the progress lines. */
export function lastLine(body: string): string {
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

/**
 * Whether a create answer ends in success: a JSON line of type "success", or (a service that
 * streams plain lines) one of the real service's success messages.
 */
export function endsInSuccess(body: string): boolean {
  const last = lastLine(body);
  try {
    const line = JSON.parse(last) as { type?: unknown } | null;
    return typeof line === 'object' && line !== null && line.type === 'success';
  } catch {
    return last.includes('Model pulled successfully') || last.includes('Using cached model');
  }
}

/** Whether a create answer says the model was in the store already (the real service's words). */
export const saysCached = (body: string): boolean => body.includes('Using cached model');

/**
 * Creates `from` as a step towards something else; anything but 200 is a Violation naming the
 * answer. What the progress says is mr.models.create's to judge (and mr.models.create.cached's).
 */
export async function createOrFail(client: CheckClient, from: string, why = ''): Promise<HttpReply> {
  const reply = await sendCreate(client, from);
  if (reply.status !== 200) throw new Violation(`POST /models/create {"from": ${JSON.stringify(from)}}${why} answered ${reply.status}: ${clip(reply.body)}`);
  return reply;
}

/** A management record as far as the rules read it: an id and its references. */
export interface ModelRecordView {
  readonly id: string;
  readonly tags: readonly string[];
  readonly [field: string]: unknown;
}

const isRecord = (value: unknown): value is ModelRecordView => {
  const record = value as Record<string, unknown> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record['id'] === 'string' &&
    Array.isArray(record['tags']) &&
    record['tags'].every((t) => typeof t === 'string')
  );
};

/** GET /models: 200 and a JSON array of whole records (an id and string tags), else a Violation. */
export async function listRecords(client: CheckClient): Promise<ModelRecordView[]> {
  const reply = await client.request('GET', '/models');
  if (reply.status !== 200) throw new Violation(`GET /models answered ${reply.status}: ${clip(reply.body)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    throw new Violation(`GET /models answered a body that is not JSON: ${clip(reply.body)}`);
  }
  if (!Array.isArray(parsed)) throw new Violation(`GET /models answered no JSON array: ${clip(reply.body)}`);
  const broken = parsed.find((record) => !isRecord(record));
  if (broken !== undefined) throw new Violation(`GET /models listed a record without an id and string tags: ${clip(JSON.stringify(broken))}`);
  return parsed as ModelRecordView[];
}

/** The tags of the listed records that hold `namespace`, one entry per listing (a tag listed twice appears twice). */
export const ownTags = (records: readonly ModelRecordView[], namespace: string): string[] =>
  records.flatMap((record) => record.tags.filter((t) => t.toLowerCase().includes(namespace)));

/** The ids of the OpenAI-style list (GET /engines/v1/models on the service root), else a Violation. */
export async function openAiIds(client: CheckClient): Promise<string[]> {
  const reply = await client.request('GET', '/engines/v1/models');
  if (reply.status !== 200) throw new Violation(`GET /engines/v1/models answered ${reply.status}: ${clip(reply.body)}`);
  let list: { data?: unknown } | null;
  try {
    list = JSON.parse(reply.body) as { data?: unknown } | null;
  } catch {
    throw new Violation(`GET /engines/v1/models answered a body that is not JSON: ${clip(reply.body)}`);
  }
  if (list === null || !Array.isArray(list.data)) throw new Violation(`GET /engines/v1/models answered no list with data: ${clip(reply.body)}`);
  return (list.data as { id?: unknown }[]).map((entry) => (typeof entry?.id === 'string' ? entry.id : ''));
}

/** Sorted, as the Violations show sets. */
export const show = (items: Iterable<string>): string => `[${[...items].sort().join(', ')}]`;

/** Whether two lists hold the same items the same number of times. */
export const sameItems = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Deletes what a case may have left in its namespace: the references it names and any listed tag
 * holding the namespace. Errors are swallowed: cleaning up must not hide the case's own verdict.
 */
export async function cleanUp(client: CheckClient, namespace: string, references: Iterable<string> = []): Promise<void> {
  const quietly = async (path: string): Promise<void> => {
    await client.request('DELETE', path, { cleanup: true }).catch((error: unknown) => {
      if (!(error instanceof HttpClientError)) throw error;
    });
  };
  for (const reference of references) await quietly(`/models/${reference}`);
  const reply = await client.request('GET', '/models', { cleanup: true }).catch((error: unknown) => {
    if (error instanceof HttpClientError) return null;
    throw error;
  });
  let left: string[] = [];
  try {
    const parsed: unknown = reply === null ? [] : JSON.parse(reply.body);
    if (Array.isArray(parsed)) left = ownTags(parsed.filter(isRecord), namespace);
  } catch {
    // Not a list: nothing more to find.
  }
  for (const reference of left) await quietly(`/models/${encodeURI(reference)}`);
}
