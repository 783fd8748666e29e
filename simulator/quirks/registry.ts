import { isQuirk } from '../faults/variant-table.js';
import { VARIANT_TABLES } from '../variant-tables.js';

import { madeOnce } from '../../common/made-once.js';

/** Where a quirk the simulator carries lives. */
export interface QuirkPlace {
  /** The variant tables whose rows name it, each with the table's name. */
  readonly where: string;
}

/**
 * Every quirk the simulator carries, by id, and where it lives: the tables whose rows name it
 * (simulator/variant-tables.ts). A quirk is declared by its entry in specs/quirks and its rows;
 * test/quirks.test.ts requires every quirk of specs/quirks to be a row of some table.
 */
export const quirkPlaces = madeOnce((): Readonly<Record<string, QuirkPlace>> => {
  const places = new Map<string, string[]>();
  for (const table of VARIANT_TABLES)
    for (const [id] of table.rows) if (isQuirk(id)) places.set(id, [...(places.get(id) ?? []), `${table.where} (the ${table.name} table)`]);
  return Object.fromEntries([...places].map(([id, where]) => [id, { where: where.join('; ') }]));
});
