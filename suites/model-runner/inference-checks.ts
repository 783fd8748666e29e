import type { OpenAiObject } from './openai-schemas.js';
import fc from 'fast-check';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { authorization, conversation, embeddingInput, inputsOf, maxTokens, text } from './arbitraries.js';
import { clip, jsonOf, post, sent } from './openai-calls.js';
import { validate } from './openai-schemas.js';
import type { RuleId } from '../../specs/catalogue.js';
import { matching } from '../arbitraries/matching.js';

const CHAT = '/chat/completions';
const COMPLETIONS = '/completions';
const EMBEDDINGS = '/embeddings';

/** mr.chat.shape: model and messages answer a valid chat.completion. */
export const chatShapeCheck = runnerCheck({
  rule: 'mr.chat.shape',
  cases: () => fc.record({ messages: conversation, limit: maxTokens }),
  judge: async ({ messages, limit }, { client, model }) => {
    await post(client, CHAT, { model, messages, max_tokens: limit }, 'chat.completion');
  },
  summary: 'generated conversations answered 200 and a valid chat.completion',
});

/**
 * Batching may change the last bits of a vector on a real engine (another kernel path for several
 * inputs than for one), so "the same vector" is the same within this, per component of a unit vector.
 */
const SAME_VECTOR = 1e-4;

/** The largest difference between two vectors' components, or Infinity when their lengths differ. */
function distance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Infinity;
  return a.reduce((max, x, i) => Math.max(max, Math.abs(x - (b[i] ?? NaN))), 0);
}

/** mr.embeddings.shape: one vector per input, in order, of one length; the same input, the same vector. */
export const embeddingsShapeCheck = runnerCheck({
  rule: 'mr.embeddings.shape',
  cases: () => fc.record({ input: embeddingInput, probe: fc.nat() }),
  judge: async ({ input, probe }, { client, model }) => {
    const request = { model, input };
    const what = sent('POST', EMBEDDINGS, request);
    const { data } = await post(client, EMBEDDINGS, request, 'embedding-list.float');
    const inputs = inputsOf(input);
    if (data.length !== inputs.length) throw new Violation(`${what} answered ${data.length} embeddings for ${inputs.length} inputs`);
    const misplaced = data.findIndex((item, i) => item.index !== i);
    if (misplaced >= 0) throw new Violation(`${what}: embedding ${misplaced} of the list has index ${data[misplaced]?.index}, not ${misplaced}`);
    const lengths = new Set(data.map((item) => item.embedding.length));
    if (lengths.size !== 1) throw new Violation(`${what} answered vectors of lengths ${[...lengths].join(', ')}, not of one length`);
    for (const [i, item] of data.entries()) {
      const twin = inputs.indexOf(inputs[i]!);
      const other = data[twin]!.embedding;
      if (distance(item.embedding, other) > SAME_VECTOR)
        throw new Violation(
          `${what}: inputs ${twin} and ${i} are both ${JSON.stringify(clip(inputs[i]!))} but their vectors differ by ${distance(item.embedding, other)}`,
        );
    }
    // One input again, alone: the same text must give the same vector in any request.
    const k = probe % inputs.length;
    const alone = { model, input: inputs[k]! };
    const single = await post(client, EMBEDDINGS, alone, 'embedding-list.float');
    const vector = single.data[0]!.embedding;
    const apart = distance(vector, data[k]!.embedding);
    if (apart > SAME_VECTOR)
      throw new Violation(
        `${sent('POST', EMBEDDINGS, alone)} answered a vector ${Number.isFinite(apart) ? `differing by ${apart} from` : `of length ${vector.length}, not that of`} input ${k} of ${what}`,
      );
  },
  summary: 'generated inputs answered one vector per input, indexed in order, of one length, the same input giving the same vector',
});

/** Decodes OpenAI's base64 embedding: little-endian float32 (openai-node src/lib/embeddings.ts). */
function float32sOf(base64: string): number[] | null {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % 4 !== 0) return null;
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
}

/** Whether a decoded float32 is the JSON number rounded to float32 (a relative float32 epsilon of slack for printing). */
const sameFloat32 = (decoded: number, json: number): boolean => Math.abs(decoded - Math.fround(json)) <= 2 ** -23 * Math.max(Math.abs(json), 2 ** -10);

/**
 * Rounds of (float, base64) a case may take. An engine may round an input otherwise from one
 * request to the next (llama-server, on one machine: a fresh server's first answer to a request of
 * three inputs differed from every later one by a few float32 ulps, observed 2026-12-05), so one round that
 * differs proves nothing; a round that agrees exactly shows the encoding right. A wrong encoding never agrees.
 */
const BASE64_ROUNDS = 4;

/** Where a base64 answer departs from the float answer (null: every vector decodes to it exactly). */
function base64Departure(what: string, floats: OpenAiObject<'embedding-list.float'>, encoded: OpenAiObject<'embedding-list.base64'>): string | null {
  if (encoded.data.length !== floats.data.length) return `${what} answered ${encoded.data.length} embeddings, encoding_format "float" ${floats.data.length}`;
  for (const [i, item] of encoded.data.entries()) {
    const expected = floats.data[i]!.embedding;
    const decoded = float32sOf(item.embedding);
    if (decoded === null) return `${what}: embedding ${i} decodes to a byte count that is not a multiple of 4: ${clip(item.embedding)}`;
    if (decoded.length !== expected.length) return `${what}: embedding ${i} decodes to ${decoded.length} floats, the float vector has ${expected.length}`;
    const at = decoded.findIndex((value, j) => !sameFloat32(value, expected[j]!));
    if (at >= 0) return `${what}: embedding ${i} decodes (little-endian float32) to ${decoded[at]} at ${at}, the float vector has ${expected[at]}`;
  }
  return null;
}

