import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): each of the n choices is generated as a task of its own and answered with its index within that task: every choice is indexed 0. */
export const TASK_INDEX = 'hypothetical.mr.generation.n.task-index';

export const taskIndex: QuirkModule = {
  where:
    'simulator/quirks/model-runner/task-index.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};

/** The index a choice has within its own one-choice task, whatever its place among the n. */
export const indexWithinTask = (_index: number): number => 0;
