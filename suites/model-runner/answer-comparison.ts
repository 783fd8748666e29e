import { isDeepStrictEqual } from 'node:util';
import type { HttpReply } from '../http/client.js';
import { clip } from './openai-calls.js';

/**
 * "The same answer" for the addressing rules: the same status and the same body, up to the fields
 * that name a moment or a response of its own (mr.socket.prefix). Bodies are compared as JSON when
 * they are JSON, line by line when they are JSON lines or server-sent events, else as text.
 */

/**
 * Fields that differ between two equal requests: `created` (a moment), `system_fingerprint` (the
 * build serving it), `timings` (llama-server's measured durations of that very request).
 */
const MOMENT_FIELDS = new Set(['created', 'system_fingerprint', 'timings']);

/**
 * An `id` is dropped unless it names a model: a completion's id is its own (chatcmpl-…), but an
 * OpenAI model object's id and a management record's id name the model, and must agree.
 */
const namesModel = (object: Record<string, unknown>): boolean => object['object'] === 'model' || Array.isArray(object['tags']);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  const keepId = namesModel(object);
  return Object.fromEntries(
    Object.entries(object)
      .filter(([key]) => !MOMENT_FIELDS.has(key) && (key !== 'id' || keepId))
      .map(([key, field]) => [key, strip(field)]),
  );
}

const parsed = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/** A body as compared: one JSON value, or its non-blank lines (each JSON, an event's JSON data, or text). */
export function comparableBody(body: string): unknown {
  const whole = parsed(body);
  if (whole.ok) return strip(whole.value);
  return body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const data = /^data:\s?(.*)$/.exec(line)?.[1];
      const json = parsed(data ?? line);
      return json.ok ? strip(json.value) : line;
    });
}

/** Null when the two answers are the same (status and body); else what differs, naming both sides. */
export function answerDifference(
  a: { readonly label: string; readonly reply: HttpReply },
  b: { readonly label: string; readonly reply: HttpReply },
): string | null {
  if (a.reply.status !== b.reply.status)
    return `${a.label} answered ${a.reply.status}, ${b.label} ${b.reply.status} (${clip(a.reply.body, 120)} | ${clip(b.reply.body, 120)})`;
  const x = comparableBody(a.reply.body);
  const y = comparableBody(b.reply.body);
  if (isDeepStrictEqual(x, y)) return null;
  return `both answered ${a.reply.status}, with other bodies (apart from ${[...MOMENT_FIELDS, 'id'].join(', ')}): ${a.label} ${clip(JSON.stringify(x), 300)}; ${b.label} ${clip(JSON.stringify(y), 300)}`;
}

/** Of the models the case may judge, only: the records (or OpenAI model objects) that `keep` accepts. */
export function restrictList(body: string, keep: (reference: string) => boolean): unknown {
  const value = comparableBody(body);
  if (Array.isArray(value))
    return value.filter((record: { tags?: unknown }) => Array.isArray(record?.tags) && record.tags.some((t) => typeof t === 'string' && keep(t)));
  const list = value as { data?: unknown } | null;
  if (list !== null && typeof list === 'object' && Array.isArray(list.data)) {
    return { ...list, data: list.data.filter((entry: { id?: unknown }) => typeof entry?.id === 'string' && keep(entry.id)) };
  }
  return value;
}

/** One way of sending a request: over TCP or the socket, under one path form. */
export interface Side {
  /** How a Violation names it, e.g. "GET /exp/vENG4.40/models over the socket". */
  readonly label: string;
  send(): Promise<HttpReply>;
}

/** How often a list is asked again when other cells changed the store meanwhile. */
const TRIES = 8;

/**
 * Sends one request both ways and compares the answers: null when the same, else what differs.
 * A list (`keep` given) also shows other cells' models, which come and go meanwhile: it is asked
 * A, B, A, and B must be one of the two A answers (the same list at some moment). A difference that
 * persists over every try is then judged on the entries of the models `keep` names (the case's own),
 * which only the case changes: a side that answers otherwise differs there too.
 */
export async function compareSides(a: Side, b: Side, keep?: (reference: string) => boolean): Promise<string | null> {
  const both = (x: HttpReply, y: HttpReply): string | null => answerDifference({ label: a.label, reply: x }, { label: b.label, reply: y });
  if (keep === undefined) {
    const x = await a.send();
    return both(x, await b.send());
  }
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const before = await a.send();
    const other = await b.send();
    const after = await a.send();
    if (both(before, other) === null || both(after, other) === null) return null;
  }
  const x = await a.send();
  const y = await b.send();
  if (x.status !== y.status) return both(x, y);
  const [rx, ry] = [restrictList(x.body, keep), restrictList(y.body, keep)];
  return isDeepStrictEqual(rx, ry)
    ? null
    : `the lists differ in the case's own models: ${a.label} ${clip(JSON.stringify(rx), 300)}; ${b.label} ${clip(JSON.stringify(ry), 300)}`;
}
