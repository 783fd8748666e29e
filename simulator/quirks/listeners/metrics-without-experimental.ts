import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5, 29.7): --metrics-addr serves /metrics without experimental mode. */
export const METRICS_WITHOUT_EXPERIMENTAL = 'observed.metrics.requires-experimental';
export const metricsWithoutExperimental: QuirkModule = {
  where: 'simulator/quirks/listeners/metrics-without-experimental.ts, called from simulator/metrics/server.ts (startMetrics)',
};
