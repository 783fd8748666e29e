import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the chain ends at the first plugin that allows (any-of instead of every plugin in sequence). */
export const AUTHZ_STOPS_AT_ALLOW = 'hypothetical.authz.chain.stops-at-allow';
export const authzStopsAtAllow: QuirkModule = { where: 'simulator/quirks/listeners/authz-stops-at-allow.ts, called from simulator/authz/chain.ts (ask)' };
