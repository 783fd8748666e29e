// Quirk hypothetical.reload.option.authorization-plugins.needs-start-chain: its row is in
// simulator/reload/reload-variant.ts; simulator/daemon/start.ts asks reloadSwapsChain.
import { reloadVariant } from '../../reload/reload-variant.js';

const NO_FAULTS: ReadonlySet<never> = new Set();

/**
 * Whether a reload may replace the authorization chain: always, but where the variant installs the
 * middleware only at a start that lists plugins (reload-variant.ts: chainOnlyIfStarted) and the
 * daemon started without one.
 */
export const reloadSwapsChain = (quirks: ReadonlySet<string>, startedWithChain: boolean): boolean =>
  !reloadVariant({ faults: NO_FAULTS, quirks }).chainOnlyIfStarted || startedWithChain;
