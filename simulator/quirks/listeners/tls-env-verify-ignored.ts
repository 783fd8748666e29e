/**
 * observed.tls.env-verify: the daemon ignores `<PREFIX>TLS_VERIFY` (a client variable there): with
 * it and the certificate directory, a TCP listener serves plain HTTP (observed on 20.10.24, 26.1.5,
 * 28.5.2). Carried by listeners/tls-plan.ts.
 */
export const TLS_ENV_VERIFY_IGNORED = 'observed.tls.env-verify';

export const tlsVerifyVariableRead = (quirks: ReadonlySet<string>): boolean => !quirks.has(TLS_ENV_VERIFY_IGNORED);
