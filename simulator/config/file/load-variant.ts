import { goQuote } from '../../engine/go-strconv.js';
import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import type { FileDocument } from './read-document.js';
import { decodes28 } from './message-style.js';

/**
 * What the start's checks of the configuration file (load.ts) may do differently from the
 * document: which directives are unknown, which conflicts and mistyped values are refused and in
 * what words, which nested shapes are refused. REFERENCE_LOAD is the document's; each fault and
 * quirk that changes it is one row of LOAD_VARIATIONS.
 */
export interface LoadVariant {
  /** The directives not looked up among the options, of the file's (none: every one is). */
  readonly unknownPassedOver: (doc: FileDocument) => readonly string[];
  /** A mistyped value's refusal names the Go type only. */
  readonly typeRefusalGoTypeOnly: boolean;
  /** Refuses what the file's default-address-pools give, besides the document's checks (`refusal`'s error). */
  readonly poolSizeCheck: (doc: FileDocument, refusal: (problem: string) => Error) => void;
  /** A well-formed builder gc policy is refused. */
  readonly builderGcRefused: boolean;
  /** Directives that match no option are accepted at start. */
  readonly unknownDirectivesAccepted: boolean;
  /** The conflicts with start flags refused at start, of those found. */
  readonly conflictsRefused: (found: readonly string[]) => readonly string[];
  /** Mistyped values are dropped at start instead of refused. */
  readonly mistypedDropped: boolean;
  /** The keys whose value type the release does not check: a value of any type is taken (and ignored). */
  readonly typeUncheckedKeys: (release: DaemonRelease) => readonly string[];
  /** The refusal of a mistyped value in the release's words, where they do not name the key (null: the document's words). */
  readonly unnamedTypeRefusal: (key: string, value: unknown, release: DaemonRelease) => string | null;
  /** A boolean key's wrong type is refused in the words of the daemon's own bool type, which name the Go type but not the key. */
  readonly boolTypeUnnamed: boolean;
  /** The keys of options the release removed are dropped without a word (instead of refused by the checks that follow). */
  readonly removedKeysDropped: boolean;
}

/** The document's checks. */
export const REFERENCE_LOAD: LoadVariant = Object.freeze({
  unknownPassedOver: () => [],
  typeRefusalGoTypeOnly: false,
  poolSizeCheck: () => undefined,
  builderGcRefused: false,
  unknownDirectivesAccepted: false,
  conflictsRefused: (found: readonly string[]) => found,
  mistypedDropped: false,
  typeUncheckedKeys: () => [],
  unnamedTypeRefusal: () => null,
  boolTypeUnnamed: false,
  removedKeysDropped: false,
});

/** The keys of the file's proxies object (directives a decoder that looks up only top-level keys passes over). */
const proxiesKeys = (doc: FileDocument): readonly string[] => {
  const proxies = doc['proxies'];
  return typeof proxies === 'object' && proxies !== null ? Object.keys(proxies) : [];
};

/** Refuses default-address-pools entries that give their size as a JSON number, as a decoder whose size is a string does. */
function refuseNumberSize(doc: FileDocument, refusal: (problem: string) => Error): void {
  const pools = doc['default-address-pools'];
  const numbered =
    Array.isArray(pools) && pools.some((pool) => typeof pool === 'object' && pool !== null && typeof (pool as Record<string, unknown>)['size'] === 'number');
  if (numbered) throw refusal('json: cannot unmarshal number into Go struct field PoolsOpt.default-address-pools.size of type string');
}

/**
 * Keys 20.10.24, 26.1.5, 28.5.2 and 29.7.2 read into no field of their own name, so that a value of
 * any type is taken and ignored: containerd-plugins-namespace everywhere (its field is
 * containerd-plugin-namespace), the top-level proxy keys from 23.0 (their fields are in `proxies`).
 */
const keysOfNoField = (release: DaemonRelease): readonly string[] => [
  'containerd-plugins-namespace',
  ...(isOlder(release.release, '23.0') ? [] : ['http-proxy', 'https-proxy', 'no-proxy']),
];

/**
 * A mistyped value's refusal in the words of those releases where they do not name the key
 * (default-shm-size: `invalid size: "7"`; 28.x's default-address-pools: "into Go value of type
 * []*ipamutils.NetworkToSplit"); null elsewhere.
 */
function releaseTypeWords(key: string, value: unknown, release: DaemonRelease): string | null {
  const v28 = !isOlder(release.release, '28.0');
  // MemBytes reads the value's JSON text and quotes it (%q) as it refuses it.
  if (key === 'default-shm-size') return `${v28 ? 'invalid JSON: ' : ''}invalid size: ${goQuote(JSON.stringify(value))}`;
  // 28.x's decoder names no field for the pools' own value (29.0's names its path: decode.ts).
  if (key === 'default-address-pools' && decodes28(release))
    return `invalid JSON: json: cannot unmarshal ${typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'bool' : 'number'} into Go value of type []*ipamutils.NetworkToSplit`;
  return null;
}

/** Each fault and quirk of the file's checks, and what it sets (no two set the same field). */
export const LOAD_VARIATIONS: readonly VariationRow<LoadVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  // default-ulimits of the wrong JSON type (a string, a number) is ignored instead of refused.
  ['hypothetical.config.file.types.ulimits-ignored', { typeUncheckedKeys: () => ['default-ulimits'] }],
  ['hypothetical.config.file.types.message.bool-unnamed', { boolTypeUnnamed: true }],
  // Unknown keys inside the file's proxies object are ignored (only top-level keys are looked up).
  ['hypothetical.config.file.unknown-key.proxies-ignored', { unknownPassedOver: proxiesKeys }],
  // default-address-pools entries are decoded into a type whose size is a string.
  ['hypothetical.config.file.nested-shapes.pool-size-string', { poolSizeCheck: refuseNumberSize }],
  // Observed quirk: keys whose type the releases do not check, or check in words that do not name them (after ulimits-ignored's row: it wins).
  ['observed.config.file.types', { typeUncheckedKeys: keysOfNoField, unnamedTypeRefusal: releaseTypeWords }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.types.message', { typeRefusalGoTypeOnly: true }],
  ['config.file.nested-shapes', { builderGcRefused: true }],
  ['config.file.unknown-key', { unknownDirectivesAccepted: true }],
  // Only the log-format and features conflicts (their own rules) are refused.
  ['config.file.conflict', { conflictsRefused: (found) => found.filter((c) => c.startsWith('log-format:') || c.startsWith('features:')) }],
  ['config.file.types', { mistypedDropped: true }],
  ['deprecated.options.removed-refused', { removedKeysDropped: true }],
];

/** The file's checks with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const loadVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): LoadVariant =>
  resolveVariant(REFERENCE_LOAD, LOAD_VARIATIONS, config);
