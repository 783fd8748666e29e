import type { VariationRow } from '../../faults/variant-table.js';

/**
 * What the chat completions route (chat.ts) may do differently from the document. REFERENCE_CHAT is
 * the document's; each fault and quirk that changes it is one row of CHAT_VARIATIONS. (The
 * generation parameters, the finish reason and the usage, shared with the completions route,
 * read their own faults and quirks in generation-params.ts and openai-objects.ts.)
 */
export interface ChatVariant {
  /** A request without "messages" is an empty conversation instead of a 400. */
  readonly absentMessagesEmpty: boolean;
  /** A message without content is an empty one. */
  readonly contentMissingAccepted: boolean;
  /** A lone surrogate makes the tokenizer throw (lone-surrogate-500.ts). */
  readonly loneSurrogateThrows: boolean;
  /** Only the first stop string is kept. */
  readonly firstStopOnly: boolean;
  /** Stop strings are looked for token by token (per-token-stop.ts). */
  readonly perTokenStop: boolean;
  /** prompt_tokens counts the last message alone. */
  readonly lastMessageCounted: boolean;
  /** The index of a choice is counted within its task (task-index.ts). */
  readonly taskIndex: boolean;
  /** A finish on a stop string is null. */
  readonly finishNullOnStop: boolean;
  /** The object's name in the answer that is not streamed. */
  readonly object: string;
  /** A stream asked for its usage carries "usage": null on every chunk and a usage chunk. */
  readonly streamUsage: boolean;
  /** The usage chunk is sent, when asked for. */
  readonly usageChunk: boolean;
  /** Each choice's closing chunk (its finish reason) is sent. */
  readonly closingChunk: boolean;
  /** No data: [DONE] when the token cap cut the generation. */
  readonly noDoneWhenCut: boolean;
}

/** The document's chat completions. */
export const REFERENCE_CHAT: ChatVariant = Object.freeze({
  absentMessagesEmpty: false,
  contentMissingAccepted: false,
  loneSurrogateThrows: false,
  firstStopOnly: false,
  perTokenStop: false,
  lastMessageCounted: false,
  taskIndex: false,
  finishNullOnStop: false,
  object: 'chat.completion',
  streamUsage: true,
  usageChunk: true,
  closingChunk: true,
  noDoneWhenCut: false,
});

/** Each fault and quirk of the chat completions, and what it sets (no two set the same field). */
export const CHAT_VARIATIONS: readonly VariationRow<ChatVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.openai.bad-request.content-missing-accepted', { contentMissingAccepted: true }],
  ['hypothetical.mr.server.survives-bad-input.lone-surrogate-500', { loneSurrogateThrows: true }],
  ['hypothetical.mr.generation.stop.first-only', { firstStopOnly: true }],
  ['hypothetical.mr.generation.stop.per-token-match', { perTokenStop: true }],
  ['hypothetical.mr.generation.usage.last-message-only', { lastMessageCounted: true }],
  ['hypothetical.mr.generation.n.task-index', { taskIndex: true }],
  ['hypothetical.mr.chat.shape.finish-null-on-stop', { finishNullOnStop: true }],
  ['hypothetical.mr.chat.stream.usage.no-usage-chunk', { usageChunk: false }],
  ['hypothetical.mr.chat.stream.no-done-when-cut', { noDoneWhenCut: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.openai.bad-request', { absentMessagesEmpty: true }],
  ['mr.chat.shape', { object: 'chat_completion' }],
  ['mr.chat.stream.usage', { streamUsage: false }],
  ['mr.chat.stream', { closingChunk: false }],
];
