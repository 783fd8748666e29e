import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.container-start.host-config';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/start-body-taken-below-1-24.ts, called from simulator/engine/containers/routes.ts (POST /containers/{name}/start)',
};

/** Observed on 20.10.24: below API 1.24 a start body is taken as the host configuration and the container starts (204). */
export const startBodyTaken = (quirks: ReadonlySet<string>, apiBelow124: boolean): boolean => apiBelow124 && quirks.has(QUIRK);
