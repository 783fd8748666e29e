import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: an encrypted key stops the start, but the error is the bare "tls: failed to parse private key", which does not say the key is encrypted. */
export const ENCRYPTED_KEY_UNEXPLAINED = 'hypothetical.tls.encrypted-key.unexplained';
export const encryptedKeyUnexplained: QuirkModule = {
  where:
    'simulator/quirks/listeners/encrypted-key-unexplained.ts, its row of simulator/listeners/tls-load-variant.ts (TLS_LOAD_VARIATIONS), read by simulator/listeners/tls-load.ts (loadTls)',
};

/** Go's reason without the hint that the key is encrypted. */
export const UNEXPLAINED_REASON = 'tls: failed to parse private key';
