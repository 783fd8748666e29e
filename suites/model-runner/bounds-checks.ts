import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import type { CheckClient } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { inferenceClient } from './endpoints.js';
import { modelForInference } from './models.js';
import { clip, jsonOf, sent } from './openai-calls.js';

/**
 * The OpenAI API's documented limits (openapi.yaml: n ≤ 128; embeddings: ≤ 2048 inputs, ≤ 8192
 * tokens each, ≤ 300 000 in all). The check's own copy: a suite never reads the simulator's.
 */
const N_MAX = 128;
const INPUTS_MAX = 2048;
const INPUT_TOKENS_MAX = 8192;
const REQUEST_TOKENS_MAX = 300_000;
/** Tokens of an input "at the limit": a margin for the tokens a tokenizer adds (BOS, EOS). */
const NEAR_INPUT_LIMIT = 8000;

/** `count` tokens by any tokenizer's count (a space and a one-letter word each: " w" is one token in the common BPE vocabularies). */
const words = (count: number): string => 'w '.repeat(count).trimEnd();

/** One limit, and how far over it (0: at it). */
type Bound = { readonly limit: 'n' | 'inputs' | 'input-tokens' | 'request-tokens'; readonly over: number; readonly endpoint: 'chat' | 'completions' };

/** The request at (over 0) or over a limit, the field that must be named, and the path. */
function requestOf(model: string, bound: Bound): { path: string; json: Record<string, unknown>; field: string } {
  const { limit, over } = bound;
  switch (limit) {
    case 'n':
      return bound.endpoint === 'chat'
        ? { path: '/chat/completions', json: { model, messages: [{ role: 'user', content: 'Hi.' }], n: N_MAX + over, max_tokens: 1 }, field: 'n' }
        : { path: '/completions', json: { model, prompt: 'Hi.', n: N_MAX + over, max_tokens: 1 }, field: 'n' };
    case 'inputs':
      return { path: '/embeddings', json: { model, input: Array.from({ length: INPUTS_MAX + over }, (_, i) => `w${i}`) }, field: 'input' };
    case 'input-tokens':
      return { path: '/embeddings', json: { model, input: [words(over === 0 ? NEAR_INPUT_LIMIT : INPUT_TOKENS_MAX + over)] }, field: 'input' };
    case 'request-tokens': {
      // Inputs of NEAR_INPUT_LIMIT tokens each, as many as fit (at) or one more than fit (over).
      const fit = Math.floor(REQUEST_TOKENS_MAX / NEAR_INPUT_LIMIT);
      const input = words(NEAR_INPUT_LIMIT);
      return { path: '/embeddings', json: { model, input: Array.from({ length: over === 0 ? fit : fit + 1 }, () => input) }, field: 'input' };
    }
  }
}

const describe = (json: Record<string, unknown>): string => {
  const input = json['input'];
  if (!Array.isArray(input)) return clip(JSON.stringify(json));
  const first = String(input[0] ?? '');
  return `${json['model'] as string} embeddings of ${input.length} inputs (the first ${first.length} characters)`;
};

/** One OpenAI limit exceeded by `over`, on one endpoint. */
const bound = fc.record({
  limit: fc.constantFrom('n' as const, 'inputs' as const, 'input-tokens' as const, 'request-tokens' as const),
  over: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4096 })),
  endpoint: fc.constantFrom('chat' as const, 'completions' as const),
});

/** mr.inference.work-bounds: over an OpenAI limit, 400 naming the field; at it, 200. */
export const workBoundsCheck = runnerCheck({
  rule: 'mr.inference.work-bounds',
  cases: () => fc.tuple(bound, fc.boolean()),
  judge: async ([over, alsoAt], { client, model }) => {
    const refused = requestOf(model, over);
    const reply = await client.request('POST', refused.path, { json: refused.json, timeoutMs: 30_000 });
    const what = `POST ${refused.path} ${describe(refused.json)} (${over.limit} ${over.over} over the OpenAI limit)`;
    if (reply.status !== 400) throw new Violation(`${what} answered ${reply.status}, not 400: ${clip(reply.body)}`);
    const error = (jsonOf(sent('POST', refused.path), reply) as { error?: { message?: unknown; param?: unknown } } | null)?.error;
    if (typeof error?.message !== 'string') throw new Violation(`${what} answered 400 without an OpenAI error object with a message: ${clip(reply.body)}`);
    const param = error.param;
    if (param !== undefined && param !== null && !(typeof param === 'string' && (param === refused.field || param.startsWith(`${refused.field}[`)))) {
      throw new Violation(`${what} answered 400 naming param ${JSON.stringify(param)}, not ${refused.field}`);
    }
    if (!alsoAt) return;
    const served = requestOf(model, { ...over, over: 0 });
    const at = await client.request('POST', served.path, { json: served.json, timeoutMs: 30_000, maxBodyBytes: 64 * 1024 * 1024 });
    if (at.status !== 200)
      throw new Violation(`POST ${served.path} ${describe(served.json)} (${over.limit} at the OpenAI limit) answered ${at.status}: ${clip(at.body)}`);
  },
  summary: 'requests over the OpenAI limits were refused with 400 naming the field; at the limits they were served',
});

