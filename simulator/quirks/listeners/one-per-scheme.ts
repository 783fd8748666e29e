import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the listeners are kept in a map keyed by their scheme: of several unix (or several tcp) -H only the first is opened, the others are dropped without a word. */
export const ONE_PER_SCHEME = 'hypothetical.listen.multiple.one-per-scheme';
export const onePerScheme: QuirkModule = {
  where:
    'simulator/quirks/listeners/one-per-scheme.ts, its row of simulator/daemon/start-variant.ts (START_VARIATIONS), read by simulator/daemon/start.ts (startSimulator)',
};

/** The addresses a map keyed by scheme keeps: the first of each kind. */
export function firstOfEachScheme<T extends { readonly kind: string }>(addresses: readonly T[]): T[] {
  const seen = new Set<string>();
  return addresses.filter((address) => !seen.has(address.kind) && seen.add(address.kind) !== undefined);
}
