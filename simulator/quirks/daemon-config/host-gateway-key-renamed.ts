import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the file's single-string host-gateway-ip was renamed host-gateway-ips without an alias: the older key, still one of the release's, is refused as an unknown directive. */
export const ID = 'hypothetical.config.file.keys.release.host-gateway-ip-renamed';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/host-gateway-key-renamed.ts, its row of simulator/config/file/directives-variant.ts (DIRECTIVES_VARIATIONS), read by simulator/config/file/directives.ts (unknownDirectives)',
};

/** The file key the quirk's decoder no longer knows. */
export const DROPPED_KEY = 'host-gateway-ip';
