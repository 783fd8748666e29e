import type { QuirkModule } from '../quirk-module.js';
import { DEFAULT_FLOOR_1_23, defaultFloor123 } from './default-floor-1-23.js';
import { ENV_FLOOR_UNCHECKED, envFloorUnchecked } from './env-floor-unchecked.js';
import { HEAD_SKIPS_CHECK, headSkipsCheck } from './head-skips-check.js';
import { MINIMUM_EXCLUDED, minimumExcluded } from './minimum-excluded.js';
import { OTHER_PLATFORM_MINIMUM, otherPlatformMinimum } from './other-platform-minimum.js';
import { PLEASE_UPGRADE, pleaseUpgrade } from './please-upgrade.js';
import { REPORTS_LEGACY_FLOOR, reportsLegacyFloor } from './reports-legacy-floor.js';
import { UNVERSIONED_HEAD_REFUSED, unversionedHeadRefused } from './unversioned-head-refused.js';

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
};
