import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a chat message without content is taken as an empty message and answered 200 instead of refused with 400. */
export const CONTENT_MISSING_ACCEPTED = 'hypothetical.mr.openai.bad-request.content-missing-accepted';

export const contentMissingAccepted: QuirkModule = {
  where:
    'simulator/quirks/model-runner/content-missing-accepted.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};
