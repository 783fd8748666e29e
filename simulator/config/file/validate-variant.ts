import { isOlder } from '../../../common/dotted-version.js';
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
  /** -1 is taken as "no limit" for the download and upload counts and attempts (counts below -1 are still refused). */
  readonly minusOneUnlimited: boolean;
  /** The log levels taken, by the emulated release. */
  readonly logLevels: (release: string) => readonly string[];
  /** default-runtime takes only a registered runtime's name (20.10): a shim's fully qualified name that is not registered does not exist. */
  readonly defaultRuntimeRegisteredOnly: boolean;
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

/** The log levels of the document. */
const DOCUMENTED_LEVELS: readonly string[] = Object.freeze(['debug', 'info', 'warn', 'error', 'fatal']);
/** The levels of the releases' logging library (logrus). */
const LIBRARY_LEVELS: readonly string[] = Object.freeze(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'panic']);

/**
 * The levels 20.10.24, 26.1.5 and 28.5.2 take: their logging library's, beyond the document's list
 * (`trace`, `panic`); 20.10.24 takes `warning` too, which 26.1.5 and 28.5.2 refuse ("invalid
 * logging level: warning", observed 2026-12-05 with --validate; 20.10.24 gets past it to a later check).
 */
const libraryLevels = (release: string): readonly string[] => (isOlder(release, '23.0') ? [...LIBRARY_LEVELS, 'warning'] : LIBRARY_LEVELS);

/** The document's checks. */
export const REFERENCE_VALIDATE: ValidateVariant = Object.freeze({
  reservedLabelsTaken: false,
  conflictingLabelsTaken: false,
  enumValuesUnchecked: false,
  ipcHostTaken: false,
  negativeCountsTaken: false,
  minusOneUnlimited: false,
  logLevels: () => DOCUMENTED_LEVELS,
  defaultRuntimeRegisteredOnly: false,
  genericResourceFormUnchecked: false,
  unknownExecOptsTaken: false,
  secondV4GatewayTaken: false,
  invalidGatewayIpTaken: false,
  mirrorSchemeUnchecked: false,
});

/** Each fault and quirk of the merged configuration's checks, and what it sets (no two set the same field). */
export const VALIDATE_VARIATIONS: readonly VariationRow<ValidateVariant>[] = [
  // Observed quirks (specs/quirks/daemon-config.ts).
  ['observed.config.values.enum', { logLevels: libraryLevels }],
  ['observed.config.runtimes.default', { defaultRuntimeRegisteredOnly: true }],
  // Hypothetical quirks.
  ['hypothetical.config.values.enum.ipc-host', { ipcHostTaken: true }],
  ['hypothetical.config.values.numbers.minus-one-unlimited', { minusOneUnlimited: true }],
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
