import type { CheckClient } from '../harness/context.js';
import { Violation } from '../harness/verdict.js';
import type { HttpReply } from '../http/client.js';
import { SseParser } from '../http/sse.js';
import { validate, type ChatCompletionChunk, type OpenAiObject, type SchemaName, type Usage } from './openai-schemas.js';

/**
 * Requests to an OpenAI-compatible base and the first judgement every inference rule shares: the
 * status, JSON, the object's schema. Each failure is a Violation saying what was sent and what came back.
 */

/** The first 200 characters of a text, as a Violation quotes an answer. */
export const clip = (text: string, max = 200): string => (text.length <= max ? text : `${text.slice(0, max)}…`);

/** A request as a Violation names it: method, path, and the start of its JSON body. */
export const sent = (method: string, path: string, json?: unknown): string => `${method} ${path}${json === undefined ? '' : ` ${clip(JSON.stringify(json))}`}`;

/** The fields that make a request deterministic: greedy sampling and a fixed seed. */
export const deterministic = (seed: number) => ({ temperature: 0, seed }) as const;

/** Parses an answer's JSON body; a body that is not JSON is a Violation. */
export function jsonOf(request: string, reply: HttpReply): unknown {
  try {
    return JSON.parse(reply.body) as unknown;
  } catch {
    throw new Violation(`${request} answered ${reply.status} with a body that is not JSON: ${clip(reply.body)}`);
  }
}

/** Sends a request that must answer 200 and the named object; returns the object. */
export async function call<K extends SchemaName>(client: CheckClient, method: string, path: string, json: unknown, schema: K): Promise<OpenAiObject<K>> {
  const request = sent(method, path, json);
  const reply = await client.request(method, path, json === undefined ? {} : { json });
  if (reply.status !== 200) throw new Violation(`${request} answered ${reply.status}: ${clip(reply.body)}`);
  const value = jsonOf(request, reply);
  const invalid = validate(schema, value);
  if (invalid !== null) throw new Violation(`${request} answered no valid ${schema}: ${invalid}; the body: ${clip(reply.body)}`);
  return value as OpenAiObject<K>;
}

/** POST `path` with `json`, answered 200 and the named object. */
export const post = <K extends SchemaName>(client: CheckClient, path: string, json: unknown, schema: K): Promise<OpenAiObject<K>> =>
  call(client, 'POST', path, json, schema);

/**
 * Sends a streaming request and reads its answer whole: 200, text/event-stream, every event a
 * `data:` chunk valid against `schema`, no error event, and `data: [DONE]` once, last (openai-node
 * src/core/streaming.ts stops at [DONE] and throws on an `error` event or an `error` key).
 */
export async function postStream<K extends 'chat.completion.chunk' | 'text_completion.chunk'>(
  client: CheckClient,
  path: string,
  json: unknown,
  schema: K,
): Promise<OpenAiObject<K>[]> {
  const request = sent('POST', path, json);
  const reply = await client.request('POST', path, { json });
  if (reply.status !== 200) throw new Violation(`${request} answered ${reply.status}: ${clip(reply.body)}`);
  const type = reply.headers['content-type'] ?? '';
  if (!/^text\/event-stream\b/i.test(type))
    throw new Violation(`${request} answered Content-Type ${JSON.stringify(type)}, not text/event-stream: ${clip(reply.body)}`);
  const parser = new SseParser();
  const events = [...parser.push(reply.body), ...parser.end()];
  const done = events.findIndex((event) => event.done);
  if (done < 0)
    throw new Violation(`${request}: the stream of ${events.length} events has no data: [DONE]; it ends with ${clip(JSON.stringify(events.slice(-2)))}`);
  if (done !== events.length - 1)
    throw new Violation(
      `${request}: data: [DONE] is event ${done + 1} of ${events.length}, not the last; after it: ${clip(JSON.stringify(events.slice(done + 1)))}`,
    );
  const chunks: OpenAiObject<K>[] = [];
  for (const [i, event] of events.slice(0, done).entries()) {
    if (event.event === 'error') throw new Violation(`${request}: event ${i + 1} is an error event: ${clip(event.data)}`);
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      throw new Violation(`${request}: event ${i + 1} is not JSON: ${clip(event.data)}`);
    }
    if (typeof chunk === 'object' && chunk !== null && 'error' in chunk)
      throw new Violation(`${request}: event ${i + 1} carries an error: ${clip(event.data)}`);
    const invalid = validate(schema, chunk);
    if (invalid !== null) throw new Violation(`${request}: event ${i + 1} is no valid ${schema}: ${invalid}; the event: ${clip(event.data)}`);
    chunks.push(chunk as OpenAiObject<K>);
  }
  return chunks;
}

/** A chat answer's content as text (OpenAI allows null content: no text). */
export const contentOf = (content: string | null): string => content ?? '';

/** The text a chat stream's deltas give one choice, joined in order. */
export const streamedContent = (chunks: readonly ChatCompletionChunk[], index: number): string =>
  chunks.flatMap((chunk) => chunk.choices.filter((choice) => choice.index === index).map((choice) => contentOf(choice.delta.content ?? null))).join('');

/** A chunk that carries usage: null and absent both mean none (OpenAI sends null, llama-server omits it). */
export const hasUsage = <T extends { readonly usage?: Usage | null }>(chunk: T): chunk is T & { readonly usage: Usage } =>
  chunk.usage !== undefined && chunk.usage !== null;

/**
 * The three counts of a usage object, as one comparable string: equal requests may differ in the
 * details (llama-server's prompt_tokens_details.cached_tokens grows with its cache), not in these.
 */
export const counts = (usage: Usage): string => `prompt ${usage.prompt_tokens}, completion ${usage.completion_tokens}, total ${usage.total_tokens}`;
