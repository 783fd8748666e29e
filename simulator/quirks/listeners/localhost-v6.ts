import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: tcp://localhost:P listens on ::1 only, so 127.0.0.1:P is not served. */
export const LOCALHOST_V6 = 'hypothetical.listen.tcp.forms.localhost-v6';
export const localhostV6: QuirkModule = {
  where:
    'simulator/quirks/listeners/localhost-v6.ts, its row of simulator/listeners/address-variant.ts (ADDRESS_VARIATIONS), read by simulator/listeners/address.ts (tcp)',
};
