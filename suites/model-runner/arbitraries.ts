import fc from 'fast-check';
import { matching } from '../arbitraries/matching.js';

/** One message of a generated conversation. */
export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

const word = matching(/^[a-z]{1,8}$/);

/**
 * Short printable text, never empty nor blank: lower-case words (what a model answers at length),
 * or any printable ASCII (punctuation, digits, capitals).
 */
export const text: fc.Arbitrary<string> = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ')),
  fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() !== ''),
);

/**
 * 1–4 messages: at most one system message, first, then user messages. Chat templates (the real
 * service runs llama-server with --jinja) may refuse a system message after the first turn or a
 * conversation that does not end with the user, and that is no rule of the inference area.
 */
export const conversation: fc.Arbitrary<ChatMessage[]> = fc
  .tuple(fc.option(text, { nil: undefined }), fc.array(text, { minLength: 1, maxLength: 3 }))
  .map(([system, users]) => [
    ...(system === undefined ? [] : [{ role: 'system' as const, content: system }]),
    ...users.map((content) => ({ role: 'user' as const, content })),
  ]);

/** A text-completion prompt. */
export const prompt: fc.Arbitrary<string> = text;

/** An embeddings `input`: a string, or an array of 1–4 strings (OpenAI refuses empty ones). */
export const embeddingInput: fc.Arbitrary<string | string[]> = fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 4 }));

/** The inputs an embeddings `input` names, in order. */
export const inputsOf = (input: string | readonly string[]): readonly string[] => (typeof input === 'string' ? [input] : input);

/** `max_tokens` small enough that a real model answers at once. */
export const maxTokens: fc.Arbitrary<number> = fc.integer({ min: 1, max: 16 });

/** `n`: how many choices. */
export const choiceCount: fc.Arbitrary<number> = fc.integer({ min: 1, max: 4 });

/** `seed`: within 31 bits, which every engine takes (llama-server's is a uint32, OpenAI's an int64). */
export const seed: fc.Arbitrary<number> = fc.integer({ min: 0, max: 0x7fffffff });

/** A bearer token (RFC 6750 token68 characters). */
export const bearerToken: fc.Arbitrary<string> = matching(/^[A-Za-z0-9._~+/-]{1,40}$/);

/** An Authorization header value: a bearer token, Basic credentials (user:password in base64), or a token under another scheme. */
export const authorization: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: bearerToken.map((token) => `Bearer ${token}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(word, matching(/^[!-~]{0,16}$/)).map(([user, password]) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Token', 'ApiKey', 'bearer'), bearerToken).map(([scheme, token]) => `${scheme} ${token}`) },
);
