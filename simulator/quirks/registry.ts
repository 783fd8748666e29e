import { API_VERSIONING_QUIRKS } from './api-versioning/index.js';
import { DAEMON_CONFIG_QUIRKS } from './daemon-config/index.js';
import { DEPRECATIONS_QUIRKS } from './deprecations/index.js';
import { LISTENERS_QUIRKS } from './listeners/index.js';
import { MODEL_RUNNER_QUIRKS } from './model-runner/index.js';
import type { QuirkModule } from './quirk-module.js';
import { RELOAD_QUIRKS } from './reload/index.js';
import { VARIANT_TABLES } from '../variant-tables.js';

import { madeOnce } from '../../common/made-once.js';

export type { QuirkModule } from './quirk-module.js';

/** A quirk's id names its kind (`observed.…`, `hypothetical.…`); any other row of a table is a rule's fault. */
const isQuirkRow = (id: string): boolean => /^(observed|hypothetical)\./.test(id);

/**
 * Every quirk the simulator carries, by id, and where it lives (the test requires the same ids as
 * specs/quirks): the files of the variant tables whose rows name it (simulator/variant-tables.ts),
 * and, for a quirk not yet a row of one, its area's list in this directory.
 */
export const quirkModules = madeOnce((): Readonly<Record<string, QuirkModule>> => {
  const places = new Map<string, string[]>();
  const add = (id: string, place: string): void => {
    const known = places.get(id) ?? [];
    if (!known.includes(place)) places.set(id, [...known, place]);
  };
  const listed = { ...API_VERSIONING_QUIRKS, ...DAEMON_CONFIG_QUIRKS, ...RELOAD_QUIRKS, ...LISTENERS_QUIRKS, ...MODEL_RUNNER_QUIRKS, ...DEPRECATIONS_QUIRKS };
  for (const [id, module] of Object.entries(listed)) add(id, module.where);
  for (const table of VARIANT_TABLES) for (const [id] of table.rows) if (isQuirkRow(id)) add(id, `${table.where} (the ${table.name} table)`);
  return Object.fromEntries([...places].map(([id, where]) => [id, { where: where.join('; ') }]));
});
