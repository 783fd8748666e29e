import { KNOWN_DEVIATIONS } from '../known-deviations.js';
import { API_VERSIONING_QUIRKS } from './api-versioning.js';
import { DAEMON_CONFIG_QUIRKS } from './daemon-config.js';
import { DEPRECATIONS_QUIRKS } from './deprecations.js';
import { LISTENERS_QUIRKS } from './listeners.js';
import { MODEL_RUNNER_QUIRKS } from './model-runner.js';
import { RELOAD_QUIRKS } from './reload.js';
import type { Quirk } from './types.js';

export type { Quirk } from './types.js';

/** Every hypothetical quirk, area by area. */
export const HYPOTHETICAL_QUIRKS: readonly Quirk[] = [
  ...API_VERSIONING_QUIRKS,
  ...DAEMON_CONFIG_QUIRKS,
  ...RELOAD_QUIRKS,
  ...LISTENERS_QUIRKS,
  ...MODEL_RUNNER_QUIRKS,
  ...DEPRECATIONS_QUIRKS,
];

/** One observed quirk per known deviation: what the real releases do. */
export const OBSERVED_QUIRKS: readonly Quirk[] = KNOWN_DEVIATIONS.map((deviation) => ({
  id: deviation.quirk,
  rule: deviation.rule,
  kind: 'observed' as const,
  what: deviation.what,
  releases: deviation.releases,
}));

export const QUIRKS: readonly Quirk[] = [...OBSERVED_QUIRKS, ...HYPOTHETICAL_QUIRKS];

export const findQuirk = (id: string): Quirk | undefined => QUIRKS.find((quirk) => quirk.id === id);

/** The observed quirks of a release series (what `--as-observed` switches on with `--emulate release`). */
export const observedQuirksOf = (release: string): readonly string[] =>
  KNOWN_DEVIATIONS.filter((deviation) => deviation.releases.includes(release)).map((deviation) => deviation.quirk);
