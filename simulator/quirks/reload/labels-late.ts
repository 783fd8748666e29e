import type { SimConfig } from '../../config/types.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the labels are applied a moment after the rest of the configuration. */
export const LABELS_LATE = 'hypothetical.reload.atomic.labels-late';

export const labelsLate: QuirkModule = {
  where: 'simulator/quirks/reload/labels-late.ts, its row of simulator/reload/reload-variant.ts (RELOAD_VARIATIONS), read by simulator/reload/reload.ts',
};

const LATE_MS = 20;

/** Serves `next` with the old labels, then `next` itself; `done` runs once it is whole. */
export function serveLabelsLate(current: SimConfig, next: SimConfig, serve: (config: SimConfig) => void, done: () => void): void {
  serve(Object.freeze({ ...next, settings: { ...next.settings, labels: current.settings.labels } }));
  setTimeout(() => {
    serve(next);
    done();
  }, LATE_MS);
}
