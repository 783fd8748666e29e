import { AUTHZ_RULES } from './authz.js';
import { METRICS_RULES } from './metrics.js';
import { SOCKET_RULES } from './sockets.js';
import { TLS_RULES } from './tls.js';

/** daemon.md › Daemon listening sockets, Authentication 1–6, the TLS options and variables, Metrics API, and their deprecation rows. */
export const LISTENERS_RULES = [...SOCKET_RULES, ...TLS_RULES, ...AUTHZ_RULES, ...METRICS_RULES] as const;
