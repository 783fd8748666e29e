import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the model-runner area, by id (one module each in this directory). */
export const MODEL_RUNNER_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
