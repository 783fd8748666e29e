import { isOlder } from '../../../common/dotted-version.js';
import { DOCUMENT_MESSAGES, OBSERVED_DOCKERD_MESSAGES } from '../../../specs/messages.js';
import type { SimConfig } from '../../config/types.js';
import { CANONICAL_SPELLING_ONLY } from '../../quirks/api-versioning/canonical-spelling-only.js';
import { CAPITALISED_KEY } from '../../quirks/api-versioning/capitalised-key.js';
import { DEFAULT_FLOOR_1_23, gateMinimum } from '../../quirks/api-versioning/default-floor-1-23.js';
import { GATE_KEEPS_DEFAULT } from '../../quirks/api-versioning/gate-keeps-default.js';
import { HEAD_SKIPS_CHECK } from '../../quirks/api-versioning/head-skips-check.js';
import { MAXIMUM_EXCLUDED } from '../../quirks/api-versioning/maximum-excluded.js';
import { MINIMUM_EXCLUDED } from '../../quirks/api-versioning/minimum-excluded.js';
import { PLEASE_UPGRADE } from '../../quirks/api-versioning/please-upgrade.js';
import { REQUESTED_ECHOED } from '../../quirks/api-versioning/requested-echoed.js';
import { compareAsText, TEXT_COMPARE } from '../../quirks/api-versioning/text-compare.js';
import { TOO_NEW_CLAMPED } from '../../quirks/api-versioning/too-new-clamped.js';
import { UNTYPED_ERROR_500, UNTYPED_ERROR_STATUS } from '../../quirks/api-versioning/untyped-error-500.js';
import { UNVERSIONED_HEAD_REFUSED } from '../../quirks/api-versioning/unversioned-head-refused.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import { canonicalVersion, compareRequested } from './version-compare.js';

/**
 * What the version gate (version-gate.ts) may do differently from the document. REFERENCE_GATE is
 * the document's gate; each fault (`--fault`) and quirk (`--quirk`, `--as-observed`) that changes the
 * gate is one row of GATE_VARIATIONS, naming the fields it sets. The gate reads the resolved
 * fields and nothing else: which fault or quirk set them is decided once, at start.
 */
export interface VersionGateVariant {
  /** An unversioned HEAD answers 404 (no unversioned HEAD route). */
  readonly unversionedHeadRefused: boolean;
  /** Api-Version names the version the request asked instead of the maximum. */
  readonly echoRequested: boolean;
  /** HEAD passes without the version check. */
  readonly headSkipsCheck: boolean;
  /** How a requested version compares with a bound. */
  readonly compare: (requested: string, bound: string) => -1 | 0 | 1;
  /** The comparison result below which a version is too old: 0, or 1 when the minimum itself is refused. */
  readonly tooOldBelow: 0 | 1;
  /** The comparison result above which a version is too new: 0, or -1 when the maximum itself is refused. */
  readonly tooNewAbove: 0 | -1;
  /** The minimum the gate enforces, given the daemon's configured one. */
  readonly minimum: (config: SimConfig) => string;
  /** From 25.0, a HEAD below 1.23 passes. */
  readonly oldHeadPasses: boolean;
  /** The too-old message's template ({version}, {min}). */
  readonly tooOldTemplate: string;
  /** The version the too-old message names, from the one requested. */
  readonly tooOldVersion: (requested: string) => string;
  readonly tooOldStatus: number;
  /** Whether a refusal below API 1.24 is plain text on releases that write it so; false: always JSON. */
  readonly legacyPlainText: boolean;
  /** Only for a version spelt major.minor without leading zeros (the error writer's stricter parser). */
  readonly plainTextNeedsStrictSpelling: boolean;
  /** A too-new version is served as the maximum instead of refused. */
  readonly tooNewServedAsMaximum: boolean;
  /** The key of the too-new refusal's JSON body. */
  readonly tooNewKey: 'message' | 'Message';
  readonly tooNewStatus: number;
}

/** The document's version gate. */
export const REFERENCE_GATE: VersionGateVariant = Object.freeze({
  unversionedHeadRefused: false,
  echoRequested: false,
  headSkipsCheck: false,
  compare: (requested: string, bound: string) => compareRequested(requested, bound, false),
  tooOldBelow: 0,
  tooNewAbove: 0,
  minimum: (config: SimConfig) => config.minApi,
  oldHeadPasses: false,
  tooOldTemplate: DOCUMENT_MESSAGES.tooOld,
  tooOldVersion: (requested: string) => requested,
  tooOldStatus: 400,
  legacyPlainText: true,
  plainTextNeedsStrictSpelling: false,
  tooNewServedAsMaximum: false,
  tooNewKey: 'message',
  tooNewStatus: 400,
});

/**
 * Each fault and quirk of the gate, and what it sets, applied in this order: where a fault and a
 * quirk set the same field, the later row wins (the text comparison over the overflow fault's;
 * the too-old status fault over the untyped error's 500).
 */
export const GATE_VARIATIONS: readonly VariationRow<VersionGateVariant>[] = [
  // A fault is the smallest change under which its rule, and only it, fails.
  ['api.version.compare-numeric', { compare: (requested, bound) => compareRequested(requested, bound, true) }],
  // Observed: the releases' "please upgrade".
  [PLEASE_UPGRADE, { tooOldTemplate: OBSERVED_DOCKERD_MESSAGES.tooOld }],
  // Hypothetical: realistic ways a release could break a rule while looking right (specs/quirks/api-versioning.ts).
  [UNVERSIONED_HEAD_REFUSED, { unversionedHeadRefused: true }],
  [REQUESTED_ECHOED, { echoRequested: true }],
  [HEAD_SKIPS_CHECK, { headSkipsCheck: true }],
  [MINIMUM_EXCLUDED, { tooOldBelow: 1 }],
  [MAXIMUM_EXCLUDED, { tooNewAbove: -1 }],
  [DEFAULT_FLOOR_1_23, { minimum: (config) => (isOlder(config.release.release, '25.0') ? config.minApi : gateMinimum(config.minApi)) }],
  [GATE_KEEPS_DEFAULT, { minimum: (config) => config.release.defaultMinApi }],
  [TEXT_COMPARE, { compare: compareAsText }],
  [CANONICAL_SPELLING_ONLY, { plainTextNeedsStrictSpelling: true }],
  [UNTYPED_ERROR_500, { tooOldStatus: UNTYPED_ERROR_STATUS }],
  [TOO_NEW_CLAMPED, { tooNewServedAsMaximum: true }],
  [CAPITALISED_KEY, { tooNewKey: 'Message' }],
  ['api.version.below-1.24-disabled', { oldHeadPasses: true }],
  ['api.version.too-old.wording', { tooOldTemplate: OBSERVED_DOCKERD_MESSAGES.tooOld }],
  ['api.version.too-old', { tooOldVersion: canonicalVersion }],
  ['api.error.legacy-plain-text', { legacyPlainText: false }],
  ['api.version.too-old.status', { tooOldStatus: 403 }],
  ['api.version.too-new', { tooNewStatus: 422 }],
];

/** The gate of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const versionGateVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): VersionGateVariant => resolveVariant(REFERENCE_GATE, GATE_VARIATIONS, config);
