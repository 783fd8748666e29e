import type { Explanation } from './differential.js';

/**
 * Why ctrd-sim (first) and llama.cpp's llama-server (second) answer the same generated OpenAI calls
 * differently, observed with the `llama-server` target (llama.cpp 0.7.0+dfsg, build b11669, the tiny
 * generated models) on 2026-11-27. ctrd-sim is Docker Model Runner with its engine: where the runner's
 * own checks answer (in plain text, before any engine), a bare llama-server has no such layer.
 */
const EXTRA_FIELDS = new Set([
  '$.timings',
  '$.usage.prompt_tokens_details',
  '$.models',
  '$.data[].meta',
  '$.data[].aliases',
  '$.data[].tags',
  '$.data[].architecture',
]);

export const LLAMA_EXPLANATIONS: readonly Explanation[] = [
  {
    id: 'runner.checks',
    kind: 'runner',
    rule: 'mr.inference.checks',
    what: "the model runner's own checks (not JSON, no model, a model not held) answer in plain text before any engine; llama-server has no runner in front, takes any model name and reads the body itself",
    covers: (_call, _difference, { first }) => first.error === 'plain-text',
  },
  {
    id: 'llama.extra-fields',
    kind: 'extension',
    what: 'llama-server adds fields of its own: timings, usage.prompt_tokens_details, an Ollama-style models[] and meta, aliases, tags, architecture in the models list',
    covers: (_call, d) => d.aspect === 'only-second' && EXTRA_FIELDS.has(d.at),
  },
  {
    id: 'llama.completions-stream-usage',
    kind: 'extension',
    what: 'a /completions stream carries usage in its last chunk without stream_options.include_usage',
    covers: (call, d) => call.path === '/completions' && d.aspect === 'only-second' && d.at === '$.usage',
  },
  {
    id: 'llama.first-delta-null',
    kind: 'extension',
    what: 'the first chunk of a chat stream has delta.content null (the OpenAI shape allows null)',
    covers: (_call, d) => d.aspect === 'type' && d.at === '$.choices[].delta.content' && d.second.includes('null'),
  },
  {
    id: 'llama.openai-error-fields',
    kind: 'known-deviation',
    what: 'its error object has code as the HTTP status (a number; OpenAI: a string or null) and no param',
    covers: (_call, d) => (d.aspect === 'type' && d.at === '$.error.code') || (d.aspect === 'only-first' && d.at === '$.error.param'),
  },
  {
    id: 'llama.choice-fields',
    kind: 'known-deviation',
    what: 'its choices have no logprobs and its messages no refusal (both null in the OpenAI shape)',
    covers: (_call, d) => d.aspect === 'only-first' && (d.at === '$.choices[].logprobs' || d.at === '$.choices[].message.refusal'),
  },
  {
    id: 'llama.no-retrieve',
    kind: 'known-deviation',
    rule: 'mr.openai.models.retrieve',
    what: 'GET /v1/models/{id} is 404 "File Not Found" (no retrieve endpoint), for a model it lists too',
    covers: (call, d, { second }) => call.method === 'GET' && call.path.startsWith('/models/') && second.status === 404 && d.aspect !== 'only-first',
  },
  {
    id: 'llama.lenient-bounds',
    kind: 'known-deviation',
    rule: 'mr.openai.bad-request',
    what: 'it takes values OpenAI refuses (temperature above 2) and answers them 200',
    covers: (_call, _d, { first, second }) => first.status === 400 && first.error === 'openai-error' && second.status === 200,
  },
  {
    id: 'llama.context-shared',
    kind: 'known-deviation',
    rule: 'mr.inference.fairness',
    what: 'a request with n > 1 while other requests hold its slots can end in 500 "Context size has been exceeded" (a stream: an error event, no final chunk and no [DONE])',
    covers: (call, d, { second }) =>
      typeof (call.json as { n?: unknown } | undefined)?.n === 'number' &&
      (call.json as { n: number }).n > 1 &&
      (second.status === 500 ||
        d.aspect === 'stream-end' ||
        (d.aspect === 'type' && d.at === '$.choices[].finish_reason') ||
        d.aspect === 'error' ||
        d.aspect === 'only-second'),
  },
];
