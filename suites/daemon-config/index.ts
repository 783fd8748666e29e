import type { RuleCheck } from '../harness/rule-check.js';
import { boolFormsCheck, featureValueCheck, optionsCheck, optionsReleaseCheck, repeatableCheck, unknownOptionCheck, valueRequiredCheck } from './cli-checks.js';
import { helpCheck, positionalCheck, versionCheck } from './cli-info-checks.js';
import { proxyEnvCheck, proxyPrecedenceCheck, infoEffectiveCheck } from './env-checks.js';
import { jsonCheck } from './malformed-files.js';
import { conflictCheck, keysCheck, keysReleaseCheck, pluralKeysCheck, typesCheck, typesMessageCheck, unknownKeyCheck } from './file-checks.js';
import { absentDefaultsCheck, emptyCheck, nestedShapesCheck, unreadableCheck, validateAbsentCheck, validateCheck } from './file-shape-checks.js';
import { infoShapeCheck } from './info-shape-checks.js';
import { runtimesDefaultCheck, runtimesRegisterCheck } from './runtime-checks.js';
import { cdiSpecDirsCheck, genericResourcesCheck, hostGatewayCheck, networkOptsCheck, ulimitsCheck } from './specifics-checks.js';
import {
  cgroupDriverCheck,
  featuresExclusiveCheck,
  labelsConflictCheck,
  labelsReservedCheck,
  logFormatExclusiveCheck,
  logFormatJsonCheck,
  nondistributableWarningCheck,
  systemdUnavailableCheck,
} from './start-error-checks.js';
import { insecureRegistriesCheck, multipleDaemonsCheck, storageDriverCheck, storageOptionsCheck } from './storage-checks.js';
import { UNTESTABLE_CONFIG_CHECKS } from './untestable-checks.js';
import { enumValuesCheck, numbersCheck } from './value-checks.js';

/** Assertions of the daemon-configuration area (command line, environment, file), one per testable rule id. */
export const DAEMON_CONFIG_CHECKS: readonly RuleCheck[] = [
  optionsCheck,
  optionsReleaseCheck,
  unknownOptionCheck,
  valueRequiredCheck,
  boolFormsCheck,
  repeatableCheck,
  featureValueCheck,
  versionCheck,
  helpCheck,
  positionalCheck,
  enumValuesCheck,
  numbersCheck,
  jsonCheck,
  keysCheck,
  keysReleaseCheck,
  unknownKeyCheck,
  pluralKeysCheck,
  typesCheck,
  typesMessageCheck,
  nestedShapesCheck,
  conflictCheck,
  absentDefaultsCheck,
  emptyCheck,
  unreadableCheck,
  validateCheck,
  validateAbsentCheck,
  logFormatExclusiveCheck,
  featuresExclusiveCheck,
  logFormatJsonCheck,
  labelsConflictCheck,
  labelsReservedCheck,
  systemdUnavailableCheck,
  cgroupDriverCheck,
  nondistributableWarningCheck,
  runtimesRegisterCheck,
  runtimesDefaultCheck,
  cdiSpecDirsCheck,
  hostGatewayCheck,
  ulimitsCheck,
  genericResourcesCheck,
  networkOptsCheck,
  storageDriverCheck,
  storageOptionsCheck,
  multipleDaemonsCheck,
  insecureRegistriesCheck,
  proxyEnvCheck,
  proxyPrecedenceCheck,
  infoEffectiveCheck,
  infoShapeCheck,
  ...UNTESTABLE_CONFIG_CHECKS,
];
