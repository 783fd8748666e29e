import { findQuirk, observedQuirksOf } from '../../specs/quirks/index.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import type { ParsedFlags } from './flags/argv.js';
import { flag } from './flags/options.js';

/**
 * The quirks asked for with `--quirk ID` (repeatable) and `--as-observed` (every observed quirk of
 * the emulated release: the known deviations that list it). An id the specs do not name is a usage
 * error (the simulator carries every one: test/quirks.test.ts).
 */
export function resolveQuirks(flags: ParsedFlags, release: DaemonRelease): ReadonlySet<string> {
  const quirks = new Set<string>();
  for (const id of flag(flags, 'quirk') ?? []) {
    if (findQuirk(id) === undefined) throw new SimError('SIM_USAGE', `invalid argument "${id}" for "--quirk" flag: no quirk with that id (see specs/quirks)`);
    quirks.add(id);
  }
  if (flag(flags, 'as-observed') === true) for (const id of observedQuirksOf(release.release)) quirks.add(id);
  return quirks;
}
