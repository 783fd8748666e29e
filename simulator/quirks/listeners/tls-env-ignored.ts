import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): <PREFIX>TLS_VERIFY is ignored by the daemon. */
export const TLS_ENV_IGNORED = 'observed.tls.env-verify';
export const tlsEnvIgnored: QuirkModule = {
  where:
    'simulator/quirks/listeners/tls-env-ignored.ts, its row of simulator/listeners/tls-plan-variant.ts (TLS_PLAN_VARIATIONS), read by simulator/listeners/tls-plan.ts (planTls)',
};
