import type { SecureVersion } from 'node:tls';
import { isOlder } from '../../common/dotted-version.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/** TLS versions a release's configuration sets. */
export interface TlsVersions {
  readonly minVersion?: SecureVersion;
  readonly maxVersion?: SecureVersion;
}

/**
 * What reading a TLS plan into listener options (tls-load.ts: loadTls) may do differently from the
 * document. REFERENCE_TLS_LOAD is the document's; each fault and quirk that changes it is one row of
 * TLS_LOAD_VARIATIONS.
 */
export interface TlsLoadVariant {
  /** Why an encrypted key stops the start (undefined: it does not, and the listener is opened without TLS). */
  readonly encryptedKeyRefusal: string | undefined;
  /** With verification, a client without a certificate is refused, not only asked for one. */
  readonly clientCertRequired: boolean;
  /** The oldest TLS version served. */
  readonly minVersion: SecureVersion;
  /** The versions the emulated release sets over minVersion. */
  readonly releaseVersions: (release: DaemonRelease) => TlsVersions;
  /** The newest TLS version served (undefined: the newest there is). */
  readonly maxVersion: SecureVersion | undefined;
}

/** The document's listener options: an encrypted key refused (daemon.md › Authentication 5), client certificates required, TLS 1.0 and later. */
export const REFERENCE_TLS_LOAD: TlsLoadVariant = Object.freeze({
  encryptedKeyRefusal: 'tls: failed to parse private key. Make sure the key is not encrypted.',
  clientCertRequired: true,
  minVersion: 'TLSv1',
  releaseVersions: () => ({}),
  maxVersion: undefined,
});

/** Quirk observed.tls.versions.supported: TLS 1.2 at least (Go's tlsconfig minimum); 20.10 and 26.1 negotiate no 1.3 either. */
const observedVersions = (release: DaemonRelease): TlsVersions =>
  isOlder(release.release, '28.0') ? { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' } : { minVersion: 'TLSv1.2' };

/**
 * Each fault and quirk of the listener options, and what it sets; the later row wins (of the
 * encrypted key, the quirk over the fault: the order the old branches asked them in).
 */
export const TLS_LOAD_VARIATIONS: readonly VariationRow<TlsLoadVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['tls.encrypted-key', { encryptedKeyRefusal: undefined }],
  ['tls.verify', { clientCertRequired: false }],
  // Only TLS 1.2 and later, as the real releases (Go's tlsconfig.ServerDefault).
  ['tls.versions.supported', { minVersion: 'TLSv1.2' }],
  // Quirks (specs/quirks/listeners.ts, specs/known-deviations.ts).
  // Go's bare reason, which does not say the key is encrypted.
  ['hypothetical.tls.encrypted-key.unexplained', { encryptedKeyRefusal: 'tls: failed to parse private key' }],
  // Observed (20.10, 26.1, 28.5): TLS 1.0 and 1.1 are refused.
  ['observed.tls.versions.supported', { releaseVersions: observedVersions }],
  // At most TLS 1.2 (a maximum version pinned in the listener's TLS configuration).
  ['hypothetical.tls.versions.supported.no-tls13', { maxVersion: 'TLSv1.2' }],
];

/** The listener options of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const tlsLoadVariant = perConfigVariant(REFERENCE_TLS_LOAD, TLS_LOAD_VARIATIONS);
