import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the file's default-address-pools entries are decoded into a type whose size is a string: the JSON number the document gives (`"size": 24`) is refused. */
export const ID = 'hypothetical.config.file.nested-shapes.pool-size-string';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/pool-size-string.ts, its row of simulator/config/file/load-variant.ts (LOAD_VARIATIONS), read by simulator/config/file/load.ts (checkDocument)',
};

/** Throws `refusal(problem)` where a default-address-pools entry of the document gives its size as a JSON number. */
export function refuseNumberSize(doc: Readonly<Record<string, unknown>>, refusal: (problem: string) => Error): void {
  const pools = doc['default-address-pools'];
  const numbered =
    Array.isArray(pools) && pools.some((pool) => typeof pool === 'object' && pool !== null && typeof (pool as Record<string, unknown>)['size'] === 'number');
  if (numbered) throw refusal('json: cannot unmarshal number into Go struct field PoolsOpt.default-address-pools.size of type string');
}
