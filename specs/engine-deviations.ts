/**
 * Where an OpenAI-compatible engine, run bare through an `openai:`-kind target, breaks a rule of
 * the model runner area. The suites still report these as failures: this list lets the engine's
 * test (test/llama-server-suite.test.ts) and docs/known-deviations-table.md (generated from it) name them, so that any other failure is caught.
 */
export interface EngineDeviation {
  readonly rule: string;
  /** The engine as the report names it (suites/targets/engine-identity.ts). */
  readonly engine: string;
  /** Builds observed to deviate. */
  readonly builds: readonly string[];
  readonly what: string;
  /** The exchange that shows it. */
  readonly evidence: string;
}

const LLAMA = 'llama.cpp (llama-server)';
const BUILD = 'b11669-Debian';

export const ENGINE_DEVIATIONS: readonly EngineDeviation[] = [
  {
    rule: 'mr.openai.models.retrieve',
    engine: LLAMA,
    builds: [BUILD],
    what: 'no endpoint retrieves one model: GET /v1/models/{id} is 404 for a model /v1/models lists',
    evidence: 'GET /v1/models/tiny-llama-chat → 404 {"error":{"message":"File Not Found","type":"not_found_error","code":404}} (2026-11-27)',
  },
  {
    rule: 'mr.inference.work-bounds',
    engine: LLAMA,
    builds: [BUILD],
    what: "its bounds are its own, not OpenAI's: n is capped by its slots (4), 2049 embedding inputs are answered, an input over the batch size is a 500",
    evidence:
      'n 128 with max_tokens 1 → 400 "Field \'n\': Value must be between 1 <= value <= 4, but got 128"; 2049 inputs to /v1/embeddings → 200; one input of 8193 tokens → 500 "input (8193 tokens) is too large to process. increase the physical batch size" (2026-11-27)',
  },
  {
    rule: 'mr.inference.fairness',
    engine: LLAMA,
    builds: [BUILD],
    what: 'a heavy request within the OpenAI limits ends in a 5xx: prompts that generate until the context is full, n > 1 beside other requests',
    evidence:
      'POST /v1/completions {"prompt":["p0","p1"],"n":1} (no max_tokens) → 500 {"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}} (2026-11-27)',
  },
];
