import fc from 'fast-check';
import type { CheckClient } from '../harness/context.js';
import { runnerCheck } from './runner-check.js';
import { NotExercised, Violation } from '../harness/verdict.js';
import { choiceCount, conversation, maxTokens, prompt, seed, text, type ChatMessage } from './arbitraries.js';
import { clip, contentOf, counts, deterministic, post, sent } from './openai-calls.js';
import type { Usage } from './openai-schemas.js';

const CHAT = '/chat/completions';
const COMPLETIONS = '/completions';

/** mr.generation.max-tokens: at most max_tokens completion tokens; cut by the cap, finish_reason "length". */
export const maxTokensCheck = runnerCheck({
  rule: 'mr.generation.max-tokens',
  cases: () => fc.record({ messages: conversation, seed, limit: maxTokens }),
  judge: async ({ messages, seed: s, limit }, { client, model }) => {
    const request = { model, messages, max_tokens: limit, ...deterministic(s) };
    const capped = await post(client, CHAT, request, 'chat.completion');
    const what = sent('POST', CHAT, request);
    if (capped.usage.completion_tokens > limit)
      throw new Violation(`${what} answered ${capped.usage.completion_tokens} completion tokens, over max_tokens ${limit}`);
    // The same request with room to go on tells whether the cap, not the model, ended the answer.
    const longer = { ...request, max_tokens: limit + 16 };
    const free = await post(client, CHAT, longer, 'chat.completion');
    if (free.usage.completion_tokens <= limit) throw new NotExercised('the model ended its answer within max_tokens by itself: the cap was not what ended it');
    const choice = capped.choices[0];
    if (capped.usage.completion_tokens !== limit || choice?.finish_reason !== 'length') {
      throw new Violation(
        `${what} answered ${capped.usage.completion_tokens} completion tokens with finish_reason ${JSON.stringify(choice?.finish_reason)}, though with max_tokens ${limit + 16} it answers ${free.usage.completion_tokens}: the cap cut it, so ${limit} tokens and "length"`,
      );
    }
  },
  summary: 'completion tokens never passed max_tokens, and an answer the cap cut ended with finish_reason "length"',
});

/** How long the unstopped answer may be: enough text to cut a stop string from. */
const UNSTOPPED_TOKENS = 24;

/** A stop string cut from the unstopped answer: where it starts (after the first character) and how long it is. */
const stopCut = fc.record({ at: fc.nat(), length: fc.integer({ min: 1, max: 6 }) });

/** The piece of `content` (at least 2 characters) a stop cut names; it never starts at the first character. */
function stopString(content: string, { at, length }: { readonly at: number; readonly length: number }): string {
  const start = 1 + (at % (content.length - 1));
  return content.slice(start, start + length);
}

/**
 * Where an engine that stops generating once a stop string has appeared may cut `content`: it reads
 * its tokens one by one and, after the first token with which some stop string is in the text, ends
 * before the earliest of those then in it. Token boundaries are not seen from outside, so every
 * prefix length from the first end of any stop string on is a boundary some tokenisation has: the
 * cuts due are the earliest stop starts in each such prefix (from the stop string completed first
 * down to the earliest one of all).
 */
export function stopCuts(content: string, stops: readonly string[]): Set<number> {
  const first = stops
    .filter((stop) => stop !== '' && content.includes(stop))
    .map((stop) => ({ start: content.indexOf(stop), end: content.indexOf(stop) + stop.length }));
  const cuts = new Set<number>();
  for (const { end } of first) cuts.add(Math.min(...first.filter((o) => o.end <= end).map((o) => o.start)));
  return cuts;
}

/** mr.generation.stop: the answer ends before a stop string, where generation token by token would stop, with "stop". */
export const stopCheck = runnerCheck({
  rule: 'mr.generation.stop',
  cases:
    // One stop string, sent as a string or as an array of one; or up to 4 (OpenAI's most), sent as an array in any order.
    () => fc.record({ messages: conversation, seed, cuts: fc.array(stopCut, { minLength: 1, maxLength: 4 }), asArray: fc.boolean() }),
  judge: async ({ messages, seed: s, cuts, asArray }, { client, model }) => {
    const request = { model, messages, max_tokens: UNSTOPPED_TOKENS, ...deterministic(s) };
    const whole = await post(client, CHAT, request, 'chat.completion');
    const content = contentOf(whole.choices[0]?.message.content ?? null);
    fc.pre(content.length >= 2);
    const stops = cuts.map((cut) => stopString(content, cut));
    const due = [...stopCuts(content, stops)].sort((a, b) => a - b).map((cut) => content.slice(0, cut));
    // More room than the unstopped answer had: were the stop string to end on the cap's last
    // token, an engine could report the cap; with room, only the stop string ends it there.
    const stopped = { ...request, max_tokens: UNSTOPPED_TOKENS + 8, stop: stops.length === 1 && !asArray ? stops[0]! : stops };
    const answer = await post(client, CHAT, stopped, 'chat.completion');
    const choice = answer.choices[0];
    const got = contentOf(choice?.message.content ?? null);
    const what = sent('POST', CHAT, stopped);
    if (!due.includes(got))
      throw new Violation(
        `${what} answered ${JSON.stringify(clip(got))}; without the stop strings the answer is ${JSON.stringify(clip(content))}, so ${due.map((d) => JSON.stringify(clip(d))).join(' or ')} was due (cut before a stop string, once one had appeared)`,
      );
    if (choice?.finish_reason !== 'stop') throw new Violation(`${what} ended with finish_reason ${JSON.stringify(choice?.finish_reason)}, not "stop"`);
  },
  summary: 'stop strings cut from the answer ended it before a stop string, where generation token by token stops, with finish_reason "stop"',
});

