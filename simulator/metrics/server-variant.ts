import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/**
 * What the metrics server (server.ts: startMetrics) may do differently from the document.
 * REFERENCE_METRICS_SERVER is the document's; each fault and quirk that changes it is one row of
 * METRICS_SERVER_VARIATIONS.
 */
export interface MetricsServerVariant {
  /** --metrics-addr is served without experimental mode too. */
  readonly servedWithoutExperimental: boolean;
  /** The format /metrics answers in. */
  readonly format: 'text' | 'json';
  /** The Content-Type of the text format (undefined: the registry's, with its version). */
  readonly textContentType: string | undefined;
  /** Whether the metrics address answers `path` with the metrics. */
  readonly servesMetricsAt: (path: string) => boolean;
  /** The daemon's /_ping is served on the metrics address too. */
  readonly pingServed: boolean;
}

/** The document's metrics server (daemon.md › Metrics API): /metrics only, in the Prometheus text format, with experimental mode on. */
export const REFERENCE_METRICS_SERVER: MetricsServerVariant = Object.freeze({
  servedWithoutExperimental: false,
  format: 'text',
  textContentType: undefined,
  servesMetricsAt: (path: string) => path === '/metrics',
  pingServed: false,
});

/**
 * Each fault and quirk of the metrics server, and what it sets; the later row wins (of experimental
 * mode, the fault over the observed quirk: the order the old branches asked them in).
 */
export const METRICS_SERVER_VARIATIONS: readonly VariationRow<MetricsServerVariant>[] = [
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // Observed (20.10, 26.1, 28.5, 29.7): the releases serve it without experimental mode.
  ['observed.metrics.requires-experimental', { servedWithoutExperimental: true }],
  // The text format without its version (the body is written before the handler sets the header).
  ['hypothetical.metrics.served.unversioned-type', { textContentType: 'text/plain; charset=utf-8' }],
  // The handler is registered for the subtree "/metrics/" too (Go's mux pattern with a trailing slash).
  ['hypothetical.metrics.other-paths.subtree', { servesMetricsAt: (path: string) => path === '/metrics' || path.startsWith('/metrics/') }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['metrics.requires-experimental', { servedWithoutExperimental: true }],
  ['metrics.served', { format: 'json' }],
  ['metrics.other-paths', { pingServed: true }],
];

/** The metrics server of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const metricsServerVariant = perConfigVariant(REFERENCE_METRICS_SERVER, METRICS_SERVER_VARIATIONS);
