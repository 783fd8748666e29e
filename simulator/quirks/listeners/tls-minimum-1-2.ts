import type { SecureVersion } from 'node:tls';
import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): TLS 1.0 and 1.1 are refused (Go's tlsconfig minimum is 1.2); 20.10 and 26.1 negotiate no 1.3 either. */
export const TLS_MINIMUM_1_2 = 'observed.tls.versions.supported';
export const tlsMinimum12: QuirkModule = {
  where:
    'simulator/quirks/listeners/tls-minimum-1-2.ts, its row of simulator/listeners/tls-load-variant.ts (TLS_LOAD_VARIATIONS), read by simulator/listeners/tls-load.ts (loadTls)',
};

export const observedVersions = (release: DaemonRelease): { minVersion: SecureVersion; maxVersion?: SecureVersion } =>
  isOlder(release.release, '28.0') ? { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' } : { minVersion: 'TLSv1.2' };
