import { IPC_HOST } from '../../quirks/daemon-config/ipc-host.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the checks of the merged configuration (validate.ts, also `--validate`'s and a reload's)
 * may do differently from the document: which problems pass unrefused. REFERENCE_VALIDATE is the
 * document's; each fault and quirk that changes it is one row of VALIDATE_VARIATIONS.
 */
export interface ValidateVariant {
  /** A reserved or malformed daemon label passes. */
  readonly reservedLabelsTaken: boolean;
  /** Labels that give one key two values pass (the list is kept as given). */
  readonly conflictingLabelsTaken: boolean;
  /** Log level and format, default cgroup namespace and IPC mode outside their sets pass. */
  readonly enumValuesUnchecked: boolean;
  /** default-ipc-mode takes `host` too. */
  readonly ipcHostTaken: boolean;
  /** Negative download and upload counts and attempts pass. */
  readonly negativeCountsTaken: boolean;
  /** A node generic resource not of the form name=value passes. */
  readonly genericResourceFormUnchecked: boolean;
  /** An exec-opt other than native.cgroupdriver and isolation passes (28.x). */
  readonly unknownExecOptsTaken: boolean;
  /** More than one IPv4 host gateway address passes (28.x). */
  readonly secondV4GatewayTaken: boolean;
  /** A host gateway address that is no IP address passes. */
  readonly invalidGatewayIpTaken: boolean;
  /** A registry mirror without an http or https scheme passes (28.x). */
  readonly mirrorSchemeUnchecked: boolean;
}

/** The document's checks. */
export const REFERENCE_VALIDATE: ValidateVariant = Object.freeze({
  reservedLabelsTaken: false,
  conflictingLabelsTaken: false,
  enumValuesUnchecked: false,
  ipcHostTaken: false,
  negativeCountsTaken: false,
  genericResourceFormUnchecked: false,
  unknownExecOptsTaken: false,
  secondV4GatewayTaken: false,
  invalidGatewayIpTaken: false,
  mirrorSchemeUnchecked: false,
});

/** Each fault and quirk of the merged configuration's checks, and what it sets (no two set the same field). */
export const VALIDATE_VARIATIONS: readonly VariationRow<ValidateVariant>[] = [
  // Hypothetical quirk (specs/quirks/daemon-config.ts).
  [IPC_HOST, { ipcHostTaken: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.labels.reserved', { reservedLabelsTaken: true }],
  ['config.labels.conflict', { conflictingLabelsTaken: true }],
  ['config.values.enum', { enumValuesUnchecked: true }],
  ['config.values.numbers', { negativeCountsTaken: true }],
  ['config.generic-resources', { genericResourceFormUnchecked: true }],
  ['config.cgroup.driver', { unknownExecOptsTaken: true }],
  ['config.host-gateway.ips', { secondV4GatewayTaken: true, invalidGatewayIpTaken: true }],
  ['config.registries.insecure', { mirrorSchemeUnchecked: true }],
];

/** The merged configuration's checks with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const validateVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): ValidateVariant =>
  resolveVariant(REFERENCE_VALIDATE, VALIDATE_VARIATIONS, config);

/** The fields of a variant that are switches. */
type SwitchOf<V> = { readonly [K in keyof V]: V[K] extends boolean ? K : never }[keyof V];

/**
 * Runs `check`, which throws the first problem it finds; where the variant's switch `field` is on,
 * the problem is dropped, as if the check had not run. The field is read only when there is a
 * problem, so --fault-trace notes its faults only for the requests they could change.
 */
export function unlessTaken<V>(variant: V, field: SwitchOf<V>, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!variant[field]) throw error;
  }
}
