import { inRange } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { ParsedFlags } from '../../config/argv.js';

/**
 * observed.config.nondistributable.warning: 28.5.2 logs no warning for allow-nondistributable-artifacts
 * (the file key is taken silently); only the flag gets pflag's deprecation line, on stdout, as the
 * command line is parsed (also before --validate's "configuration OK"). Carried by
 * daemon-config/deprecation-warnings.ts (no log warning) and daemon-config/command.ts (the line).
 */
export const NONDISTRIBUTABLE_FLAG_ONLY = 'observed.config.nondistributable.warning';

/** 28.5.2's words, observed (the trailing space is its own). */
const PFLAG_LINE = 'Flag --allow-nondistributable-artifacts has been deprecated, Pushing nondistributable artifacts is now enabled by default. \n';

/** What the release prints on stdout for the deprecated flag: pflag's line when the flag was given (28.x marks it deprecated). */
export function nondistributableFlagLine(flags: ParsedFlags, release: DaemonRelease): string {
  return flags.has('allow-nondistributable-artifacts') && inRange(release.release, { min: '28.0', max: '28.99' }) ? PFLAG_LINE : '';
}
