import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * JSON Schemas of the OpenAI objects the inference rules read (openai-openapi: Model,
 * ListModelsResponse, CreateChatCompletionResponse, CreateChatCompletionStreamResponse,
 * CreateCompletionResponse, CreateEmbeddingResponse, CompletionUsage, ErrorResponse).
 *
 * They are the OpenAI shapes read leniently where llama-server (the engine behind the real
 * service) differs without breaking a client: extra properties are allowed everywhere (llama-server
 * adds `timings`, `meta`…), `logprobs` and `refusal` may be absent, `usage` on a chunk may be
 * absent or null, an error carries only a required `message` (llama-server's `code` is an integer
 * and it sends no `param`).
 */

const Count = Type.Integer({ minimum: 0 });
const NonEmpty = Type.String({ minLength: 1 });
/** Unix seconds; an integer, as clients parse it into a date. */
const Created = Type.Integer({ minimum: 0 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** OpenAI's logprobs objects differ per endpoint and llama-server uses the chat shape everywhere: any object. */
const Logprobs = Type.Optional(Nullable(Type.Object({})));

const Usage = Type.Object({ prompt_tokens: Count, completion_tokens: Count, total_tokens: Count });
const EmbeddingUsage = Type.Object({ prompt_tokens: Count, total_tokens: Count });

const Model = Type.Object({ id: NonEmpty, object: Type.Literal('model'), created: Created, owned_by: Type.String() });
const ModelList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Model) });

/** One of some strings, as an `enum` (ajv then names the allowed values, where a union of literals reports only the first). */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: values });
/** The same, or null (a chunk's finish_reason before the last). */
const oneOfOrNull = <T extends string>(values: readonly T[]) => Type.Unsafe<T | null>({ type: ['string', 'null'], enum: [...values, null] });

const CHAT_FINISH = ['stop', 'length', 'tool_calls', 'content_filter', 'function_call'] as const;
const TEXT_FINISH = ['stop', 'length', 'content_filter'] as const;

/** The fields every completion object and chunk starts with; `model` is any non-empty name (llama-server may answer its alias). */
const head = <K extends string>(object: K) => ({
  id: NonEmpty,
  object: Type.Literal(object),
  created: Created,
  model: NonEmpty,
  system_fingerprint: Type.Optional(Nullable(Type.String())),
});

const ChatCompletion = Type.Object({
  ...head('chat.completion'),
  choices: Type.Array(
    Type.Object({
      index: Count,
      message: Type.Object({ role: Type.Literal('assistant'), content: Nullable(Type.String()), refusal: Type.Optional(Nullable(Type.String())) }),
      finish_reason: oneOf(CHAT_FINISH),
      logprobs: Logprobs,
    }),
    { minItems: 1 },
  ),
  // Optional in OpenAI's schema, but mr.chat.shape names it among the fields of the answer.
  usage: Usage,
});

const ChatCompletionChunk = Type.Object({
  ...head('chat.completion.chunk'),
  // Empty in the usage chunk (stream_options.include_usage).
  choices: Type.Array(
    Type.Object({
      index: Count,
      delta: Type.Object({ role: Type.Optional(Type.Literal('assistant')), content: Type.Optional(Nullable(Type.String())) }),
      finish_reason: oneOfOrNull(CHAT_FINISH),
      logprobs: Logprobs,
    }),
  ),
  usage: Type.Optional(Nullable(Usage)),
});

const TextCompletion = Type.Object({
  ...head('text_completion'),
  choices: Type.Array(Type.Object({ text: Type.String(), index: Count, finish_reason: oneOf(TEXT_FINISH), logprobs: Logprobs }), { minItems: 1 }),
  usage: Type.Optional(Usage),
});

/** OpenAI streams text completions as the same object; its chunks have no finish_reason until the last. */
const TextCompletionChunk = Type.Object({
  ...head('text_completion'),
  choices: Type.Array(Type.Object({ text: Type.String(), index: Count, finish_reason: oneOfOrNull(TEXT_FINISH), logprobs: Logprobs })),
  usage: Type.Optional(Nullable(Usage)),
});

const FloatEmbedding = Type.Object({ object: Type.Literal('embedding'), index: Count, embedding: Type.Array(Type.Number(), { minItems: 1 }) });
/** Little-endian float32 bytes in standard base64 (openai-node src/lib/embeddings.ts decodes it so). */
const Base64Embedding = Type.Object({
  object: Type.Literal('embedding'),
  index: Count,
  embedding: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
});
const embeddingList = <T extends TSchema>(item: T) =>
  Type.Object({ object: Type.Literal('list'), data: Type.Array(item, { minItems: 1 }), model: NonEmpty, usage: EmbeddingUsage });

const ErrorBody = Type.Object({ error: Type.Object({ message: Type.String() }) });

const SCHEMAS = {
  model: Model,
  'model-list': ModelList,
  'chat.completion': ChatCompletion,
  'chat.completion.chunk': ChatCompletionChunk,
  text_completion: TextCompletion,
  'text_completion.chunk': TextCompletionChunk,
  'embedding.float': FloatEmbedding,
  'embedding.base64': Base64Embedding,
  'embedding-list.float': embeddingList(FloatEmbedding),
  'embedding-list.base64': embeddingList(Base64Embedding),
  usage: Usage,
  error: ErrorBody,
} as const;

/** The name of one OpenAI object schema. */
export type SchemaName = keyof typeof SCHEMAS;

/** What a value valid against the named schema is known to hold. */
export type OpenAiObject<K extends SchemaName> = Static<(typeof SCHEMAS)[K]>;

export type ChatCompletionChunk = OpenAiObject<'chat.completion.chunk'>;
export type Usage = OpenAiObject<'usage'>;

// allErrors off: the first error is the one reported, and validation stops there.
const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = ajv.compile(SCHEMAS[name]);
    compiled.set(name, validate);
  }
  return validate;
}

/** One ajv error as a reader wants it: where, what, and the value a `const` wanted. */
function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(the body)' : error.instancePath;
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown };
  const allowed =
    error.keyword === 'const' ? ` ${JSON.stringify(params.allowedValue)}` : error.keyword === 'enum' ? ` ${JSON.stringify(params.allowedValues)}` : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}

/** Validates `value` against the named schema: null when valid, else the first error with its instance path. */
export function validate(name: SchemaName, value: unknown): string | null {
  const check = validator(name);
  if (check(value)) return null;
  const first = check.errors?.[0];
  return first === undefined ? 'invalid' : describeError(first);
}
