import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the TCP listener answers plain HTTP for its first seconds, before its TLS is set up (a listener opened before the certificates are loaded). */
export const PLAIN_BEFORE_TLS = 'hypothetical.tls.verify.plain-before-tls';
export const plainBeforeTls: QuirkModule = {
  where:
    'simulator/quirks/listeners/plain-before-tls.ts, called from simulator/listeners/listen.ts and simulator/listeners/tls-front.ts (plainUntil), switched on by its row of simulator/daemon/start-variant.ts (START_VARIATIONS)',
};

/** How long the listener answers plain HTTP after it opened. */
export const PLAIN_FOR_MS = 4_000;
