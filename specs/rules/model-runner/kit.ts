/** Shorthands of the model-runner area; the shared ones are in ../kit.ts. Data only. */
import { BOTH } from '../kit.js';

export const AREA = 'model-runner';
/** Inference under one OpenAI-compatible base path: any OpenAI-compatible server has it (the runner is served on every platform the daemon runs on; the document names no platform rule). */
export const INFERENCE = { platforms: BOTH, surface: 'model-runner-api' } as const;
/** The service as a whole: management, /engines routing, the socket prefix, the store. */
export const SERVICE = { platforms: BOTH, surface: 'model-runner-service' } as const;

const DOC = 'model-runner-api.md';
export const mrDoc = (section: string, quote: string) => ({ kind: 'document', document: DOC, section, quote }) as const;

/** Sources of the real service and of the OpenAI API (../shared/reference/model-runner.md collects them). */
export const DMR = 'docker/model-runner @ 642c7211';
export const OPENAI = 'openai/openai-openapi @ f85dbe22: openapi.yaml; openai/openai-node @ 7b7d6ca7';
