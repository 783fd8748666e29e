/**
 * observed.tls.encrypts: `--tls` without `--tlsverify` still requires and verifies client
 * certificates (a client without one gets the alert "certificate required"); only `tlsverify` set to
 * false turns that off (observed on 20.10.24, 26.1.5, 28.5.2). Carried by listeners/tls-plan.ts.
 */
export const TLS_REQUIRES_CLIENT_CERT = 'observed.tls.encrypts';

/** Whether client certificates are verified: as named, else whenever TLS is on. */
export const clientCertsVerified = (quirks: ReadonlySet<string>, enabled: boolean, verifySetting: boolean | undefined, verify: boolean): boolean =>
  quirks.has(TLS_REQUIRES_CLIENT_CERT) && enabled && verifySetting === undefined ? true : verify;
