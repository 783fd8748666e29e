import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import type { FileDocument } from './read-document.js';
import type { RuntimeSetting } from './settings.js';

type Labels = readonly string[];

/**
 * What merging flags, file and environment into the settings (merge.ts) may do differently from
 * the document. REFERENCE_MERGE is the document's; each fault and quirk that changes it is one row
 * of MERGE_VARIATIONS.
 */
export interface MergeVariant {
  /** The --label values as the flag keeps them, split at commas or not. */
  readonly flagLabelsSplit: (given: Labels) => Labels;
  /** The --label values as the flag keeps them, every value of a key or its last. */
  readonly flagLabelsKept: (given: Labels) => Labels;
  /** The file's singular `label` sets the labels (when `labels` is absent). */
  readonly singularLabelKey: boolean;
  /** A feature named without a value on the command line is off. */
  readonly bareFeatureOff: boolean;
  /** The file's runtimes as registered, a copy the flags add to. */
  readonly fileRuntimes: (runtimes: Readonly<Record<string, RuntimeSetting>>) => Record<string, RuntimeSetting>;
  /** Shim-style runtimes (with a runtimeType) are not registered. */
  readonly shimRuntimesUnregistered: boolean;
  /** The file's exec-opts as kept (not asked when --exec-opt is given). */
  readonly fileExecOpts: (execOpts: Labels) => Labels;
  /** The insecure registries of a file without `insecure-registries` (undefined: none). */
  readonly insecureRegistriesAlias: (doc: FileDocument) => Labels | undefined;
  /** The CDI spec directories are the file's alone, --cdi-spec-dir ignored. */
  readonly cdiFlagIgnored: boolean;
  /** The CDI spec directories given are ignored. */
  readonly cdiDirsIgnored: boolean;
  /** The node generic resources kept of those given. */
  readonly genericResourcesKept: (resources: Labels) => Labels;
  /** A file without live-restore turns it on. */
  readonly absentLiveRestoreOn: boolean;
  /** live-restore reads false. */
  readonly liveRestoreReadsFalse: boolean;
  /** The default runtime given is ignored. */
  readonly defaultRuntimeIgnored: boolean;
  /** The proxy variables of the environment are not read. */
  readonly proxyEnvIgnored: boolean;
  /** The proxy variables of the environment win over the option. */
  readonly proxyEnvWins: boolean;
  /** NO_PROXY is read only in lower case (`no_proxy`, curl's convention); HTTP_PROXY and HTTPS_PROXY in either case. */
  readonly noProxyLowerCaseOnly: boolean;
  /** In a file that sets any key, an absent log-driver is the decoded file's zero value ("") instead of json-file. */
  readonly absentLogDriverZeroed: boolean;
  /** A storage driver named by <BRAND>_DRIVER that no driver has is passed over (-s, --storage-driver and the file still refuse it). */
  readonly unknownEnvDriverIgnored: boolean;
  /** The file's single-string host-gateway-ip is not checked as an address: a non-address is dropped without a word. */
  readonly legacyGatewayUnchecked: boolean;
}

const kept = (values: Labels): Labels => values;

/** The document's merge. */
export const REFERENCE_MERGE: MergeVariant = Object.freeze({
  flagLabelsSplit: kept,
  flagLabelsKept: kept,
  singularLabelKey: false,
  bareFeatureOff: false,
  fileRuntimes: (runtimes: Readonly<Record<string, RuntimeSetting>>) => ({ ...runtimes }),
  shimRuntimesUnregistered: false,
  fileExecOpts: kept,
  insecureRegistriesAlias: () => undefined,
  cdiFlagIgnored: false,
  cdiDirsIgnored: false,
  genericResourcesKept: kept,
  absentLiveRestoreOn: false,
  liveRestoreReadsFalse: false,
  defaultRuntimeIgnored: false,
  proxyEnvIgnored: false,
  proxyEnvWins: false,
  noProxyLowerCaseOnly: false,
  absentLogDriverZeroed: false,
  unknownEnvDriverIgnored: false,
  legacyGatewayUnchecked: false,
});

/** The --label values as a comma-separated string-slice flag keeps them (`a=1,2` gives `a=1` and `2`). */
const splitAtCommas = (labels: Labels): Labels => labels.flatMap((label) => label.split(','));

