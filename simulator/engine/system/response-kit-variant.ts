import type { DaemonRelease } from '../../../specs/versions.js';
import type { VariationRow } from '../../faults/variant-table.js';
import { OTHER_PLATFORM_MINIMUM, reportedWithOtherPlatform } from '../../quirks/api-versioning/other-platform-minimum.js';
import { REPORTS_LEGACY_FLOOR, reportedLegacyFloor } from '../../quirks/api-versioning/reports-legacy-floor.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What the headers and the /version document computed once per configuration (response-kit.ts)
 * may do differently from the document: the MinAPIVersion reported, and the version headers of
 * /_ping and of versioned answers. REFERENCE_RESPONSE_KIT is the document's; each fault and quirk
 * that changes it is one row of RESPONSE_KIT_VARIATIONS.
 */
export interface ResponseKitVariant {
  /** Before 25.0, /version reports a MinAPIVersion one above the one served. */
  readonly minApiMisreportedBefore25: boolean;
  /** From 25.0, /version reports a MinAPIVersion one above the one served. */
  readonly minApiMisreportedFrom25: boolean;
  /** The MinAPIVersion /version reports in place of the reckoned one, at a release before 25.0 or not (undefined: the reckoned one). */
  readonly minApiReportedInstead: (release: DaemonRelease, before25: boolean) => string | undefined;
  /** /_ping sends Pragma: no-cache. */
  readonly pingPragma: boolean;
  /** The Api-Version the unversioned /_ping advertises, of the newest served. */
  readonly unversionedPingApi: (maxApi: string) => string;
  /** Versioned answers (OPTIONS aside) carry Api-Version. */
  readonly versionedApiVersion: boolean;
}

/** The version before `api` ("1.51" → "1.50"): what the negotiation fault advertises. */
const minorBelow = (api: string): string => `1.${Number(api.split('.')[1]) - 1}`;

/** The document's headers and /version. */
export const REFERENCE_RESPONSE_KIT: ResponseKitVariant = Object.freeze({
  minApiMisreportedBefore25: false,
  minApiMisreportedFrom25: false,
  minApiReportedInstead: () => undefined,
  pingPragma: true,
  unversionedPingApi: (maxApi: string) => maxApi,
  versionedApiVersion: true,
});

/** Quirk hypothetical.api.version.minimum-1.12.other-platform-reported: before 25.0, the other platform's minimum. */
const otherPlatformBefore25 = (release: DaemonRelease, before25: boolean): string | undefined =>
  before25 ? reportedWithOtherPlatform(release.windowsMinApi) : undefined;

/**
 * Each fault and quirk of the headers and /version, and what it sets; the later row wins (of the
 * MinAPIVersion reported instead, the legacy floor over the other platform's minimum: the order the
 * old branches asked them in).
 */
export const RESPONSE_KIT_VARIATIONS: readonly VariationRow<ResponseKitVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['api.version.minimum-1.12', { minApiMisreportedBefore25: true }],
  ['limits.min-api-version', { minApiMisreportedFrom25: true }],
  ['api.ping', { pingPragma: false }],
  ['api.version.negotiation', { unversionedPingApi: minorBelow }],
  ['api.headers.api-version', { versionedApiVersion: false }],
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  [OTHER_PLATFORM_MINIMUM, { minApiReportedInstead: otherPlatformBefore25 }],
  [REPORTS_LEGACY_FLOOR, { minApiReportedInstead: reportedLegacyFloor }],
];

/** The headers and /version of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const responseKitVariant = perConfigVariant(REFERENCE_RESPONSE_KIT, RESPONSE_KIT_VARIATIONS);
