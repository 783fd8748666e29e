import { RULES } from '../../specs/catalogue.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { skipped } from '../harness/verdict.js';
import { atomicCheck } from './atomic-check.js';
import { authzMissingCheck } from './authz-check.js';
import { debugCheck, downloadsCheck, featuresCheck, labelsCheck, liveRestoreCheck, registriesCheck, runtimesCheck, shutdownTimeoutCheck, undocumentedCheck } from './option-checks.js';
import { absentKeysCheck, conflictCheck, invalidCheck, needsSignalCheck, nonReloadableCheck, sighupAppliesCheck } from './transition-checks.js';

const untestable = (rule: string): RuleCheck => {
  const why = RULES.find((r) => r.id === rule)?.testability;
  return { rule, run: () => Promise.resolve(skipped(why !== undefined && !why.testable ? why.why : 'not testable here')) };
};

/** Assertions of the reload area, one per rule id. */
export const RELOAD_CHECKS: readonly RuleCheck[] = [
  sighupAppliesCheck,
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
  untestable('reload.other-platform'),
  untestable('reload.partial-answers'),
  untestable('reload.option.authorization-plugins'),
];
