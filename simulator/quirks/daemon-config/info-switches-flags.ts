import type { FlagSwitches } from '../../config/types.js';
import type { DaemonSettings } from '../../config/file/settings.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: GET /info takes Debug, ExperimentalBuild and LiveRestoreEnabled from the configuration the flags were parsed into, not from the merged one: switches set only in the file show false (the daemon still runs with them). */
export const ID = 'hypothetical.config.info.effective.switches-from-flags';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/info-switches-flags.ts, called from simulator/engine/system/info/route.ts (GET /info)',
};

/** The settings /info shows under the quirk: the three switches as the flags alone set them. */
export const switchesFromFlags = (settings: DaemonSettings, switches: FlagSwitches): DaemonSettings => ({ ...settings, ...switches });
