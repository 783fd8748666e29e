import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): with stream_options.include_usage the chunks carry "usage": null, but the last chunk with the usage never comes. */
export const NO_USAGE_CHUNK = 'hypothetical.mr.chat.stream.usage.no-usage-chunk';

export const noUsageChunk: QuirkModule = {
  where:
    'simulator/quirks/model-runner/no-usage-chunk.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};
