/** Shorthands for the rules of the model-runner area. Data only. */
import type { Capability } from '../../types.js';

export const AREA = 'model-runner';
/** The runner is served on every platform the daemon runs on; the document names no platform rule. */
const PLATFORMS = ['linux', 'windows'] as const;
/** Inference under one OpenAI-compatible base path: any OpenAI-compatible server has it. */
export const INFERENCE = { platforms: PLATFORMS, surface: 'model-runner-api' } as const;
/** The service as a whole: management, /engines routing, the socket prefix, the store. */
export const SERVICE = { platforms: PLATFORMS, surface: 'model-runner-service' } as const;
export const TESTABLE = { testable: true } as const;
export const NONE: readonly Capability[] = [];

const DOC = 'model-runner-api.md';
export const mrDoc = (section: string, quote: string) => ({ kind: 'document', document: DOC, section, quote }) as const;

/** Sources of the real service and of the OpenAI API (../shared/reference/model-runner.md collects them). */
export const DMR = 'docker/model-runner @ 642c7211';
export const OPENAI = 'openai/openai-openapi @ f85dbe22: openapi.yaml; openai/openai-node @ 7b7d6ca7';
export const mrImpl = (reference: string) => ({ kind: 'implementation', reference }) as const;
