import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: only the bare tcp:// takes 2376 with TLS; the host: shorthands keep 2375. */
export const HOST_FORM_2375 = 'hypothetical.listen.tcp.default-port.host-form-2375';
export const hostForm2375: QuirkModule = {
  where:
    'simulator/quirks/listeners/host-form-2375.ts, its row of simulator/listeners/address-variant.ts (ADDRESS_VARIATIONS), read by simulator/listeners/address.ts (tcp)',
};
