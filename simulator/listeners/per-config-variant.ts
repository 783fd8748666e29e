import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/** The faults and quirks a daemon started with (SimConfig's), as the listeners' functions are handed them. */
export interface Switches {
  readonly faults: ReadonlySet<string>;
  readonly quirks: ReadonlySet<string>;
}

/**
 * The resolver of a listener hook point's table, resolving the variant once per configuration: the
 * listeners' functions are handed a configuration's faults and quirks rather than the configuration,
 * so the variant is kept per pair of those sets. A field is still resolved at its first read
 * (simulator/faults/variant-table.ts), so --fault-trace notes what the rows' faults would have.
 */
export function perConfigVariant<V extends object>(reference: V, rows: readonly VariationRow<V>[]): (config: Switches) => V {
  const made = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, V>>();
  return (config) => {
    let byQuirks = made.get(config.faults);
    if (byQuirks === undefined) {
      byQuirks = new WeakMap();
      made.set(config.faults, byQuirks);
    }
    let variant = byQuirks.get(config.quirks);
    if (variant === undefined) {
      variant = resolveVariant(reference, rows, config);
      byQuirks.set(config.quirks, variant);
    }
    return variant;
  };
}
