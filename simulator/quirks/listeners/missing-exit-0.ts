import type { QuirkModule } from '../quirk-module.js';
import { SimError } from '../../errors.js';

/** Hypothetical: a plugin that cannot be found ends the start through the clean shutdown path: the error is logged, but the process exits with status 0. */
export const MISSING_EXIT_0 = 'hypothetical.authz.missing.exit-0';
export const missingExit0: QuirkModule = {
  where: 'simulator/quirks/listeners/missing-exit-0.ts, called from simulator/authz/install.ts (installAuthzPlugins) and simulator/bin/ctrd-sim.ts',
};

/** A start error that the process ends with status 0. */
export class CleanShutdown extends SimError {}
