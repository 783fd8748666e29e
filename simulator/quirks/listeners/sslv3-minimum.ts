import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the TLS configuration's minimum version is lowered to SSLv3 for old clients: an SSLv3 ClientHello gets a ServerHello. */
export const SSLV3_MINIMUM = 'hypothetical.tls.versions.old-refused.sslv3-minimum';
export const sslv3Minimum: QuirkModule = {
  where:
    'simulator/quirks/listeners/sslv3-minimum.ts, its row of simulator/daemon/start-variant.ts (START_VARIATIONS), read by simulator/daemon/start.ts for the TLS front of simulator/listeners/listen.ts',
};
