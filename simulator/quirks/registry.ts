import { QUIRKS } from '../../specs/quirks/index.js';
import { API_VERSIONING_QUIRKS } from './api-versioning/index.js';
import { DAEMON_CONFIG_QUIRKS } from './daemon-config/index.js';
import { DEPRECATIONS_QUIRKS } from './deprecations/index.js';
import { LISTENERS_QUIRKS } from './listeners/index.js';
import { MODEL_RUNNER_QUIRKS } from './model-runner/index.js';
import type { QuirkModule } from './quirk-module.js';
import { RELOAD_QUIRKS } from './reload/index.js';

import { madeOnce } from '../../common/made-once.js';

export type { QuirkModule } from './quirk-module.js';

/**
 * Every quirk the simulator carries, by id (the test requires the same ids as specs/quirks).
 * Assembled on first use: a start without --quirk never reads it.
 */
export const quirkModules = madeOnce(
  (): Readonly<Record<string, QuirkModule>> => ({
    ...API_VERSIONING_QUIRKS,
    ...DAEMON_CONFIG_QUIRKS,
    ...RELOAD_QUIRKS,
    ...LISTENERS_QUIRKS,
    ...MODEL_RUNNER_QUIRKS,
    ...DEPRECATIONS_QUIRKS,
  }),
);

/** A quirk id `--quirk` takes: one the specs name or one the simulator registers. */
export const isQuirkId = (id: string): boolean => Object.hasOwn(quirkModules(), id) || QUIRKS.some((quirk) => quirk.id === id);
