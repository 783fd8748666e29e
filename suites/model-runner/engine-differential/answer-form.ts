import type { HttpReply } from '../../http/client.js';

/**
 * What the differential compares of an answer: its status, the kind of its body, the form of an
 * error, and the shape of its JSON (keys and types, recursively), never text or numbers: two
 * engines generate other words and vectors, but a client parses the same shapes.
 */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | `tag ${string}`
  | { readonly array: readonly Shape[] }
  | { readonly object: Readonly<Record<string, Shape>> };

export interface AnswerForm {
  readonly status: number;
  /** json, event-stream, text, none (no body) or the media type as sent. */
  readonly body: string;
  /** How a refusal is written: the OpenAI error object, plain text, or other JSON; null for a success. */
  readonly error: 'openai-error' | 'plain-text' | 'other-json' | null;
  /** The JSON body's shape; for an event stream, the shapes of its data events (without [DONE]), merged. */
  readonly shape: Shape | null;
  /** For an event stream: whether it ends with `data: [DONE]`. */
  readonly done?: boolean;
}

const key = (shape: Shape): string => JSON.stringify(shape);

/** Shapes merged into one: objects key by key (a key some lack stays), arrays element by element, others as a set. */
function merged(shapes: readonly Shape[]): Shape[] {
  const objects = shapes.filter((s): s is { object: Record<string, Shape> } => typeof s === 'object' && 'object' in s);
  const arrays = shapes.filter((s): s is { array: Shape[] } => typeof s === 'object' && 'array' in s);
  const scalars = [...new Set(shapes.filter((s): s is Exclude<Shape, object> => typeof s === 'string'))].sort();
  const out: Shape[] = [...scalars];
  if (arrays.length > 0) out.push({ array: merged(arrays.flatMap((a) => a.array)) });
  if (objects.length > 0) {
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o.object)))].sort();
    const object: Record<string, Shape> = {};
    for (const k of keys) {
      const found = merged(objects.flatMap((o) => (k in o.object ? [o.object[k]!] : [])));
      object[k] = found.length === 1 ? found[0]! : { array: found };
    }
    out.push({ object });
  }
  return [...new Map(out.map((s) => [key(s), s])).values()];
}

/**
 * The shape of a JSON value: arrays as the merged shapes of their elements. An object's `object`
 * string is its OpenAI type tag (`chat.completion`, `list`, …), kept as part of the shape: clients
 * dispatch on it.
 */
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return { array: merged(value.map(shapeOf)) };
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return {
        object: Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, k === 'object' && typeof v === 'string' ? (`tag ${v}` as Shape) : shapeOf(v)]),
        ),
      };
    default:
      return 'null';
  }
}

const parsed = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const isOpenAiError = (value: unknown): boolean => {
  const error = (value as { error?: unknown } | null)?.error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
};

/** The form of one answer. */
export function formOf(reply: HttpReply): AnswerForm {
  const type = (reply.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const refused = reply.status >= 400;
  if (type === 'text/event-stream') {
    const events = reply.body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim());
    const data = events.filter((e) => e !== '[DONE]').map((e) => parsed(e));
    const shapes = merged(data.map((d) => (d.ok ? shapeOf(d.value) : 'string')));
    return {
      status: reply.status,
      body: 'event-stream',
      error: refused ? 'other-json' : null,
      shape: shapes.length === 1 ? shapes[0]! : { array: shapes },
      done: events.at(-1) === '[DONE]',
    };
  }
  if (reply.body === '') return { status: reply.status, body: 'none', error: refused ? 'plain-text' : null, shape: null };
  const json = parsed(reply.body);
  if (json.ok) {
    return {
      status: reply.status,
      body: 'json',
      error: refused ? (isOpenAiError(json.value) ? 'openai-error' : 'other-json') : null,
      shape: shapeOf(json.value),
    };
  }
  return { status: reply.status, body: type === '' || type === 'text/plain' ? 'text' : type, error: refused ? 'plain-text' : null, shape: null };
}
