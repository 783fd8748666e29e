import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: <PREFIX>TLS_VERIFY=0 or =false is read as off, though any non-empty value is documented to equal --tlsverify. */
export const ENV_ZERO_OFF = 'hypothetical.tls.env-verify.zero-off';
export const envZeroOff: QuirkModule = {
  where:
    'simulator/quirks/listeners/env-zero-off.ts, its row of simulator/listeners/tls-plan-variant.ts (TLS_PLAN_VARIATIONS), read by simulator/listeners/tls-plan.ts (planTls)',
};

/** The values read as off. */
export const OFF_VALUES: readonly string[] = Object.freeze(['0', 'false']);
