import type { QuirkModule } from '../quirk-module.js';

/** The start with a body answers the refusal (400, the removal message) but starts the container all the same, without the body. */
export const QUIRK = 'hypothetical.deprecated.container-start.host-config.refusal.started-anyway';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/start-refused-but-started.ts, its row of simulator/engine/containers/start-body-variant.ts (START_BODY_VARIATIONS), read by simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};
