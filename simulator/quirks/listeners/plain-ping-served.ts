import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the TLS listener answers a plain GET or HEAD /_ping itself (a health check for load balancers that hold no certificate); every other plain request is refused as Go does. */
export const PLAIN_PING_SERVED = 'hypothetical.tls.plain-request.ping-served';
export const plainPingServed: QuirkModule = {
  where:
    'simulator/quirks/listeners/plain-ping-served.ts, its row of simulator/daemon/start-variant.ts (START_VARIATIONS), read by simulator/daemon/start.ts (frontFaults), simulator/listeners/listen.ts (openListener) and simulator/listeners/tls-front.ts (tlsFront)',
};

/** Whether the first bytes of a connection are a plain GET or HEAD of /_ping (unversioned or versioned). */
export const isPlainPing = (first: Buffer): boolean => /^(GET|HEAD) (\/v[0-9.]+)?\/_ping[ ?]/.test(first.toString('latin1', 0, 64));
