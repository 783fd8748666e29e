import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What checking the values of the flags that validate as they parse (flag-values.ts) may do
 * differently from the document. REFERENCE_FLAG_VALUES is the document's; each fault and quirk
 * that changes it is one row of FLAG_VALUES_VARIATIONS.
 */
export interface FlagValuesVariant {
  /** A --label of the form key=value is not checked. */
  readonly keyValueLabelsUnchecked: boolean;
  /** A --default-ulimit whose soft limit is above its hard limit passes. */
  readonly ulimitSoftOverHardAccepted: boolean;
  /** A --default-ulimit's limit name is not looked up: an unknown name passes (and sets nothing). */
  readonly unknownUlimitNameAccepted: boolean;
  /** A --node-generic-resource's form (name=value) is not checked. */
  readonly genericResourceFormUnchecked: boolean;
  /** A --default-network-opt's form (driver=key=value) is not checked. */
  readonly networkOptFormUnchecked: boolean;
  /** A --host-gateway-ip that is no IP address passes. */
  readonly hostGatewayIpUnchecked: boolean;
  /** The reason a --default-shm-size is refused as the flag takes it, or null. */
  readonly shmSizeProblem: (value: string) => string | null;
}

/** The document's checks. */
export const REFERENCE_FLAG_VALUES: FlagValuesVariant = Object.freeze({
  keyValueLabelsUnchecked: false,
  ulimitSoftOverHardAccepted: false,
  unknownUlimitNameAccepted: false,
  genericResourceFormUnchecked: false,
  networkOptFormUnchecked: false,
  hostGatewayIpUnchecked: false,
  shmSizeProblem: () => null,
});

/** Why a flag parser that takes a number and one upper-case unit letter (`64M`, `1G`) refuses a --default-shm-size value, or null. */
const upperUnitProblem = (value: string): string | null => (/^\d+[KMGT]?$/.test(value) ? null : `invalid size: '${value}'`);

/** Each fault and quirk of the flags' value checks, and what it sets (no two set the same field). */
export const FLAG_VALUES_VARIATIONS: readonly VariationRow<FlagValuesVariant>[] = [
  // Hypothetical quirk (specs/quirks/daemon-config.ts).
  // --default-shm-size parses its value with a hand-written pattern: lower-case units and the binary spellings are refused.
  ['hypothetical.config.cli.options.release.shm-upper-unit-only', { shmSizeProblem: upperUnitProblem }],
  ['hypothetical.config.ulimits.default.unknown-name-accepted', { unknownUlimitNameAccepted: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.labels.reserved', { keyValueLabelsUnchecked: true }],
  ['config.ulimits.default', { ulimitSoftOverHardAccepted: true }],
  ['config.generic-resources', { genericResourceFormUnchecked: true }],
  ['config.network-opts.forms', { networkOptFormUnchecked: true }],
  ['config.host-gateway.ips', { hostGatewayIpUnchecked: true }],
];

/** The flags' value checks with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const flagValuesVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): FlagValuesVariant =>
  resolveVariant(REFERENCE_FLAG_VALUES, FLAG_VALUES_VARIATIONS, config);
