import type { RuleCheck } from '../harness/rule-check.js';
import { choiceCountCheck, maxTokensCheck, stopCheck, usageCheck } from './generation-checks.js';
import { authIgnoredCheck, authNoneCheck, badRequestCheck, chatShapeCheck, embeddingsBase64Check, embeddingsShapeCheck } from './inference-checks.js';
import { fairnessCheck, workBoundsCheck } from './bounds-checks.js';
import { modelsListCheck, modelsRetrieveCheck } from './openai-model-checks.js';
import { chatStreamCheck, chatStreamUsageCheck, completionsShapeCheck } from './stream-checks.js';

/**
 * Assertions of the OpenAI-style inference rules (specs/rules/model-runner/inference.ts) and of
 * mr.auth.none, one per rule id. They go through the OpenAI-compatible base only (management just
 * to create models), so they run as well against llama-server, Ollama or the real service.
 */
export const MODEL_RUNNER_INFERENCE_CHECKS: readonly RuleCheck[] = [
  modelsListCheck,
  modelsRetrieveCheck,
  chatShapeCheck,
  chatStreamCheck,
  chatStreamUsageCheck,
  completionsShapeCheck,
  embeddingsShapeCheck,
  embeddingsBase64Check,
  maxTokensCheck,
  stopCheck,
  choiceCountCheck,
  usageCheck,
  badRequestCheck,
  authNoneCheck,
  authIgnoredCheck,
  workBoundsCheck,
  fairnessCheck,
];
