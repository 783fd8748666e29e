import type { StartFlags } from '../../config/types.js';

/**
 * Observed quirk (observed.config.nondistributable.warning): 28.5.2 warns of
 * allow-nondistributable-artifacts only when it comes by flag (pflag's deprecation line), never
 * when it comes from the file.
 */
export const warnsOnlyForFlag = (startFlags: StartFlags, quirks: ReadonlySet<string>): boolean =>
  quirks.has('observed.config.nondistributable.warning') && !startFlags.daemonOptions.has('allow-nondistributable-artifacts');
