import type { RuleCheck } from '../harness/rule-check.js';
import { compareNumericCheck, malformedCheck } from './spelling-checks.js';
import { apiVersionHeaderCheck, jsonErrorCheck, legacyPlainTextCheck, legacyPlainTextNotFoundCheck } from './header-checks.js';
import { notFoundCheck, pingCheck, robustnessCheck } from './basic-http-checks.js';
import { headerLinesCheck } from './header-lines-checks.js';
import { hostHeaderCheck } from './host-header-checks.js';
import { negotiationCheck } from './negotiation-checks.js';
import { cleanRedirectCheck, optionsCheck } from './routing-checks.js';
import { legacyOptInCheck, legacyRemovedCheck, minOverrideRaiseCheck } from './override-checks.js';
import {
  below124Check,
  limitsMinimumCheck,
  minimum112Check,
  windowsMinimumCheck,
  prefixCheck,
  tooNewCheck,
  tooOldCheck,
  tooOldStatusCheck,
  tooOldWordingCheck,
  unversionedCheck,
} from './range-checks.js';

/** Assertions of the API-versioning area, one per rule id. */
export const API_VERSIONING_CHECKS: readonly RuleCheck[] = [
  prefixCheck,
  unversionedCheck,
  negotiationCheck,
  tooOldCheck,
  tooOldWordingCheck,
  tooOldStatusCheck,
  tooNewCheck,
  minimum112Check,
  below124Check,
  limitsMinimumCheck,
  legacyRemovedCheck,
  legacyOptInCheck,
  minOverrideRaiseCheck,
  compareNumericCheck,
  malformedCheck,
  apiVersionHeaderCheck,
  jsonErrorCheck,
  legacyPlainTextCheck,
  legacyPlainTextNotFoundCheck,
  pingCheck,
  notFoundCheck,
  cleanRedirectCheck,
  optionsCheck,
  robustnessCheck,
  headerLinesCheck,
  hostHeaderCheck,
  windowsMinimumCheck,
];
