import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the listener negotiates at most TLS 1.2 (a maximum version pinned in its TLS configuration). */
export const NO_TLS13 = 'hypothetical.tls.versions.supported.no-tls13';
export const noTls13: QuirkModule = {
  where:
    'simulator/quirks/listeners/no-tls13.ts, its row of simulator/listeners/tls-load-variant.ts (TLS_LOAD_VARIATIONS), read by simulator/listeners/tls-load.ts (loadTls)',
};
