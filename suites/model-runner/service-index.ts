import type { RuleCheck } from '../harness/rule-check.js';
import { socketPrefixCheck, socketPrefixManagementCheck, tcpServesCheck } from './addressing-checks.js';
import { daemonBesideCheck } from './daemon-beside-checks.js';
import { defaultNameCheck, otherSegmentsCheck, shortcutCheck, unknownEngineCheck, versioningCheck } from './engine-path-checks.js';
import { createBadBodyCheck, createCachedCheck, createCheck, getCheck, referenceFormatCheck, referenceNormalisedCheck } from './management-checks.js';
import { deleteCheck, listCheck } from './management-model.js';
import { v1AliasCheck } from './alias-checks.js';
import { extraSegmentsCheck } from './extra-segment-checks.js';
import { createUnknownCheck } from './create-unknown-checks.js';
import { deleteTaggedCheck, tagCheck } from './tag-checks.js';

/**
 * The model runner as a service: its addresses and /engines routing (addressing.ts, but for
 * mr.auth.none, an inference rule, and mr.tcp.default-port, which is not testable) and its
 * management endpoints (management.ts) and the endpoints beyond the document's tables
 * (endpoints.ts: tag, deleting a tagged model, the /v1/ alias, extra segments), one check per rule id.
 */
export const MODEL_RUNNER_SERVICE_CHECKS: readonly RuleCheck[] = [
  tcpServesCheck,
  socketPrefixCheck,
  socketPrefixManagementCheck,
  daemonBesideCheck,
  shortcutCheck,
  defaultNameCheck,
  unknownEngineCheck,
  versioningCheck,
  otherSegmentsCheck,
  referenceFormatCheck,
  referenceNormalisedCheck,
  createCheck,
  createBadBodyCheck,
  createUnknownCheck,
  createCachedCheck,
  listCheck,
  getCheck,
  deleteCheck,
  tagCheck,
  deleteTaggedCheck,
  v1AliasCheck,
  extraSegmentsCheck,
];
