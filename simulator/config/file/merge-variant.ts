import { CDI_FLAG_IGNORED } from '../../quirks/daemon-config/cdi-flag-ignored.js';
import * as cgroupFileFallback from '../../quirks/daemon-config/cgroup-file-fallback.js';
import * as flagLabelsLastWins from '../../quirks/daemon-config/flag-labels-last-wins.js';
import * as genericNamedDropped from '../../quirks/daemon-config/generic-named-dropped.js';
import * as insecureRegistryAlias from '../../quirks/daemon-config/insecure-registry-alias.js';
import * as labelsCommaSplit from '../../quirks/daemon-config/labels-comma-split.js';
import * as runtimesOnePerType from '../../quirks/daemon-config/runtimes-one-per-type.js';
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
});

/** Each fault and quirk of the merge, and what it sets (no two set the same field). */
export const MERGE_VARIATIONS: readonly VariationRow<MergeVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  [labelsCommaSplit.ID, { flagLabelsSplit: labelsCommaSplit.splitAtCommas }],
  [flagLabelsLastWins.ID, { flagLabelsKept: flagLabelsLastWins.lastValuePerKey }],
  [runtimesOnePerType.ID, { fileRuntimes: runtimesOnePerType.onePerType }],
  [cgroupFileFallback.ID, { fileExecOpts: cgroupFileFallback.withoutUnknownDriver }],
  [insecureRegistryAlias.ID, { insecureRegistriesAlias: insecureRegistryAlias.singular }],
  [CDI_FLAG_IGNORED, { cdiFlagIgnored: true }],
  [genericNamedDropped.ID, { genericResourcesKept: genericNamedDropped.discreteOnly }],
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
