import { doneUnlessCut } from '../../quirks/model-runner/no-done-when-cut.js';
import { stopPerToken } from '../../quirks/model-runner/per-token-stop.js';
import { withFirstStopOnly } from '../../quirks/model-runner/first-stop-only.js';
import { indexWithinTask } from '../../quirks/model-runner/task-index.js';
import { lastMessageCounted } from '../../quirks/model-runner/last-message-only.js';
import { tokenizeStrictly } from '../../quirks/model-runner/lone-surrogate-500.js';
import type { ChatMessage } from '../engine/engine.js';
import { EngineRefusal, sendJson } from '../replies.js';
import type { RunnerRequest } from './context.js';
import { delivery, generationParams, withFinishQuirk, withStopFault } from './generation-params.js';
import { answerInference } from './inference.js';
import { ChunkRuns } from './chunk-runs.js';
import { completionId, FINGERPRINT, sendEvents, unixSeconds, usageOf } from './openai-objects.js';
import { finishOrNull } from '../../quirks/model-runner/finish-null-on-stop.js';

/** A message's content: a string, or OpenAI's array of text parts. */
function contentOf(value: unknown, index: number): string {
  if (typeof value === 'string') return value;
  if (
    Array.isArray(value) &&
    value.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        (part as Record<string, unknown>)['type'] === 'text' &&
        typeof (part as Record<string, unknown>)['text'] === 'string',
    )
  ) {
    return value.map((part) => (part as { text: string }).text).join('');
  }
  throw new EngineRefusal(`'messages[${index}].content' must be a string or an array of text parts`, `messages[${index}].content`);
}

/** `lenient`: a message without content is an empty one (a quirk's). */
function messagesOf(value: unknown, lenient = false): ChatMessage[] {
  if (value === undefined) throw new EngineRefusal("'messages' is required", 'messages');
  if (!Array.isArray(value)) throw new EngineRefusal("Expected 'messages' to be an array", 'messages');
  if (value.length === 0) throw new EngineRefusal("'messages' must hold at least one message", 'messages');
  return value.map((message: unknown, index) => {
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      throw new EngineRefusal(`'messages[${index}]' must be an object`, `messages[${index}]`);
    const { role, content } = message as Record<string, unknown>;
    if (typeof role !== 'string' || role === '') throw new EngineRefusal(`'messages[${index}].role' must be a string`, `messages[${index}].role`);
    if ((content === undefined || content === null) && lenient) return { role, content: '' };
    if (content === undefined || content === null) throw new EngineRefusal(`'messages[${index}].content' is required`, `messages[${index}].content`);
    return { role, content: contentOf(content, index) };
  });
}

/** POST /engines[/<engine>]/v1/chat/completions. */
export function chatCompletions(x: RunnerRequest, engineName: string | null): Promise<void> {
  return answerInference(x, engineName, ({ engine, model, body }) => {
    const { faults } = x.runner;
    const variant = x.runner.variants.chat;
    const messages = body['messages'] === undefined && variant.absentMessagesEmpty ? [] : messagesOf(body['messages'], variant.contentMissingAccepted);
    if (variant.loneSurrogateThrows) tokenizeStrictly(messages);
    const params = variant.firstStopOnly ? withFirstStopOnly(generationParams(body, faults)) : generationParams(body, faults);
    const how = delivery(body);
    const generated = variant.perTokenStop ? stopPerToken((p) => engine.chat(model, messages, p), params) : engine.chat(model, messages, params);
    const raw = variant.lastMessageCounted ? lastMessageCounted(generated, messages) : generated;
    const result = { ...raw, choices: raw.choices.map((choice) => withFinishQuirk(withStopFault(choice, params, faults), x.runner.quirks)) };
    const id = completionId('chatcmpl');
    const created = unixSeconds();
    const head = { id, created, model, system_fingerprint: FINGERPRINT };
    if (!how.stream) {
      return sendJson(x.res, 200, {
        id,
        object: variant.object,
        created,
        model,
        system_fingerprint: FINGERPRINT,
        choices: result.choices.map((choice, index) => ({
          index: variant.taskIndex ? indexWithinTask(index) : index,
          message: { role: 'assistant', content: choice.text, refusal: null },
          logprobs: null,
          finish_reason: variant.finishNullOnStop ? finishOrNull(choice.finishReason) : choice.finishReason,
        })),
        usage: usageOf(result, faults),
      });
    }
    const usage = how.includeUsage && variant.streamUsage ? { usage: null } : {};
    // Chunks as text: the same head on every one, serialised once (a stream is one chunk per token).
    const prefix = JSON.stringify({ ...head, object: 'chat.completion.chunk' }).slice(0, -1);
    const suffix = 'usage' in usage ? ',"usage":null}' : '}';
    const chunkHead = (index: number): string => `${prefix},"choices":[{"index":${index},"delta":`;
    const chunkTail = (finish: string | null): string => `,"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]${suffix}`;
    const chunk = (index: number, delta: object, finish: string | null): string => `${chunkHead(index)}${JSON.stringify(delta)}${chunkTail(finish)}`;
    const chunks = new ChunkRuns();
    for (const [index, choice] of result.choices.entries()) {
      chunks.add(1, () => chunk(index, { role: 'assistant', content: '' }, null));
      // A token's chunk: `{"content":<piece>}` between this choice's head and tail, made once.
      const open = `${chunkHead(index)}{"content":`;
      const close = `}${chunkTail(null)}`;
      chunks.add(choice.pieces.length, (at) => open + JSON.stringify(choice.pieces[at]) + close);
      if (variant.closingChunk) chunks.add(1, () => chunk(index, {}, choice.finishReason));
    }
    if ('usage' in usage && variant.usageChunk)
      chunks.add(1, () => ({ ...head, object: 'chat.completion.chunk', choices: [], usage: usageOf(result, faults) }));
    return sendEvents(x.res, chunks, x.runner.streamStallMs, !variant.noDoneWhenCut || doneUnlessCut(result.choices));
  });
}
