import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.container-copy.removed';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/copy-below-1-24.ts, called from simulator/engine/containers/archive-routes.ts (POST /containers/{name}/copy)',
};

/** Observed on 20.10.24: below API 1.24 POST /containers/{id}/copy still answers 200 with a tar of the resource. */
export const copiesBelow124 = (quirks: ReadonlySet<string>, apiBelow124: boolean): boolean => apiBelow124 && quirks.has(QUIRK);
