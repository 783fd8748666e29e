import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/** What a resolver of the engine's tables is handed: a configuration (x.state.config), or its faults and quirks. */
export type Switches = Pick<SimConfig, 'faults' | 'quirks'>;

/**
 * The resolver of one of the engine's tables: the handlers are handed the serving configuration
 * (x.state.config) with every request, so the variant is resolved once per configuration object (a
 * WeakMap), not per request. A field is still resolved at its first read
 * (simulator/faults/variant-table.ts), so --fault-trace notes what the rows' faults would have.
 */
export function variantPerConfig<V extends object>(reference: V, rows: readonly VariationRow<V>[]): (config: Switches) => V {
  const made = new WeakMap<Switches, V>();
  return (config) => {
    let variant = made.get(config);
    if (variant === undefined) {
      variant = resolveVariant(reference, rows, config);
      made.set(config, variant);
    }
    return variant;
  };
}
