import type { QuirkModule } from '../quirk-module.js';
import { DEFAULT_FLOOR_1_23, defaultFloor123 } from './default-floor-1-23.js';
import { ENV_FLOOR_UNCHECKED, envFloorUnchecked } from './env-floor-unchecked.js';
import { HEAD_SKIPS_CHECK, headSkipsCheck } from './head-skips-check.js';
import { MINIMUM_EXCLUDED, minimumExcluded } from './minimum-excluded.js';
import { OTHER_PLATFORM_MINIMUM, otherPlatformMinimum } from './other-platform-minimum.js';
import { PLEASE_UPGRADE, pleaseUpgrade } from './please-upgrade.js';
import { REPORTS_LEGACY_FLOOR, reportsLegacyFloor } from './reports-legacy-floor.js';
import { UNVERSIONED_HEAD_REFUSED, unversionedHeadRefused } from './unversioned-head-refused.js';
import { MAXIMUM_EXCLUDED, maximumExcluded } from './maximum-excluded.js';
import { UNTYPED_ERROR_500, untypedError500 } from './untyped-error-500.js';
import { TOO_NEW_CLAMPED, tooNewClamped } from './too-new-clamped.js';
import { OPT_IN_RAISE_ONLY, optInRaiseOnly } from './opt-in-raise-only.js';
import { GATE_KEEPS_DEFAULT, gateKeepsDefault } from './gate-keeps-default.js';
import { TEXT_COMPARE, textCompare } from './text-compare.js';
import { LEADING_DIGITS, leadingDigits } from './leading-digits.js';

/** The quirks of the api-versioning area, by id (one module each in this directory). */
export const API_VERSIONING_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [PLEASE_UPGRADE]: pleaseUpgrade,
  [HEAD_SKIPS_CHECK]: headSkipsCheck,
  [MINIMUM_EXCLUDED]: minimumExcluded,
  [UNVERSIONED_HEAD_REFUSED]: unversionedHeadRefused,
  [REPORTS_LEGACY_FLOOR]: reportsLegacyFloor,
  [OTHER_PLATFORM_MINIMUM]: otherPlatformMinimum,
  [DEFAULT_FLOOR_1_23]: defaultFloor123,
  [ENV_FLOOR_UNCHECKED]: envFloorUnchecked,
  [MAXIMUM_EXCLUDED]: maximumExcluded,
  [UNTYPED_ERROR_500]: untypedError500,
  [TOO_NEW_CLAMPED]: tooNewClamped,
  [OPT_IN_RAISE_ONLY]: optInRaiseOnly,
  [GATE_KEEPS_DEFAULT]: gateKeepsDefault,
  [TEXT_COMPARE]: textCompare,
  [LEADING_DIGITS]: leadingDigits,
};
