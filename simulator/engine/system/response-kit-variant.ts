import type { DaemonRelease } from '../../../specs/versions.js';
import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What the headers and the /version document computed once per configuration (response-kit.ts),
 * and the /version and OPTIONS routes that send them (version.ts, options.ts), may do differently
 * from the document: the MinAPIVersion reported, the version headers of /_ping and of versioned
 * answers, what a versioned /version describes and OPTIONS' status. REFERENCE_RESPONSE_KIT is the document's; each fault and quirk
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
  /** A versioned GET /version describes the requested API version (its ApiVersion), not this daemon's. */
  readonly versionedVersionDescribesRequest: boolean;
  /** The status of OPTIONS on any path. */
  readonly optionsStatus: number;
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
  versionedVersionDescribesRequest: false,
  optionsStatus: 200,
});

/** Quirk hypothetical.api.version.minimum-1.12.other-platform-reported: before 25.0, the other platform's earliest version (1.24) on Linux too. */
const otherPlatformBefore25 = (release: DaemonRelease, before25: boolean): string | undefined => (before25 ? release.windowsMinApi : undefined);

/** Quirk hypothetical.limits.min-api-version.reports-legacy-floor: the compiled-in oldest version, while everything below 1.24 is refused. */
const legacyFloor = (): string => '1.12';

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
  ['api.version.prefix', { versionedVersionDescribesRequest: true }],
  ['api.options.any-path', { optionsStatus: 204 }],
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  ['hypothetical.api.version.minimum-1.12.other-platform-reported', { minApiReportedInstead: otherPlatformBefore25 }],
  ['hypothetical.limits.min-api-version.reports-legacy-floor', { minApiReportedInstead: legacyFloor }],
];

/** The headers and /version of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const responseKitVariant = perConfigVariant(REFERENCE_RESPONSE_KIT, RESPONSE_KIT_VARIATIONS);
