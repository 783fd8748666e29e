import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: an off-by-one in the range check (`>=` for `>`) refuses the advertised maximum itself as too new, so a client negotiating down to it is refused. */
export const MAXIMUM_EXCLUDED = 'hypothetical.api.version.negotiation.maximum-excluded';
export const maximumExcluded: QuirkModule = {
  where: 'simulator/quirks/api-versioning/maximum-excluded.ts, called from simulator/http/middleware/version-gate.ts (versionGate)',
};

/** The comparison result above which a version is refused as too new: 0 (above the maximum), or -1 with the quirk (the maximum too). */
export const tooNewAbove = (quirks: ReadonlySet<string>): number => (quirks.has(MAXIMUM_EXCLUDED) ? -1 : 0);
