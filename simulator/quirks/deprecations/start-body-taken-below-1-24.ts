import type { QuirkModule } from '../quirk-module.js';

/** Observed on 20.10.24: below API 1.24 a start body is taken as the host configuration and the container starts (204). */
export const QUIRK = 'observed.deprecated.container-start.host-config';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/start-body-taken-below-1-24.ts, its row of simulator/engine/containers/start-body-variant.ts (START_BODY_VARIATIONS), read by simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};
