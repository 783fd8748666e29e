import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: <PREFIX>TLS_VERIFY=0 or =false is read as off, though any non-empty value is documented to equal --tlsverify. */
export const ENV_ZERO_OFF = 'hypothetical.tls.env-verify.zero-off';
export const envZeroOff: QuirkModule = { where: 'simulator/quirks/listeners/env-zero-off.ts, called from simulator/listeners/tls-plan.ts (planTls)' };
