import { readFileSync } from 'node:fs';
import { inRange } from '../../common/dotted-version.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import type { TlsListenerOptions } from './listen.js';
import type { TlsPlan } from './tls-plan.js';
import { tlsLoadVariant } from './tls-load-variant.js';

/** The releases' prefix of a TLS set-up error: 20.10 "failed to create API server", 26.1 and 28.5 "invalid TLS configuration" (observed). */
const prefixFor = (release: DaemonRelease): string =>
  inRange(release.release, { max: '22.06' }) ? 'failed to create API server' : 'invalid TLS configuration';

/** A PEM key block encrypted the legacy way (`Proc-Type: 4,ENCRYPTED`) or as encrypted PKCS#8. */
export const isEncryptedKey = (pem: string): boolean => /Proc-Type:\s*4,ENCRYPTED|BEGIN ENCRYPTED PRIVATE KEY/.test(pem);

/** Go's wording of a failed open: `open <path>: no such file or directory`. */
function openReason(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file or directory'
      : code === 'EACCES'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'is a directory'
          : String((error as Error).message);
  return `open ${path}: ${why}`;
}

/**
 * Reads the certificate, key and CA of a TLS plan into listener options, failing as the releases
 * do (observed): the key pair first, then the CA; an encrypted key is refused (daemon.md ›
 * Authentication 5: removed in 23.0; 20.10 could not read one either). TLS 1.0 and later
 * (Authentication 2): OpenSSL needs security level 0 for the ciphers of 1.0 and 1.1. Where a fault
 * or a quirk makes it differ, it reads the field of its variant (tls-load-variant.ts).
 */
export function loadTls(
  plan: TlsPlan,
  release: DaemonRelease,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): TlsListenerOptions | undefined {
  const variant = tlsLoadVariant({ faults, quirks });
  const fail = (message: string): SimError => new SimError('SIM_CONFIG', `${prefixFor(release)}: ${message}`);
  const pair = `(cert: ${JSON.stringify(plan.certFile)}, key: ${JSON.stringify(plan.keyFile)})`;
  const read = (path: string): string => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      throw fail(`Could not load X509 key pair ${pair}: ${openReason(path, error)}`);
    }
  };
  const cert = read(plan.certFile);
  const key = read(plan.keyFile);
  if (isEncryptedKey(key)) {
    const refusal = variant.encryptedKeyRefusal;
    if (refusal !== undefined) throw fail(`Error reading X509 key pair ${pair}: ${refusal}`);
    // A listener whose key is encrypted is opened without TLS.
    return undefined;
  }
  let ca: string | undefined;
  if (plan.caFile !== '') {
    try {
      ca = readFileSync(plan.caFile, 'utf8');
    } catch (error) {
      throw fail(`could not read CA certificate ${JSON.stringify(plan.caFile)}: ${openReason(plan.caFile, error)}`);
    }
  }
  const verify = plan.verify;
  const required = variant.clientCertRequired;
  return {
    cert,
    key,
    ...(ca === undefined ? {} : { ca }),
    requestCert: verify,
    rejectUnauthorized: verify && required,
    minVersion: variant.minVersion,
    ...variant.releaseVersions(release),
    ...(variant.maxVersion === undefined ? {} : { maxVersion: variant.maxVersion }),
    ciphers: 'DEFAULT:@SECLEVEL=0',
  };
}
