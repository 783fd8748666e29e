import type { QuirkModule } from '../quirk-module.js';
import { SimError } from '../../errors.js';

/** Hypothetical: from 28.0 the planned removal is carried out early: a TCP -H without TLS stops the start. */
export const PLAIN_TCP_REMOVED_EARLY = 'hypothetical.listen.tcp.unauthenticated-deprecated.removed-early';
export const plainTcpRemovedEarly: QuirkModule = {
  where:
    'simulator/quirks/listeners/plain-tcp-removed-early.ts, its row of simulator/daemon/start-variant.ts (START_VARIATIONS), read by simulator/daemon/start.ts (startSimulator)',
};

/** The error the start ends with. */
export const removedEarly = (host: string, port: number): SimError =>
  new SimError(
    'SIM_LISTEN',
    `failed to load listeners: listen tcp ${host}:${port}: unauthenticated TCP listeners have been removed; use TLS (--tlsverify) or a unix socket`,
  );
