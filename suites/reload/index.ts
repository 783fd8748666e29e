import type { RuleCheck } from '../harness/rule-check.js';
import { untestableCheck } from '../harness/untestable.js';
import { atomicCheck } from './atomic-checks.js';
import { authzMissingCheck, authzReloadCheck } from './authz-checks.js';
import {
  debugCheck,
  downloadsCheck,
  featuresCheck,
  labelsCheck,
  liveRestoreCheck,
  registriesCheck,
  runtimesCheck,
  shutdownTimeoutCheck,
  undocumentedCheck,
} from './option-checks.js';
import { absentKeysCheck, conflictCheck, flagsKeptCheck, invalidCheck, needsSignalCheck, nonReloadableCheck, sighupAppliesCheck } from './transition-checks.js';

/** Assertions of the reload area, one per rule id. */
export const RELOAD_CHECKS: readonly RuleCheck[] = [
  sighupAppliesCheck,
  flagsKeptCheck,
  conflictCheck,
  invalidCheck,
  needsSignalCheck,
  atomicCheck,
  absentKeysCheck,
  nonReloadableCheck,
  authzMissingCheck,
  debugCheck,
  labelsCheck,
  liveRestoreCheck,
  downloadsCheck,
  runtimesCheck,
  registriesCheck,
  shutdownTimeoutCheck,
  featuresCheck,
  undocumentedCheck,
  untestableCheck('reload.other-platform'),
  untestableCheck('reload.partial-answers'),
  authzReloadCheck,
];
