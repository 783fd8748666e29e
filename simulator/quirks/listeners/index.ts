import type { QuirkModule } from '../quirk-module.js';
import { METRICS_WITHOUT_EXPERIMENTAL } from './metrics-without-experimental.js';
import { REMOTE_UNVERIFIED_STARTS } from './remote-unverified-starts.js';
import { TCP_DEFAULT_PORT_2375 } from './tcp-default-port-2375.js';
import { TCP_PATH_REFUSED } from './tcp-path-refused.js';
import { TLS_ENV_VERIFY_IGNORED } from './tls-env-verify-ignored.js';
import { TLS_MIN_12 } from './tls-min-1.2.js';
import { TLS_REQUIRES_CLIENT_CERT } from './tls-requires-client-cert.js';

/** The quirks of the listeners area, by id (one module each in this directory). */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [TCP_PATH_REFUSED]: { where: 'quirks/listeners/tcp-path-refused.ts; listeners/address.ts (parseHost), config/resolve.ts (checkHosts), daemon/start.ts (20.10: as it listens)' },
  [TCP_DEFAULT_PORT_2375]: { where: 'quirks/listeners/tcp-default-port-2375.ts; listeners/address.ts (parseHost)' },
  [TLS_REQUIRES_CLIENT_CERT]: { where: 'quirks/listeners/tls-requires-client-cert.ts; listeners/tls-plan.ts (planTls)' },
  [TLS_ENV_VERIFY_IGNORED]: { where: 'quirks/listeners/tls-env-verify-ignored.ts; listeners/tls-plan.ts (planTls)' },
  [TLS_MIN_12]: { where: 'quirks/listeners/tls-min-1.2.ts; listeners/tls-load.ts (loadTls)' },
  [REMOTE_UNVERIFIED_STARTS]: { where: 'quirks/listeners/remote-unverified-starts.ts; listeners/tcp-policy.ts (refuseUnverifiedRemote)' },
  [METRICS_WITHOUT_EXPERIMENTAL]: { where: 'quirks/listeners/metrics-without-experimental.ts; metrics/server.ts (startMetrics)' },
};
