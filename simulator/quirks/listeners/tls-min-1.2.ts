import type { SecureVersion } from 'node:tls';

/**
 * observed.tls.versions.supported: TLS 1.0 and 1.1 are refused (alert protocol_version): the minimum
 * is TLS 1.2, go-connections' server default (observed on 20.10.24, 26.1.5, 28.5.2). Carried by
 * listeners/tls-load.ts.
 */
export const TLS_MIN_12 = 'observed.tls.versions.supported';

/** The oldest TLS version the listener takes. */
export const minimumTlsVersion = (quirks: ReadonlySet<string>): SecureVersion => (quirks.has(TLS_MIN_12) ? 'TLSv1.2' : 'TLSv1');
