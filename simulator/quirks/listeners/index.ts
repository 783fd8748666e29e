import type { QuirkModule } from '../quirk-module.js';
import { METRICS_WITHOUT_EXPERIMENTAL, metricsWithoutExperimental } from './metrics-without-experimental.js';
import { REMOTE_NOTICE_ONLY, remoteNoticeOnly } from './remote-notice-only.js';
import { SPEC_PATH_NOT_FOUND, specPathNotFound } from './spec-path-not-found.js';
import { TCP_PATH_REFUSED, tcpPathRefused } from './tcp-path-refused.js';
import { TLS_ENV_IGNORED, tlsEnvIgnored } from './tls-env-ignored.js';
import { TLS_MINIMUM_1_2, tlsMinimum12 } from './tls-minimum-1-2.js';
import { TLS_PORT_2375, tlsPort2375 } from './tls-port-2375.js';
import { TLS_REQUIRES_CLIENT_CERT, tlsRequiresClientCert } from './tls-requires-client-cert.js';

/** The quirks of the listeners area, by id (one module each in this directory). */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [TCP_PATH_REFUSED]: tcpPathRefused,
  [TLS_PORT_2375]: tlsPort2375,
  [TLS_REQUIRES_CLIENT_CERT]: tlsRequiresClientCert,
  [TLS_ENV_IGNORED]: tlsEnvIgnored,
  [TLS_MINIMUM_1_2]: tlsMinimum12,
  [REMOTE_NOTICE_ONLY]: remoteNoticeOnly,
  [METRICS_WITHOUT_EXPERIMENTAL]: metricsWithoutExperimental,
  [SPEC_PATH_NOT_FOUND]: specPathNotFound,
};
