import { MODEL_RUNNER_ADDRESSING_RULES } from './addressing.js';
import { MODEL_RUNNER_ENDPOINT_RULES } from './endpoints.js';
import { MODEL_RUNNER_INFERENCE_RULES } from './inference.js';
import { MODEL_RUNNER_MANAGEMENT_RULES } from './management.js';
import { MODEL_RUNNER_STORE_RULES } from './store.js';

/** model-runner-api.md, all of it, and what the real service and the OpenAI API do where it says "not shown". */
export const MODEL_RUNNER_RULES = [
  ...MODEL_RUNNER_ADDRESSING_RULES,
  ...MODEL_RUNNER_MANAGEMENT_RULES,
  ...MODEL_RUNNER_ENDPOINT_RULES,
  ...MODEL_RUNNER_INFERENCE_RULES,
  ...MODEL_RUNNER_STORE_RULES,
] as const;