/**
 * How much longer than with no other request another client's model list may take while a heavy
 * request is answered: HELD_SHARE of the heavy request's answer time, within FAIR_FLOOR_MS and
 * FAIR_MS. A fixed bound alone would depend on the machine: on a fast one the heaviest work the
 * runner allows, done in one go, ends within it (0.4 s of a 1.1 s answer on a 2-core machine in
 * 2026-11), while a runner that slices its work holds a listing about 15 ms.
 */
const FAIR_MS = 500;
const FAIR_FLOOR_MS = 100;
const HELD_SHARE = 0.15;
/** How much of a heavy request's answer is kept (for the evidence). */
const HEAVY_KEPT_BYTES = 64 * 1024;
/**
 * How long the fairness property generates and shrinks: the cell's default deadline (120 s) less
 * room to start and stop. A case takes ~7 s on a quiet machine, but up to three rounds of a heavy
 * request each on a loaded one (a full test run on two cores): 60 s left it unjudged there.
 */
const FAIRNESS_TIME_LIMIT_MS = 100_000;
/** How many rounds in a row must stall for a stall to be judged. */
const STALL_ROUNDS = 3;
/** How often the second client lists the models. */
const PROBE_EVERY_MS = 20;

/** A heavy request within the OpenAI limits. */
type Heavy =
  | { readonly kind: 'completions'; readonly prompts: number; readonly n: number; readonly stream: boolean }
  | { readonly kind: 'embeddings'; readonly inputs: number; readonly dimensions: number }
  | { readonly kind: 'chat-stream'; readonly n: number };

const heavy: fc.Arbitrary<Heavy> = fc.oneof(
  fc.record({
    kind: fc.constant('completions' as const),
    prompts: fc.integer({ min: 1, max: 30_000 }),
    n: fc.integer({ min: 1, max: N_MAX }),
    stream: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('embeddings' as const),
    inputs: fc.integer({ min: 256, max: INPUTS_MAX }),
    dimensions: fc.constantFrom(256, 512, 1024, 3072, 4096),
  }),
  fc.record({ kind: fc.constant('chat-stream' as const), n: fc.integer({ min: 1, max: N_MAX }) }),
);

/** The heaviest: the 100 KB request, and 2048 inputs at the dimensions a runner may still serve. */
const HEAVIEST: readonly Heavy[] = [
  { kind: 'embeddings', inputs: INPUTS_MAX, dimensions: 1024 },
  { kind: 'completions', prompts: 30_000, n: N_MAX, stream: false },
];

function heavyRequest(model: string, h: Heavy): { path: string; json: unknown; what: string } {
  switch (h.kind) {
    case 'completions':
      return {
        path: '/completions',
        json: { model, prompt: Array.from({ length: h.prompts }, (_, i) => `p${i}`), n: h.n, stream: h.stream },
        what: `completions of ${h.prompts} prompts × n ${h.n}${h.stream ? ', streamed' : ''}`,
      };
    case 'embeddings':
      return {
        path: '/embeddings',
        json: { model, input: Array.from({ length: h.inputs }, (_, i) => `w${i}`), dimensions: h.dimensions },
        what: `embeddings of ${h.inputs} inputs × ${h.dimensions} dimensions`,
      };
    case 'chat-stream':
      return {
        path: '/chat/completions',
        json: { model, messages: [{ role: 'user', content: 'Tell me a long story.' }], n: h.n, stream: true },
        what: `a streamed chat with n ${h.n}`,
      };
  }
}

/**
 * Sends the heavy request and reads its answer to the end; its status. Only the answer's first
 * bytes are kept: tens of MB gathered into one string would cost this process a pause of its own
 * (and a collection of the garbage) that a target in this process would be blamed for.
 */
async function sendHeavy(client: CheckClient, path: string, json: unknown): Promise<number> {
  return (await client.request('POST', path, { json, timeoutMs: 120_000, maxBodyBytes: HEAVY_KEPT_BYTES, tooLarge: 'drain' })).status;
}

