import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.container-start.host-config.refused-but-applied';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/start-refused-but-applied.ts, called from simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};

/** The start with a body is refused (400, the removal message), but the body's settings were already written to the container's host configuration. */
export const appliedBeforeRefusal = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
