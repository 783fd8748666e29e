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
import { REQUESTED_ECHOED, requestedEchoed } from './requested-echoed.js';
import { CAPITALISED_KEY, capitalisedKey } from './capitalised-key.js';
import { CANONICAL_SPELLING_ONLY, canonicalSpellingOnly } from './canonical-spelling-only.js';
import { GO_DEFAULT_NOT_FOUND, goDefaultNotFound } from './go-default-text.js';
import { HEAD_UNCACHED, headUncached } from './head-uncached.js';
import { PING_ANY_METHOD, pingAnyMethod } from './ping-any-method.js';
import { QUERY_DROPPED, queryDropped } from './query-dropped.js';
import { KNOWN_PATHS_ONLY, knownPathsOnly } from './known-paths-only.js';
import { LARGE_HEAD_SERVED, largeHeadServed } from './large-head-served.js';
import { REQUEST_LINE_COUNTED, requestLineCounted } from './request-line-counted.js';
import { EQUAL_HOSTS_MERGED, equalHostsMerged } from './equal-hosts-merged.js';
import { GET_ONLY, getOnly } from './get-only.js';
import { HEAD_PROBE_SHORTCUT, headProbeShortcut } from './head-probe-shortcut.js';
import { HEAD_ON_GET_ROUTES, headOnGetRoutes } from './head-on-get-routes.js';

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
  [REQUESTED_ECHOED]: requestedEchoed,
  [CAPITALISED_KEY]: capitalisedKey,
  [CANONICAL_SPELLING_ONLY]: canonicalSpellingOnly,
  [GO_DEFAULT_NOT_FOUND]: goDefaultNotFound,
  [HEAD_UNCACHED]: headUncached,
  [PING_ANY_METHOD]: pingAnyMethod,
  [QUERY_DROPPED]: queryDropped,
  [KNOWN_PATHS_ONLY]: knownPathsOnly,
  [LARGE_HEAD_SERVED]: largeHeadServed,
  [REQUEST_LINE_COUNTED]: requestLineCounted,
  [EQUAL_HOSTS_MERGED]: equalHostsMerged,
  [GET_ONLY]: getOnly,
  [HEAD_PROBE_SHORTCUT]: headProbeShortcut,
  [HEAD_ON_GET_ROUTES]: headOnGetRoutes,
};