/** Lists the models every PROBE_EVERY_MS until `until` settles; each listing's time from when it was due. */
async function listWhile(prober: CheckClient, until: Promise<unknown>, what: string): Promise<number[]> {
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  const latencies: number[] = [];
  // Counted from when the listing was due, not from when it went: a target in this process that
  // holds the event loop holds the prober's timer too, and would otherwise go unseen.
  let due = performance.now();
  while (!done) {
    const reply = await prober.request('GET', '/models', { timeoutMs: 30_000 });
    latencies.push(performance.now() - due);
    if (reply.status !== 200) throw new Violation(`GET /models answered ${reply.status} ${what}`);
    due = performance.now() + PROBE_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return latencies;
}

interface Round {
  readonly status: number;
  /** The worst listing while the heavy request was answered. */
  readonly worst: number;
  readonly listings: number;
  /** The worst listing over as long again with no heavy request: what the target (and this process) take anyway. */
  readonly idle: number;
  /** How long the heavy request took to be answered, to the end of its body. */
  readonly answered: number;
}

/** One heavy request with a second client listing models meanwhile, then as long again without it. */
async function underLoad(client: CheckClient, prober: CheckClient, path: string, json: unknown, what: string): Promise<Round> {
  // The prober's connection is open before the heavy request goes.
  await prober.request('GET', '/models');
  const start = performance.now();
  const heavyDone = sendHeavy(client, path, json);
  const latencies = await listWhile(prober, heavyDone, `while ${what} was answered`);
  const status = await heavyDone;
  if (status !== 200 && status !== 400) throw new Violation(`POST ${path} ${what} answered ${status}, neither 200 nor a 400 refusal`);
  const answered = performance.now() - start;
  const took = Math.min(5_000, Math.max(200, answered));
  const idle = await listWhile(prober, new Promise((resolve) => setTimeout(resolve, took)), 'with no other request');
  return { status, worst: Math.max(...latencies), listings: latencies.length, idle: Math.max(...idle), answered };
}

/** How long beyond the idle worst a listing may wait while a heavy request that took `answered` ms is answered. */
const heldBound = (answered: number): number => Math.min(FAIR_MS, Math.max(FAIR_FLOOR_MS, HELD_SHARE * answered));

/** Whether a round shows the heavy request holding the listings: beyond its bound on top of what they take anyway. */
const unfair = (round: Round): boolean => round.worst > heldBound(round.answered) + round.idle;

/** mr.inference.fairness: another client's model list stays fast while a heavy request is answered. */
export const fairnessCheck: RuleCheck = {
  rule: 'mr.inference.fairness',
  async run(ctx, _api, options) {
    const model = await modelForInference(ctx);
    const client = inferenceClient(ctx);
    const prober = inferenceClient(ctx);
    try {
      return await checkProperty(
        heavy,
        async (h) => {
          const { path, json, what } = heavyRequest(model, h);
          // A stall seen once may be this process's own pause (a garbage collection, another cell's
          // work: the in-process simulator shares the prober's event loop), or the machine's (other
          // processes on a loaded machine); a runner that holds the others for its request's length
          // does it every time. Judged when every one of STALL_ROUNDS rounds stalls.
          const rounds: Round[] = [];
          while (rounds.length < STALL_ROUNDS) {
            const round = await underLoad(client, prober, path, json, what);
            if (!unfair(round)) return;
            rounds.push(round);
          }
          const last = rounds.at(-1) as Round;
          const earlier = rounds
            .slice(0, -1)
            .map((r) => `${r.worst.toFixed(0)} against ${r.idle.toFixed(0)} ms of ${r.answered.toFixed(0)} ms`)
            .join(', ');
          throw new Violation(
            `while POST ${path} ${what} was answered (${last.status}), GET /models from another client answered ${last.worst.toFixed(0)} ms after it was due (${last.listings} listings, one every ${PROBE_EVERY_MS} ms), against ${last.idle.toFixed(0)} ms at worst with no other request: more than ${heldBound(last.answered).toFixed(0)} ms beyond (${HELD_SHARE * 100} % of the ${last.answered.toFixed(0)} ms the heavy request took, within ${FAIR_FLOOR_MS}–${FAIR_MS} ms), in each of ${STALL_ROUNDS} rounds (before: ${earlier})`,
          );
        },
        // Each case moves up to tens of MB: a few, the heaviest first, whatever the seed. A stall
        // costs STALL_ROUNDS rounds per case: shrinking stops in time for the failure to be
        // reported within the cell's deadline.
        { ...options, numRuns: Math.min(options.numRuns, 4), timeLimitMs: options.timeLimitMs ?? FAIRNESS_TIME_LIMIT_MS },
        `while heavy requests were answered or refused, another client's model list answered within ${HELD_SHARE * 100} % of their answer time (${FAIR_FLOOR_MS}–${FAIR_MS} ms) of what it takes with no other request`,
        HEAVIEST,
      );
    } finally {
      client.close();
      prober.close();
    }
  },
};
