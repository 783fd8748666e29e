/**
 * observed.tls.remote-requires-verify: 28.5.2 still starts a remote TCP listener without TLS
 * verification, logging the deprecation notice "[DEPRECATION NOTICE]: API is accessible on
 * http://…  … In future versions this will be a hard failure preventing the daemon from starting!"
 * (the one listeners/tcp-policy.ts warnUnverifiedTcp logs) instead of refusing it (observed in a
 * private network namespace, -H tcp://10.250.0.1:2375 --tls=false). Carried by listeners/tcp-policy.ts.
 */
export const REMOTE_UNVERIFIED_STARTS = 'observed.tls.remote-requires-verify';

export const remoteUnverifiedRefused = (quirks: ReadonlySet<string>): boolean => !quirks.has(REMOTE_UNVERIFIED_STARTS);
