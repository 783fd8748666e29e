import type { SimConfig } from '../config/types.js';

/** A hook point's faults and quirks: each id with the fields of the hook point's variant it sets, applied in order (the later row wins). */
export type VariationRows<V> = readonly (readonly [id: string, sets: Partial<V>])[];

/** A quirk's id names its kind (observed., hypothetical.); any other row is a rule's fault. */
const isQuirkId = (id: string): boolean => /^(observed|hypothetical)\./.test(id);

/**
 * The variant of a daemon started with these faults and quirks: each field is the reference's, or
 * that of the last row that sets it and is on. A field is resolved at its first read and kept:
 * `--fault-trace` (simulator/faults/fault-set.ts) then notes a fault only where a request's path
 * reads a field that fault sets, which the fault self-test selects its runs by. A quirk's id is
 * asked of the quirks only, a fault's of the faults only.
 */
export function resolveVariant<V extends object>(reference: V, rows: VariationRows<V>, config: Pick<SimConfig, 'faults' | 'quirks'>): V {
  const faults = config.faults as ReadonlySet<string>;
  const on = (id: string): boolean => (isQuirkId(id) ? config.quirks.has(id) : faults.has(id));
  const variant = {};
  for (const field of Object.keys(reference) as (keyof V)[]) {
    const setting = rows.filter(([, sets]) => field in sets).reverse();
    let value: unknown;
    let resolved = false;
    Object.defineProperty(variant, field, {
      enumerable: true,
      get() {
        if (!resolved) {
          value = (setting.find(([id]) => on(id))?.[1] ?? reference)[field];
          resolved = true;
        }
        return value;
      },
    });
  }
  return Object.freeze(variant) as V;
}