/** The --label values as a map keeps them: one per key, each with its last value (in the order the keys first came). */
function lastValuePerKey(labels: Labels): Labels {
  const byKey = new Map<string, string>();
  for (const label of labels) byKey.set(label.includes('=') ? label.slice(0, label.indexOf('=')) : label, label);
  return [...byKey.values()];
}

/** The runtimes with every shim entry after the first of its runtimeType left out (shims registered by their runtimeType). */
function onePerType(runtimes: Readonly<Record<string, RuntimeSetting>>): Record<string, RuntimeSetting> {
  const seen = new Set<string>();
  return Object.fromEntries(
    Object.entries(runtimes).filter(([, runtime]) => {
      if (runtime.runtimeType === undefined) return true;
      if (seen.has(runtime.runtimeType)) return false;
      seen.add(runtime.runtimeType);
      return true;
    }),
  );
}

/** The file's exec-opts without the native.cgroupdriver entries that name neither cgroupfs nor systemd. */
const withoutUnknownDriver = (execOpts: Labels): Labels =>
  execOpts.filter((opt) => {
    const at = opt.indexOf('=');
    if (at < 0 || opt.slice(0, at).trim().toLowerCase() !== 'native.cgroupdriver') return true;
    const value = opt.slice(at + 1).trim();
    return value === 'cgroupfs' || value === 'systemd';
  });

/** The file's singular insecure-registry list, when it holds one (a key kept from an old release). */
const singularInsecureRegistry = (doc: FileDocument): Labels | undefined =>
  Array.isArray(doc['insecure-registry']) ? (doc['insecure-registry'] as Labels) : undefined;

/** The discrete node generic resources: `kind=<integer>` entries (and the malformed ones, which validation refuses). */
const discreteOnly = (entries: Labels): Labels => entries.filter((entry) => !/^[^=]+=.+$/.test(entry) || /^-?\d+$/.test(entry.slice(entry.indexOf('=') + 1)));

/** Each fault and quirk of the merge, and what it sets (no two set the same field). */
export const MERGE_VARIATIONS: readonly VariationRow<MergeVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  ['hypothetical.config.cli.repeatable.comma-split', { flagLabelsSplit: splitAtCommas }],
  ['hypothetical.config.labels.conflict.flag-last-wins', { flagLabelsKept: lastValuePerKey }],
  ['hypothetical.config.runtimes.register.one-per-type', { fileRuntimes: onePerType }],
  // A cgroup driver of the file other than cgroupfs and systemd is passed over (the flag still refuses it).
  ['hypothetical.config.cgroup.driver.file-value-ignored', { fileExecOpts: withoutUnknownDriver }],
  ['hypothetical.config.file.plural-keys.insecure-registry-alias', { insecureRegistriesAlias: singularInsecureRegistry }],
  ['hypothetical.config.cdi.spec-dirs.flag-ignored', { cdiFlagIgnored: true }],
  // Generic resources whose value is not an integer are parsed but not advertised.
  ['hypothetical.config.generic-resources.named-dropped', { genericResourcesKept: discreteOnly }],
  ['hypothetical.config.env.proxy.no-proxy-lowercase-only', { noProxyLowerCaseOnly: true }],
  ['hypothetical.config.file.absent-defaults.log-driver-zeroed', { absentLogDriverZeroed: true }],
  ['hypothetical.config.storage.driver.env-unknown-ignored', { unknownEnvDriverIgnored: true }],
  ['hypothetical.config.host-gateway.ips.legacy-string-unchecked', { legacyGatewayUnchecked: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.plural-keys', { singularLabelKey: true }],
  ['config.cli.feature-value', { bareFeatureOff: true }],
  ['config.runtimes.register', { shimRuntimesUnregistered: true }],
  ['config.cdi.spec-dirs', { cdiDirsIgnored: true }],
  ['config.file.absent-defaults', { absentLiveRestoreOn: true }],
  ['config.info.effective', { liveRestoreReadsFalse: true }],
  ['config.runtimes.default', { defaultRuntimeIgnored: true }],
  ['config.env.proxy', { proxyEnvIgnored: true }],
  ['config.env.proxy-precedence', { proxyEnvWins: true }],
];

/** The merge of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const mergeVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): MergeVariant =>
  resolveVariant(REFERENCE_MERGE, MERGE_VARIATIONS, config);
