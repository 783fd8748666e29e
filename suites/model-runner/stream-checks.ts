import fc from 'fast-check';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { conversation, maxTokens, prompt, seed } from './arbitraries.js';
import { clip, contentOf, counts, deterministic, hasUsage, post, postStream, sent, streamedContent } from './openai-calls.js';
import type { ChatCompletionChunk } from './openai-schemas.js';

const CHAT = '/chat/completions';
const COMPLETIONS = '/completions';

/** A deterministic chat request: the same one is sent streamed and not, and the answers compared. */
const chatCase = fc.record({ messages: conversation, seed, maxTokens });

/** The framing rules of a chat stream that hold whatever the text: one id, role first, one finish per choice. */
function judgeChatChunks(request: string, chunks: readonly ChatCompletionChunk[]): void {
  const first = chunks[0];
  if (first === undefined) throw new Violation(`${request}: the stream has no chunk before data: [DONE]`);
  const otherId = chunks.find((chunk) => chunk.id !== first.id);
  if (otherId !== undefined) throw new Violation(`${request}: the stream changes its id from ${first.id} to ${otherId.id}`);
  const indexes = new Set(chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.index)));
  for (const index of indexes) {
    const deltas = chunks.flatMap((chunk) => chunk.choices.filter((choice) => choice.index === index));
    const opening = deltas[0];
    if (opening?.delta.role !== 'assistant')
      throw new Violation(`${request}: the first delta of choice ${index} has no role "assistant": ${clip(JSON.stringify(opening))}`);
    const finishes = deltas.filter((choice) => choice.finish_reason !== null);
    if (finishes.length !== 1)
      throw new Violation(`${request}: choice ${index} has ${finishes.length} chunks with a finish_reason, not one: ${clip(JSON.stringify(finishes))}`);
  }
}

/** mr.chat.stream: valid chunks, one id, role first, one finish per choice, [DONE] last, the non-streamed text. */
export const chatStreamCheck = runnerCheck({
  rule: 'mr.chat.stream',
  cases: () => chatCase,
  judge: async ({ messages, seed: s, maxTokens: max }, { client, model }) => {
    const request = { model, messages, max_tokens: max, ...deterministic(s) };
    const whole = await post(client, CHAT, request, 'chat.completion');
    const streamed = { ...request, stream: true };
    const chunks = await postStream(client, CHAT, streamed, 'chat.completion.chunk');
    const what = sent('POST', CHAT, streamed);
    judgeChatChunks(what, chunks);
    for (const choice of whole.choices) {
      const text = streamedContent(chunks, choice.index);
      const expected = contentOf(choice.message.content);
      if (text !== expected)
        throw new Violation(
          `${what}: the deltas of choice ${choice.index} join to ${JSON.stringify(clip(text))}, but the same request not streamed answered ${JSON.stringify(clip(expected))}`,
        );
    }
  },
  summary: 'streamed chat completions were valid chunks with one id, the role first and one finish_reason, ended by [DONE], and gave the non-streamed text',
});

/** mr.chat.stream.usage: include_usage adds one last chunk with no choices and the non-streamed usage; without it, no usage. */
export const chatStreamUsageCheck = runnerCheck({
  rule: 'mr.chat.stream.usage',
  cases: () => chatCase,
  judge: async ({ messages, seed: s, maxTokens: max }, { client, model }) => {
    const request = { model, messages, max_tokens: max, ...deterministic(s) };
    const whole = await post(client, CHAT, request, 'chat.completion');
    const asked = { ...request, stream: true, stream_options: { include_usage: true } };
    const what = sent('POST', CHAT, asked);
    const chunks = await postStream(client, CHAT, asked, 'chat.completion.chunk');
    const carrying = chunks.filter(hasUsage);
    const usageChunk = carrying[0];
    if (carrying.length !== 1 || usageChunk === undefined)
      throw new Violation(`${what}: ${carrying.length} chunks carry usage, not one: ${clip(JSON.stringify(carrying))}`);
    if (chunks.indexOf(usageChunk) !== chunks.length - 1)
      throw new Violation(`${what}: the usage chunk is chunk ${chunks.indexOf(usageChunk) + 1} of ${chunks.length}, not the last before [DONE]`);
    if (usageChunk.choices.length !== 0)
      throw new Violation(`${what}: the usage chunk has ${usageChunk.choices.length} choices, not []: ${clip(JSON.stringify(usageChunk))}`);
    if (counts(usageChunk.usage) !== counts(whole.usage))
      throw new Violation(`${what}: the usage chunk counts ${counts(usageChunk.usage)}, the same request not streamed ${counts(whole.usage)}`);
    const plain = { ...request, stream: true };
    const unasked = (await postStream(client, CHAT, plain, 'chat.completion.chunk')).filter(hasUsage);
    if (unasked.length > 0)
      throw new Violation(`${sent('POST', CHAT, plain)}: without include_usage, ${unasked.length} chunks carry usage: ${clip(JSON.stringify(unasked[0]))}`);
  },
  summary: 'with include_usage one last chunk had no choices and the non-streamed usage; without it no chunk had usage',
});

/** mr.completions.shape: a valid text_completion; streamed, valid text_completion chunks whose texts join to it. */
export const completionsShapeCheck = runnerCheck({
  rule: 'mr.completions.shape',
  cases: () => fc.record({ prompt, seed, maxTokens }),
  judge: async ({ prompt: text, seed: s, maxTokens: max }, { client, model }) => {
    const request = { model, prompt: text, max_tokens: max, ...deterministic(s) };
    const whole = await post(client, COMPLETIONS, request, 'text_completion');
    const streamed = { ...request, stream: true };
    const chunks = await postStream(client, COMPLETIONS, streamed, 'text_completion.chunk');
    for (const choice of whole.choices) {
      const joined = chunks.flatMap((chunk) => chunk.choices.filter((c) => c.index === choice.index).map((c) => c.text)).join('');
      if (joined !== choice.text)
        throw new Violation(
          `${sent('POST', COMPLETIONS, streamed)}: the chunks of choice ${choice.index} join to ${JSON.stringify(clip(joined))}, but the same request not streamed answered ${JSON.stringify(clip(choice.text))}`,
        );
    }
  },
  summary: 'text completions were valid text_completion objects, and streamed, valid chunks ended by [DONE] joining to the same text',
});
