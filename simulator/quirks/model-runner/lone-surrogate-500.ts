import type { ChatMessage } from '../../model-runner/engine/engine.js';

// Quirk hypothetical.mr.server.survives-bad-input.lone-surrogate-500 (specs/quirks/model-runner.ts): a chat message
// whose content holds a lone surrogate (valid JSON) makes the tokenizer throw: 500.

/** A UTF-16 surrogate without its pair: no UTF-8 encodes it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A tokenizer that takes only well-formed text: a lone surrogate is an error, not a refusal. */
export function tokenizeStrictly(messages: readonly ChatMessage[]): void {
  const bad = messages.findIndex((message) => LONE_SURROGATE.test(message.content));
  if (bad >= 0) throw new Error(`failed to tokenize the prompt: messages[${bad}] is not valid UTF-8`);
}
