import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the model-runner area not yet a row of a variant table (simulator/variant-tables.ts): none. */
export const MODEL_RUNNER_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