/** mr.generation.n: exactly n choices, indexed 0..n-1. */
export const choiceCountCheck = runnerCheck({
  rule: 'mr.generation.n',
  cases: () => fc.record({ messages: conversation, seed, n: choiceCount, limit: maxTokens }),
  judge: async ({ messages, seed: s, n, limit }, { client, model }) => {
    const request = { model, messages, n, max_tokens: limit, seed: s };
    const answer = await post(client, CHAT, request, 'chat.completion');
    const indexes = answer.choices.map((choice) => choice.index).sort((a, b) => a - b);
    const expected = Array.from({ length: n }, (_, i) => i);
    if (indexes.join() !== expected.join())
      throw new Violation(
        `${sent('POST', CHAT, request)} answered ${answer.choices.length} choices indexed [${indexes.join(', ')}], not [${expected.join(', ')}]`,
      );
  },
  summary: 'n choices came back, indexed 0 to n-1',
});

/** A request and its longer variant (the same prompt with text after it). */
type UsageCase =
  | { readonly kind: 'chat'; readonly messages: readonly ChatMessage[]; readonly more: string; readonly limit: number }
  | { readonly kind: 'text'; readonly prompt: string; readonly more: string; readonly limit: number };

const usageCase: fc.Arbitrary<UsageCase> = fc.oneof(
  fc.record({ kind: fc.constant('chat' as const), messages: conversation, more: text, limit: maxTokens }),
  fc.record({ kind: fc.constant('text' as const), prompt, more: text, limit: maxTokens }),
);

/** The counts of one answer add up and are positive where something was counted. */
function judgeUsage(what: string, usage: Usage | undefined, texts: readonly string[]): Usage {
  if (usage === undefined) throw new Violation(`${what} answered no usage`);
  if (usage.total_tokens !== usage.prompt_tokens + usage.completion_tokens) throw new Violation(`${what} counted ${counts(usage)}: the total is not the sum`);
  if (usage.prompt_tokens <= 0) throw new Violation(`${what} counted ${counts(usage)} for a non-empty prompt`);
  if (texts.some((t) => t !== '') && usage.completion_tokens <= 0) throw new Violation(`${what} returned text but counted ${counts(usage)}`);
  return usage;
}

/** Sends one side of a usage case and judges its counts. */
async function usageOf(client: CheckClient, model: string, c: UsageCase, longer: boolean): Promise<Usage> {
  if (c.kind === 'chat') {
    const request = { model, messages: longer ? [...c.messages, { role: 'user', content: c.more }] : c.messages, max_tokens: c.limit };
    const answer = await post(client, CHAT, request, 'chat.completion');
    return judgeUsage(
      sent('POST', CHAT, request),
      answer.usage,
      answer.choices.map((choice) => contentOf(choice.message.content)),
    );
  }
  // A line break between prompt and addition, so that the prompt's own last token stays as it was.
  const request = { model, prompt: longer ? `${c.prompt}\n${c.more}` : c.prompt, max_tokens: c.limit };
  const answer = await post(client, COMPLETIONS, request, 'text_completion');
  return judgeUsage(
    sent('POST', COMPLETIONS, request),
    answer.usage,
    answer.choices.map((choice) => choice.text),
  );
}

/** mr.generation.usage: integer counts that add up, positive where due, and growing with the prompt. */
export const usageCheck = runnerCheck({
  rule: 'mr.generation.usage',
  cases: () => usageCase,
  judge: async (c, { client, model }) => {
    const short = await usageOf(client, model, c, false);
    const long = await usageOf(client, model, c, true);
    if (long.prompt_tokens < short.prompt_tokens) {
      throw new Violation(
        `a ${c.kind} prompt extended by ${JSON.stringify(clip(c.more))} counted ${long.prompt_tokens} prompt tokens, fewer than the ${short.prompt_tokens} of the prompt alone`,
      );
    }
  },
  summary: 'chat and text completion usages added up, counted the prompt and the text, and grew with the prompt',
});
