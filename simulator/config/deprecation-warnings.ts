import { inRange } from '../../common/dotted-version.js';
import type { SimConfig } from './types.js';
import type { Logger } from '../log.js';
import { deprecationWarningsVariant } from './deprecation-warnings-variant.js';

/**
 * Deprecation warnings of settings that still start (daemon.md › Errors). allow-nondistributable-artifacts
 * is deprecated from 28.0 and an error from 29.0: the document asks for a warning in the log. 28.5.2
 * warns only for the flag (pflag's "Flag --… has been deprecated" line) and not for the file key
 * (observed; specs/known-deviations.ts); the simulator warns for both.
 */
export function warnDeprecatedSettings(config: SimConfig, logger: Logger): void {
  if (config.settings.allowNondistributableArtifacts.length === 0 || !inRange(config.release.release, { min: '28.0', max: '28.5' })) return;
  // Where these warnings differ from the document's (deprecation-warnings-variant.ts).
  const variant = deprecationWarningsVariant(config);
  if (variant.nondistributableUnwarned) return;
  if (variant.nondistributableWarnedForFlagOnly && !config.startFlags.daemonOptions.has('allow-nondistributable-artifacts')) return;
  logger.log(
    'warning',
    'The "allow-nondistributable-artifacts" option is deprecated and has no effect: pushing nondistributable artifacts is enabled by default; it will be refused from 29.0',
    { option: 'allow-nondistributable-artifacts' },
  );
}
