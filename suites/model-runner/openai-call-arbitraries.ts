import fc from 'fast-check';
import { LOWER_DIGITS, word } from '../arbitraries/words.js';
import { choiceCount, conversation, embeddingInput, maxTokens, prompt, seed } from './arbitraries.js';
import { deterministic } from './openai-calls.js';

/**
 * Requests to the OpenAI-style endpoints, for the rules that send one request under two path
 * forms (or under a wrong one) and compare. `path` follows the version segment: `/models`,
 * `/chat/completions`, … Generation requests are deterministic (temperature 0 and a seed), so
 * that two of them may be compared.
 */
export interface OpenAiCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** A JSON body, or `raw` text sent as JSON. */
  readonly json?: unknown;
  readonly raw?: string;
  /** Whether a runner that serves the path answers 2xx (a valid request for a held model). */
  readonly valid: boolean;
}

/** How a Violation names a call. */
export const describeCall = (call: OpenAiCall, path: string): string =>
  `${call.method} ${path}${call.json !== undefined ? ` ${JSON.stringify(call.json).slice(0, 120)}` : call.raw !== undefined ? ` ${JSON.stringify(call.raw)}` : ''}`;

/** The request options of a call (its body, if any). */
export const bodyOf = (call: OpenAiCall): { json?: unknown; body?: string; headers?: Record<string, string> } =>
  call.json !== undefined ? { json: call.json } : call.raw !== undefined ? { body: call.raw, headers: { 'Content-Type': 'application/json' } } : {};

const missingModel = word(LOWER_DIGITS, 4, 8).map((name) => `ctr-conformance/no-such-${name}`);

/** Valid generation requests for `model`: chat (sometimes streamed, sometimes n > 1), text completion, embeddings. */
export function generationCall(model: string): fc.Arbitrary<OpenAiCall> {
  return fc.oneof(
    fc
      .record({ messages: conversation, seed, max_tokens: maxTokens, n: fc.option(choiceCount, { nil: undefined }), stream: fc.boolean() })
      .map(({ seed: s, n, stream, ...rest }) => ({
        method: 'POST' as const,
        path: '/chat/completions',
        json: { model, ...rest, ...deterministic(s), ...(n === undefined ? {} : { n }), ...(stream ? { stream } : {}) },
        valid: true,
      })),
    fc.record({ prompt, seed, max_tokens: maxTokens, stream: fc.boolean() }).map(({ seed: s, stream, ...rest }) => ({
      method: 'POST' as const,
      path: '/completions',
      json: { model, ...rest, ...deterministic(s), ...(stream ? { stream } : {}) },
      valid: true,
    })),
    embeddingInput.map((input) => ({ method: 'POST' as const, path: '/embeddings', json: { model, input }, valid: true })),
  );
}

/** Refused generation requests: no JSON, no model, a model not held, a body the engine refuses. */
export function refusedGenerationCall(model: string): fc.Arbitrary<OpenAiCall> {
  const post = fc.constantFrom('/chat/completions', '/completions', '/embeddings');
  return fc.oneof(
    fc.tuple(post, fc.constantFrom('', 'not json', '{"model":', '[]', '"text"')).map(([path, raw]) => ({ method: 'POST' as const, path, raw, valid: false })),
    fc.tuple(post, conversation).map(([path, messages]) => ({ method: 'POST' as const, path, json: { messages, prompt: 'x', input: 'x' }, valid: false })),
    fc
      .tuple(missingModel, conversation)
      .map(([missing, messages]) => ({ method: 'POST' as const, path: '/chat/completions', json: { model: missing, messages }, valid: false })),
    fc.constant({ method: 'POST' as const, path: '/chat/completions', json: { model }, valid: false }),
    fc.constant({ method: 'POST' as const, path: '/embeddings', json: { model, input: [] }, valid: false }),
    fc.constant({ method: 'POST' as const, path: '/completions', json: { model, prompt: 'x', temperature: 3 }, valid: false }),
  );
}

/** GET models, GET one model (held, or not: 404). */
export function modelCall(model: string): fc.Arbitrary<OpenAiCall> {
  const held = model.replace(/:latest$/, '');
  return fc.oneof(
    fc.constant({ method: 'GET' as const, path: '/models', valid: true }),
    fc.constant({ method: 'GET' as const, path: `/models/${held}`, valid: true }),
    missingModel.map((missing) => ({ method: 'GET' as const, path: `/models/${missing}`, valid: false })),
  );
}

/** Any OpenAI-style call: listing, generation, refused generation. */
export const openAiCall = (model: string): fc.Arbitrary<OpenAiCall> =>
  fc.oneof({ weight: 2, arbitrary: modelCall(model) }, { weight: 3, arbitrary: generationCall(model) }, { weight: 2, arbitrary: refusedGenerationCall(model) });
