import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): bare tcp:// (and host:) takes port 2375 with TLS too. */
export const TLS_PORT_2375 = 'observed.listen.tcp.default-port';
export const tlsPort2375: QuirkModule = {
  where:
    'simulator/quirks/listeners/tls-port-2375.ts, its row of simulator/listeners/address-variant.ts (ADDRESS_VARIATIONS), read by simulator/listeners/address.ts (tcp)',
};
