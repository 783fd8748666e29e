import { inRange } from '../../common/dotted-version.js';
import type { SimConfig } from './types.js';
import type { Logger } from '../log.js';
import { warnsOnlyForFlag } from '../quirks/daemon-config/nondistributable-flag-only.js';

/**
 * Deprecation warnings of settings that still start (daemon.md › Errors). allow-nondistributable-artifacts
 * is deprecated from 28.0 and an error from 29.0: the document asks for a warning in the log. 28.5.2
 * warns only for the flag (pflag's "Flag --… has been deprecated" line) and not for the file key
 * (observed; specs/known-deviations.ts); the simulator warns for both.
 */
export function warnDeprecatedSettings(config: SimConfig, logger: Logger): void {
  if (config.settings.allowNondistributableArtifacts.length === 0 || !inRange(config.release.release, { min: '28.0', max: '28.5' })) return;
  if (config.faults.has('config.nondistributable.warning') || warnsOnlyForFlag(config.startFlags, config.quirks)) return;
  logger.log(
    'warning',
    'The "allow-nondistributable-artifacts" option is deprecated and has no effect: pushing nondistributable artifacts is enabled by default; it will be refused from 29.0',
    { option: 'allow-nondistributable-artifacts' },
  );
}
