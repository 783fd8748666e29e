import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): --tls without --tlsverify still requires and verifies client certificates (unless tlsverify is set false). */
export const TLS_REQUIRES_CLIENT_CERT = 'observed.tls.encrypts';
export const tlsRequiresClientCert: QuirkModule = {
  where:
    'simulator/quirks/listeners/tls-requires-client-cert.ts, its row of simulator/listeners/tls-plan-variant.ts (TLS_PLAN_VARIATIONS), read by simulator/listeners/tls-plan.ts (planTls)',
};

/** moby cmd/dockerd: with TLS on, clients are verified unless tlsverify was set to false explicitly. */
export const verifiesWithTls = (verifySetting: boolean | undefined, tlsSetting: boolean | undefined, verifyFromEnv: boolean): boolean =>
  verifySetting ?? (verifyFromEnv || tlsSetting === true);
