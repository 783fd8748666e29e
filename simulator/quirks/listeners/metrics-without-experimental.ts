/**
 * observed.metrics.requires-experimental: `--metrics-addr` serves /metrics without experimental
 * mode (observed on 20.10.24, 26.1.5, 28.5.2: 200 "text/plain; version=0.0.4"). Carried by
 * metrics/server.ts.
 */
export const METRICS_WITHOUT_EXPERIMENTAL = 'observed.metrics.requires-experimental';

export const metricsNeedExperimental = (quirks: ReadonlySet<string>): boolean => !quirks.has(METRICS_WITHOUT_EXPERIMENTAL);
