import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the TLS configuration's minimum version is lowered to SSLv3 for old clients: an SSLv3 ClientHello gets a ServerHello. */
export const SSLV3_MINIMUM = 'hypothetical.tls.versions.old-refused.sslv3-minimum';
export const sslv3Minimum: QuirkModule = {
  where: 'simulator/quirks/listeners/sslv3-minimum.ts, called from simulator/daemon/start.ts (the TLS front of simulator/listeners/listen.ts)',
};
