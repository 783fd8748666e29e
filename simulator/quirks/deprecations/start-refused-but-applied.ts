import type { QuirkModule } from '../quirk-module.js';

/** The start with a body is refused (400, the removal message), but the body's settings were already written to the container's host configuration. */
export const QUIRK = 'hypothetical.deprecated.container-start.host-config.refused-but-applied';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/start-refused-but-applied.ts, its row of simulator/engine/containers/start-body-variant.ts (START_BODY_VARIATIONS), read by simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};
