import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.container-start.host-config.refusal.started-anyway';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/start-refused-but-started.ts, called from simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};

/** The start with a body answers the refusal (400, the removal message) but starts the container all the same, without the body. */
export const startedDespiteRefusal = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
