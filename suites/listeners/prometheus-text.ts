import { createRequire } from 'node:module';

/** One metric family as parse-prometheus-text-format reads it. */
export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  readonly metrics: readonly {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly buckets?: unknown;
    readonly quantiles?: unknown;
  }[];
}

type Parse = (text: string) => MetricFamily[];

/** The Prometheus text-format parser from npm (it ships no types; this is its whole surface). */
export const parsePrometheusText: Parse = createRequire(import.meta.url)('parse-prometheus-text-format') as Parse;
