import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: /metrics answers Content-Type "text/plain; charset=utf-8" without version=0.0.4 (the body is written before the handler sets the header). */
export const METRICS_UNVERSIONED_TYPE = 'hypothetical.metrics.served.unversioned-type';
export const metricsUnversionedType: QuirkModule = {
  where: 'simulator/quirks/listeners/metrics-unversioned-type.ts, called from simulator/metrics/server.ts (startMetrics)',
};

/** The Content-Type /metrics answers with the quirk on. */
export const UNVERSIONED_TYPE = 'text/plain; charset=utf-8';
