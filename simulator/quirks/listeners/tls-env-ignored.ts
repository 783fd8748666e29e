import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): <PREFIX>TLS_VERIFY is ignored by the daemon. */
export const TLS_ENV_IGNORED = 'observed.tls.env-verify';
export const tlsEnvIgnored: QuirkModule = { where: 'simulator/quirks/listeners/tls-env-ignored.ts, called from simulator/listeners/tls-plan.ts (planTls)' };
