import type { DaemonOption } from '../../../specs/options.js';
import { ADDRESS_POOLS_MERGED } from './address-pools-merged.js';
import { LOG_OPTS_MERGED } from './log-opts-merged.js';

/**
 * Observed quirk (observed.config.file.conflict): --add-runtime and the file's `runtimes` are no
 * conflict: the releases merge the two (20.10.24, 26.1.5, 28.5.2 take `--add-runtime ctcy=/bin/true`
 * with {"runtimes":{"ctcx":{"path":"/bin/true"}}}).
 */
export function conflictKeys(option: DaemonOption, quirks: ReadonlySet<string>, keys: readonly string[]): readonly string[] {
  if (quirks.has('observed.config.file.conflict') && option.name === 'add-runtime') return [];
  if (quirks.has(LOG_OPTS_MERGED) && option.name === 'log-opt') return [];
  if (quirks.has(ADDRESS_POOLS_MERGED) && option.name === 'default-address-pool') return [];
  return keys;
}
