/** Shorthands of the reload area; the shared ones are in ../kit.ts. Data only. */
import type { Capability } from '../../types.js';

export const AREA = 'reload';

/** A daemon the suite started, reconfigured in place (file rewritten, SIGHUP) and its log read. */
export const RELOAD: readonly Capability[] = ['start', 'reload', 'logs'];
