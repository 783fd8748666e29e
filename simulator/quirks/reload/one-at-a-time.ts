// Quirk observed.reload.atomic (20.10, specs/known-deviations.ts): its row is in simulator/reload/reload-variant.ts.
import type { SimConfig } from '../../config/types.js';

/** How long each step stays visible: long enough for concurrent readers to see it. */
const STEP_MS = 15;

/**
 * Serves the new configuration in 20.10's order (daemon.Reload on the live configuration):
 * the runtimes and default runtime first, then the limits, features and labels, then the
 * registries and live-restore and Debug; `done` runs once the whole of it is in place.
 */
export function serveOneAtATime(current: SimConfig, next: SimConfig, serve: (config: SimConfig) => void, done: () => void): void {
  const n = next.settings;
  const first: SimConfig = Object.freeze({ ...current, settings: { ...current.settings, runtimes: n.runtimes, defaultRuntime: n.defaultRuntime } });
  const second: SimConfig = Object.freeze({
    ...first,
    settings: {
      ...first.settings,
      maxConcurrentDownloads: n.maxConcurrentDownloads,
      maxConcurrentUploads: n.maxConcurrentUploads,
      maxDownloadAttempts: n.maxDownloadAttempts,
      shutdownTimeout: n.shutdownTimeout,
      features: n.features,
      labels: n.labels,
    },
  });
  serve(first);
  setTimeout(() => {
    serve(second);
    setTimeout(() => {
      serve(next);
      done();
    }, STEP_MS);
  }, STEP_MS);
}
