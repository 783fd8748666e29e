import type { RuleCheck } from '../harness/rule-check.js';
import { untestableCheck } from '../harness/untestable.js';
import { AUTHZ_CHECKS } from './authz-checks.js';
import { AUTHZ_BODY_CHECKS } from './authz-body-checks.js';
import { METRICS_CHECKS } from './metrics-checks.js';
import { NETNS_CHECKS } from './netns-checks.js';
import { SOCKET_CHECKS } from './socket-checks.js';
import { TLS_CHECKS } from './tls-checks.js';

/** One check per rule of the listeners area (specs/rules/listeners/). */
export const LISTENERS_CHECKS: readonly RuleCheck[] = [
  ...SOCKET_CHECKS,
  ...TLS_CHECKS,
  ...NETNS_CHECKS,
  ...AUTHZ_CHECKS,
  ...AUTHZ_BODY_CHECKS,
  ...METRICS_CHECKS,
  untestableCheck('listen.empty-host'),
];
