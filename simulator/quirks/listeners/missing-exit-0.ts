import { SimError } from '../../errors.js';

/**
 * A start error that the process ends with status 0: quirk hypothetical.authz.missing.exit-0's
 * refusal of a plugin that cannot be found (its row of simulator/authz/chain-variant.ts), which
 * simulator/bin/ctrd-sim.ts exits on.
 */
export class CleanShutdown extends SimError {}
