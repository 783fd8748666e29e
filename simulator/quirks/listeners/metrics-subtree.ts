import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the metrics handler is registered for the subtree "/metrics/" beside "/metrics" (Go's mux pattern with a trailing slash): /metrics/ and every path under it answer the metrics too. */
export const METRICS_SUBTREE = 'hypothetical.metrics.other-paths.subtree';
export const metricsSubtree: QuirkModule = { where: 'simulator/quirks/listeners/metrics-subtree.ts, called from simulator/metrics/server.ts (startMetrics)' };

/** Whether the metrics address serves `path` as /metrics: /metrics itself, and with the quirk anything under /metrics/. */
export const servesMetrics = (path: string, quirks: ReadonlySet<string>): boolean =>
  path === '/metrics' || (quirks.has(METRICS_SUBTREE) && path.startsWith('/metrics/'));
