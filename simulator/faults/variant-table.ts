/**
 * One row of a hook point's table of variations: a fault's id (a rule's) or a quirk's
 * (`observed.…`, `hypothetical.…`), and the fields of the hook point's variant it sets.
 */
export type VariationRow<V> = readonly [string, Partial<V>];

/** A quirk's id names its kind; any other row is a rule's fault. */
export const isQuirk = (id: string): boolean => /^(observed|hypothetical)\./.test(id);

/**
 * The variant of a hook point for a daemon started with these faults and quirks: each field is the
 * reference's, or that of the last row of `rows` that sets it and is on. A field is resolved at its
 * first read and kept, asking a quirk's id only of the quirks and a fault's only of the faults:
 * `--fault-trace` (fault-set.ts) then notes a fault only where a request's path reads a field that
 * fault sets, as the fault self-test needs.
 */
export function resolveVariant<V extends object>(
  reference: V,
  rows: readonly VariationRow<V>[],
  config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> },
): V {
  const on = (id: string): boolean => (isQuirk(id) ? config.quirks.has(id) : config.faults.has(id));
  const variant = {};
  for (const field of Object.keys(reference) as (keyof V)[]) {
    const setting = rows.filter(([, set]) => field in set).reverse();
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

/** What a hook point's resolver is handed: a configuration, or its faults and quirks. */
export interface Switches {
  readonly faults: ReadonlySet<string>;
  readonly quirks: ReadonlySet<string>;
}

/**
 * The resolver of a hook point's table for code handed a configuration (or its faults and quirks)
 * on every call: the variant is resolved once per pair of those sets, which a daemon keeps from its
 * start, not once per request. A field is still resolved at its first read, so --fault-trace notes
 * what the old per-request questions would have.
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
