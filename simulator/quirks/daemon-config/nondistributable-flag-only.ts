import type { ParsedFlags } from '../../config/flags/argv.js';

/**
 * Observed quirk (observed.config.nondistributable.warning): 28.5.2 warns of
 * allow-nondistributable-artifacts only when it comes by flag (pflag's deprecation line), never
 * when it comes from the file.
 */
export const warnsOnlyForFlag = (flags: ParsedFlags, quirks: ReadonlySet<string>): boolean =>
  quirks.has('observed.config.nondistributable.warning') && !flags.has('allow-nondistributable-artifacts');