/** mr.embeddings.base64: the base64 strings decode to the float vectors of the same request. */
export const embeddingsBase64Check = runnerCheck({
  rule: 'mr.embeddings.base64',
  cases: () => embeddingInput,
  judge: async (input, { client, model }) => {
    const request = { model, input, encoding_format: 'base64' };
    const what = sent('POST', EMBEDDINGS, request);
    let departure: string | null = null;
    for (let round = 0; round < BASE64_ROUNDS; round++) {
      const floats = await post(client, EMBEDDINGS, { model, input, encoding_format: 'float' }, 'embedding-list.float');
      const encoded = await post(client, EMBEDDINGS, request, 'embedding-list.base64');
      departure = base64Departure(what, floats, encoded);
      if (departure === null) return;
    }
    throw new Violation(`${departure} (in each of ${BASE64_ROUNDS} rounds of the two requests)`);
  },
  summary: 'base64 embeddings decoded, as little-endian float32, to the float vectors of the same request (exactly, in one of up to 4 rounds)',
});

/** A malformed inference body; `lenient` where OpenAI and llama-server disagree and only "no 5xx" is asked. */
interface Malformed {
  readonly path: string;
  readonly what: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly lenient?: boolean;
}

/** Bodies with a valid model, so that only the engine's own check of the body is judged. */
function malformed(model: string): fc.Arbitrary<Malformed> {
  // max_tokens bounds the work should a target take a body for a conversation after all.
  const chat = (what: string, fields: Record<string, unknown>, lenient = false): Malformed => ({
    path: CHAT,
    what,
    body: { model, max_tokens: 4, ...fields },
    ...(lenient ? { lenient } : {}),
  });
  const notArray = fc.oneof(text, fc.integer(), fc.boolean(), fc.dictionary(matching(/^[a-z]{1,6}$/), text, { maxKeys: 2 }));
  const unknownFormat = matching(/^[a-z0-9_]{1,10}$/).filter((format) => format !== 'float' && format !== 'base64');
  return fc.oneof(
    fc.constant(chat('messages missing', {})),
    notArray.map((messages) => chat('messages not an array', { messages })),
    fc.tuple(conversation, fc.nat(), fc.constantFrom('system', 'user')).map(([messages, at, role]) => {
      const withHole: object[] = [...messages];
      withHole.splice(at % (messages.length + 1), 0, { role });
      return chat(`a ${role} message without content`, { messages: withHole });
    }),
    fc.constant(chat('empty messages', { messages: [] }, true)),
    fc.constant<Malformed>({ path: COMPLETIONS, what: 'prompt missing', body: { model, max_tokens: 4 } }),
    fc.constant<Malformed>({ path: EMBEDDINGS, what: 'input missing', body: { model } }),
    fc.tuple(embeddingInput, unknownFormat).map(
      ([input, format]): Malformed => ({
        path: EMBEDDINGS,
        what: `encoding_format ${JSON.stringify(format)}`,
        body: { model, input, encoding_format: format },
      }),
    ),
  );
}

/** mr.openai.bad-request: malformed bodies are 400 with {"error":{"message"}}; empty messages only never a 5xx. */
export const badRequestCheck = runnerCheck({
  rule: 'mr.openai.bad-request',
  cases: (model) => malformed(model),
  judge: async ({ path, what, body, lenient }, { client }) => {
    const request = `${sent('POST', path, body)} (${what})`;
    const reply = await client.request('POST', path, { json: body });
    if (lenient === true) {
      if (reply.status >= 500) throw new Violation(`${request} answered ${reply.status}: ${clip(reply.body)}`);
      return;
    }
    if (reply.status !== 400) throw new Violation(`${request} answered ${reply.status}, not 400: ${clip(reply.body)}`);
    const invalid = validate('error', jsonOf(request, reply));
    if (invalid !== null) throw new Violation(`${request} answered 400 without an error object with a message: ${invalid}; the body: ${clip(reply.body)}`);
  },
  summary: 'malformed bodies answered 400 with {"error":{"message":…}}, and empty messages no 5xx',
});

/**
 * mr.auth.none (without credentials) and mr.auth.ignored (with an arbitrary Authorization header): the
 * model list and a chat completion are 200.
 */
const authCheck = (rule: RuleId, withToken: boolean): RuleCheck =>
  runnerCheck({
    rule,
    cases: () => fc.record({ credentials: authorization, messages: conversation }),
    judge: async ({ credentials, messages }, { client, model }) => {
      const chat = { model, messages, max_tokens: 4 };
      const [how, headers]: readonly [string, Record<string, string>] = withToken
        ? [`with Authorization: ${credentials}`, { Authorization: credentials }]
        : ['without Authorization', {}];
      const list = await client.request('GET', '/models', { headers });
      if (list.status !== 200) throw new Violation(`GET /models ${how} answered ${list.status}: ${clip(list.body)}`);
      const answer = await client.request('POST', CHAT, { json: chat, headers });
      if (answer.status !== 200) throw new Violation(`${sent('POST', CHAT, chat)} ${how} answered ${answer.status}: ${clip(answer.body)}`);
    },
    summary: `GET /models and a chat completion answered 200 ${withToken ? 'with a generated Authorization header' : 'without credentials'}`,
  });

export const authNoneCheck = authCheck('mr.auth.none', false);
export const authIgnoredCheck = authCheck('mr.auth.ignored', true);
