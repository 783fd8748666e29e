import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the socket keeps the unprefixed /models paths an earlier command line used: /models… without the prefix goes to the runner instead of being the daemon's 404. */
export const MODELS_UNPREFIXED = 'hypothetical.mr.socket.daemon-beside.models-unprefixed';

export const modelsUnprefixed: QuirkModule = {
  where:
    'simulator/quirks/model-runner/models-unprefixed.ts; its row of simulator/model-runner/mount-variant.ts (MOUNT_VARIATIONS), read by simulator/model-runner/mount.ts (modelRunnerMount)',
};

/** Whether a socket URL is one of the old unprefixed management paths: /models, /models/… (a query aside). */
export const isOldModelsPath = (url: string): boolean => /^\/models(?:[/?]|$)/.test(url);
