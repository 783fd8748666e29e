import type { ServerResponse } from 'node:http';
import { isOlder } from '../../../common/dotted-version.js';
import { DOCUMENT_MESSAGES, OBSERVED_DOCKERD_MESSAGES } from '../../../specs/messages.js';
import type { SimConfig } from '../../config/types.js';
import type { Exchange } from '../exchange.js';
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

/** The minimum a 25.0 gate enforces that has its default compiled in one short: one minor below a 1.24 minimum. */
const oneShortOf124 = (minApi: string): string => (minApi === '1.24' ? '1.23' : minApi);

/** -1, 0 or 1 as the text `a` sorts before, with or after `b` (versions compared as strings). */
const compareAsText = (a: string, b: string): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);

/** Whether the error writer's stricter parser takes the version as written: major.minor, no leading zeros, nothing more. */
export const strictlyParsed = (requested: string): boolean => /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/.test(requested);

/** A flat header list with its Api-Version value replaced by `requested`. */
const withRequested = (headers: readonly unknown[], requested: string): unknown[] =>
  headers.map((value, i) => (i % 2 === 1 && headers[i - 1] === 'Api-Version' ? requested : value));

/** From here on, every head this response writes carries Api-Version = the version as the request wrote it (answers and refusals alike). */
export function echoRequestedVersion(res: ServerResponse, requested: string): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) =>
    writeHead(...args.map((arg) => (Array.isArray(arg) ? withRequested(arg, requested) : arg)))) as ServerResponse['writeHead'];
}

/** The too-new refusal with its field named as a Go struct without a json tag names it: application/json, {"Message": …}. */
export function sendCapitalisedError(res: ServerResponse, status: number, message: string, headers: readonly string[]): void {
  const body = `${JSON.stringify({ Message: message })}\n`;
  res.writeHead(status, [...headers, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}

/** Serves the request at the maximum: the gate lets it through (false: not answered). */
export function clampToMaximum(x: Exchange, max: string): false {
  x.version = max;
  return false;
}

/**
 * Each fault and quirk of the gate, and what it sets, applied in this order: where a fault and a
 * quirk set the same field, the later row wins (the text comparison over the overflow fault's;
 * the too-old status fault over the untyped error's 500).
 */
export const GATE_VARIATIONS: readonly VariationRow<VersionGateVariant>[] = [
  // A fault is the smallest change under which its rule, and only it, fails.
  ['api.version.compare-numeric', { compare: (requested, bound) => compareRequested(requested, bound, true) }],
  // Observed: the releases' "please upgrade".
  ['observed.api.version.too-old.wording', { tooOldTemplate: OBSERVED_DOCKERD_MESSAGES.tooOld }],
  // Hypothetical: realistic ways a release could break a rule while looking right (specs/quirks/api-versioning.ts).
  ['hypothetical.api.version.unversioned-served.head-refused', { unversionedHeadRefused: true }],
  ['hypothetical.api.headers.api-version.requested-echoed', { echoRequested: true }],
  ['hypothetical.api.version.too-old.head-served', { headSkipsCheck: true }],
  ['hypothetical.api.version.prefix.minimum-excluded', { tooOldBelow: 1 }],
  ['hypothetical.api.version.negotiation.maximum-excluded', { tooNewAbove: -1 }],
  [
    'hypothetical.api.version.below-1.24-disabled.floor-1-23',
    { minimum: (config) => (isOlder(config.release.release, '25.0') ? config.minApi : oneShortOf124(config.minApi)) },
  ],
  ['hypothetical.api.version.min-override-raise.gate-keeps-default', { minimum: (config) => config.release.defaultMinApi }],
  ['hypothetical.api.version.compare-numeric.text-compare', { compare: compareAsText }],
  ['hypothetical.api.error.legacy-plain-text.canonical-spelling-only', { plainTextNeedsStrictSpelling: true }],
  ['hypothetical.api.version.too-old.status.untyped-error', { tooOldStatus: 500 }], // an untyped error: the daemon's error mapping answers 500,
  ['hypothetical.api.version.too-new.clamped', { tooNewServedAsMaximum: true }],
  ['hypothetical.api.error.json-body.capitalised-key', { tooNewKey: 'Message' }],
  ['api.version.below-1.24-disabled', { oldHeadPasses: true }],
  ['api.version.too-old.wording', { tooOldTemplate: OBSERVED_DOCKERD_MESSAGES.tooOld }],
  ['api.version.too-old', { tooOldVersion: canonicalVersion }],
  ['api.error.legacy-plain-text', { legacyPlainText: false }],
  ['api.version.too-old.status', { tooOldStatus: 403 }],
  ['api.version.too-new', { tooNewStatus: 422 }],
];

/** The gate of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const versionGateVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): VersionGateVariant => resolveVariant(REFERENCE_GATE, GATE_VARIATIONS, config);
