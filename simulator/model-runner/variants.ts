import type { TestableRuleId } from '../../specs/catalogue.js';
import { resolveVariant } from '../faults/variant-table.js';
import { HANDLER_VARIATIONS, REFERENCE_HANDLER, type RunnerHandlerVariant } from './handler-variant.js';
import { REFERENCE_RUNNER, RUNNER_VARIATIONS, type RunnerVariant } from './runner-variant.js';
import { CHAT_VARIATIONS, type ChatVariant, REFERENCE_CHAT } from './routes/chat-variant.js';
import { MODELS_VARIATIONS, type ModelsVariant, REFERENCE_MODELS } from './routes/models-variant.js';
import { OPENAI_MODELS_VARIATIONS, type OpenAiModelsVariant, REFERENCE_OPENAI_MODELS } from './routes/openai-models-variant.js';

/**
 * Where the model runner may differ from the document, per hook point: each is the reference unless
 * a fault or a quirk the daemon started with says otherwise (the rows of the hook point's table).
 * Resolved once, where the runner is opened (ModelRunner.open); each field at its first read.
 */
export interface RunnerVariants {
  readonly runner: RunnerVariant;
  readonly handler: RunnerHandlerVariant;
  readonly models: ModelsVariant;
  readonly chat: ChatVariant;
  readonly openAiModels: OpenAiModelsVariant;
}

export function resolveRunnerVariants(config: { readonly faults: ReadonlySet<TestableRuleId>; readonly quirks: ReadonlySet<string> }): RunnerVariants {
  return Object.freeze({
    runner: resolveVariant(REFERENCE_RUNNER, RUNNER_VARIATIONS, config),
    handler: resolveVariant(REFERENCE_HANDLER, HANDLER_VARIATIONS, config),
    models: resolveVariant(REFERENCE_MODELS, MODELS_VARIATIONS, config),
    chat: resolveVariant(REFERENCE_CHAT, CHAT_VARIATIONS, config),
    openAiModels: resolveVariant(REFERENCE_OPENAI_MODELS, OPENAI_MODELS_VARIATIONS, config),
  });
}
