import type { QuirkModule } from '../quirk-module.js';

/** DNSNames is gated on the request's API version (1.44, the API of 25.0) instead of being a field of the release: an older API version does not see it. */
export const QUIRK = 'hypothetical.deprecated.network.dns-names.from-api-1-44';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/dns-names-from-api-1-44.ts, its row of simulator/engine/containers/network-settings-variant.ts (NETWORK_SETTINGS_VARIATIONS), read by simulator/engine/containers/network-settings.ts (endpointOf)',
};
