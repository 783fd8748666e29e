import type { TestableRuleId } from '../../specs/catalogue.js';
import { resolveVariant } from '../faults/variant-table.js';
import { HANDLER_VARIATIONS, REFERENCE_HANDLER, type RunnerHandlerVariant } from './handler-variant.js';
import { type WorkVariant, workVariant } from './limits-variant.js';
import { REFERENCE_RUNNER, RUNNER_VARIATIONS, type RunnerVariant } from './runner-variant.js';
import { CHAT_VARIATIONS, type ChatVariant, REFERENCE_CHAT } from './routes/chat-variant.js';
import { type CompletionsVariant, completionsVariant } from './routes/completions-variant.js';
import { type EmbeddingsVariant, embeddingsVariant } from './routes/embeddings-variant.js';
import { type InferenceVariant, inferenceVariant } from './routes/inference-variant.js';
import { MODELS_VARIATIONS, type ModelsVariant, REFERENCE_MODELS } from './routes/models-variant.js';
import { OPENAI_MODELS_VARIATIONS, type OpenAiModelsVariant, REFERENCE_OPENAI_MODELS } from './routes/openai-models-variant.js';

/**
 * Where the model runner may differ from the document, per hook point: each is the reference unless
 * a fault or a quirk the daemon started with says otherwise (the rows of the hook point's table).
 * Resolved once, where the runner is opened (ModelRunner.open); each field at its first read. (The
 * mount on the daemon socket and the TCP listener resolve theirs where they start: mount-variant.ts,
 * listener-variant.ts; the generation parameters per set handed to them: routes/generation-params.ts.)
 */
export interface RunnerVariants {
  readonly runner: RunnerVariant;
  readonly handler: RunnerHandlerVariant;
  readonly models: ModelsVariant;
  readonly chat: ChatVariant;
  readonly openAiModels: OpenAiModelsVariant;
  /** An inference request's checks (routes/inference-variant.ts). */
  readonly inference: InferenceVariant;
  readonly embeddings: EmbeddingsVariant;
  readonly completions: CompletionsVariant;
  /** The bounds and slices of an inference request's work (limits-variant.ts). */
  readonly work: WorkVariant;
}

export function resolveRunnerVariants(config: { readonly faults: ReadonlySet<TestableRuleId>; readonly quirks: ReadonlySet<string> }): RunnerVariants {
  return Object.freeze({
    runner: resolveVariant(REFERENCE_RUNNER, RUNNER_VARIATIONS, config),
    handler: resolveVariant(REFERENCE_HANDLER, HANDLER_VARIATIONS, config),
    models: resolveVariant(REFERENCE_MODELS, MODELS_VARIATIONS, config),
    chat: resolveVariant(REFERENCE_CHAT, CHAT_VARIATIONS, config),
    openAiModels: resolveVariant(REFERENCE_OPENAI_MODELS, OPENAI_MODELS_VARIATIONS, config),
    inference: inferenceVariant(config),
    embeddings: embeddingsVariant(config),
    completions: completionsVariant(config),
    work: workVariant(config),
  });
}
