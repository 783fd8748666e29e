import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: <PREFIX>CERT_PATH moves ca.pem only: cert.pem and key.pem still default to ~/.ctr (~/.docker). */
export const CERT_PATH_CA_ONLY = 'hypothetical.tls.cert-path.ca-only';
export const certPathCaOnly: QuirkModule = {
  where:
    'simulator/quirks/listeners/cert-path-ca-only.ts, its row of simulator/listeners/tls-plan-variant.ts (TLS_PLAN_VARIATIONS), read by simulator/listeners/tls-plan.ts (planTls)',
};
