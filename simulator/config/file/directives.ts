import { inRange } from '../../../common/dotted-version.js';
import { DAEMON_OPTIONS, UNLISTED_OPTIONS, type DaemonOption } from '../../../specs/options.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { FlagValue } from '../flags/argv.js';
import { goValue } from './go-values.js';
import { absentKeys, absentOptionsVariant } from '../absent-options-variant.js';
import { directivesVariant, type DirectivesVariant } from './directives-variant.js';
import type { FileDocument } from './read-document.js';

/**
 * Objects the daemon keeps whole when it looks for unknown and conflicting directives; any other
 * object value is flattened into its keys (that is how `proxies` sets `http-proxy`, and why
 * `{"debug": {"x": 1}}` reports the directive `x`). moby daemon/config `flatOptions`.
 */
const KEPT_WHOLE = new Set(['cluster-store-opts', 'log-opts', 'runtimes', 'default-ulimits', 'features', 'builder']);

/** Keys never reported as unknown (moby daemon/config `skipValidateOptions`). */
const NEVER_UNKNOWN = new Set(['features', 'builder']);

/**
 * The options the release parses: every documented option (the document gives them no release),
 * but those an observed quirk takes away (`absent`, simulator/config/absent-options-variant.ts),
 * and the undocumented ones of its observed flag list or of their `since`/`until`.
 */
export function releaseOptions(release: DaemonRelease, absent: ReadonlySet<string> = new Set()): readonly DaemonOption[] {
  const documented = DAEMON_OPTIONS.filter((option) => !absent.has(option.name));
  if (release.flags !== null) {
    const known = new Set(release.flags);
    return [...documented, ...UNLISTED_OPTIONS.filter((option) => known.has(option.name))];
  }
  return [
    ...documented,
    ...UNLISTED_OPTIONS.filter((option) =>
      inRange(release.release, { ...(option.since === undefined ? {} : { min: option.since }), ...(option.until === undefined ? {} : { max: option.until }) }),
    ),
  ];
}

/**
 * The name under which a flag's value is looked up in the file: list flags are "named options"
 * under their plural key; `--host-gateway-ip` became one (host-gateway-ips) in 28.0.
 */
function fileNamesOf(option: DaemonOption): readonly string[] {
  // The plural, and the older single string the document keeps accepted (› Other specifics › Host gateway).
  if (option.name === 'host-gateway-ip') return ['host-gateway-ips', 'host-gateway-ip'];
  // --add-runtime's key is the plural runtimes (› Configuration file 1).
  if (option.name === 'add-runtime') return ['runtimes'];
  return [option.kind === 'list' && option.fileKey !== undefined ? option.fileKey : option.name];
}

/** The file's directives as the daemon sees them: top-level keys, objects flattened but those kept whole. */
export function flattenDirectives(doc: FileDocument, release: DaemonRelease, quirks: ReadonlySet<string> = new Set()): Map<string, unknown> {
  // default-network-opts is kept whole where the release has the option: an observed release that
  // lacks it (20.10.24) reports its inner keys (observed 2026-12-07; moby v24.0.0 added it to flatOptions).
  const absent = absentKeys(release, absentOptionsVariant({ quirks }));
  const keptWhole = (key: string): boolean => KEPT_WHOLE.has(key) || (key === 'default-network-opts' && !absent.has(key));
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(doc)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !keptWhole(key)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) flat.set(inner, innerValue);
    } else flat.set(key, value);
  }
  return flat;
}

/**
 * Directives that match no option of the release: not a flag name, not a named option's name,
 * not one of the keys never reported. In file order (the daemon lists them in map order, which
 * is random; a check compares them as a set).
 */
export function unknownDirectives(
  flat: ReadonlyMap<string, unknown>,
  release: DaemonRelease,
  faults: ReadonlySet<TestableRuleId> = new Set(),
  flagsGiven: ReadonlySet<string> = new Set(),
  quirks: ReadonlySet<string> = new Set(),
): string[] {
  // An empty document (the usual `{}`) has none: the table of known keys is not made.
  if (flat.size === 0) return [];
  // Where these directives differ from the document's (directives-variant.ts).
  const variant = directivesVariant({ faults, quirks });
  const options = releaseOptions(release);
  const known = new Set<string>([...NEVER_UNKNOWN, ...options.map((o) => o.name), ...options.flatMap((o) => fileNamesOf(o))]);
  // Observed quirks: keys the release does not have.
  for (const key of absentKeys(release, absentOptionsVariant({ quirks }))) known.delete(key);
  // min-api-version is a file key from 29.0 (api-versioning area).
  if (inRange(release.release, { min: '29.0' })) known.add('min-api-version');
  // Read only where the key is in the file and its flag not given (where both are: config.file.conflict's case).
  if (flat.has('dns-search') && !flagsGiven.has('dns-search') && variant.dnsSearchKeyUnknown) known.delete('dns-search');
  if (flat.has('max-download-attempts') && !flagsGiven.has('max-download-attempts') && variant.maxDownloadAttemptsKeyUnknown)
    known.delete('max-download-attempts');
  for (const key of variant.droppedKeys) known.delete(key);
  return [...flat.keys()].filter((key) => !known.has(key));
}

/** `key: (from flag: <flag value>, from file: <file value>)` for every set flag the file also sets, in flag-name order. */
export function conflictingDirectives(
  flat: ReadonlyMap<string, unknown>,
  flags: ReadonlyMap<string, FlagValue>,
  release: DaemonRelease,
  faults: ReadonlySet<TestableRuleId> = new Set(),
  quirks: ReadonlySet<string> = new Set(),
): string[] {
  // A flag conflicts only with a directive of the file: an empty document has none.
  if (flat.size === 0) return [];
  // Where these directives differ from the document's (directives-variant.ts).
  const variant = directivesVariant({ faults, quirks });
  const byName = new Map(releaseOptions(release).map((o) => [o.name, o]));
  const conflicts: string[] = [];
  for (const name of [...flags.keys()].sort()) {
    const option = byName.get(name);
    if (option === undefined) continue;
    const fileNames = mergedWithFile(option.name, variant) ? [] : fileNamesOf(option);
    const candidates = fileNames.length === 1 && fileNames[0] === option.name && option.short !== undefined ? [option.name, option.short] : fileNames;
    if ((option.name === 'log-format' && variant.logFormatFromBoth) || (option.name === 'feature' && variant.featuresFromBoth)) continue;
    if (exclusiveTakenAnyway(option.name, flags.get(name)!, flat, variant)) continue;
    for (const hit of candidates.filter((candidate) => flat.has(candidate)))
      conflicts.push(`${hit}: (from flag: ${flagText(flags.get(name)!, option)}, from file: ${goValue(flat.get(hit))})`);
  }
  return conflicts;
}

/** Whether the flag's values and its file key's are merged, no conflict. */
function mergedWithFile(name: string, variant: DirectivesVariant): boolean {
  if (name === 'add-runtime') return variant.runtimesMerged;
  if (name === 'log-opt') return variant.logOptsMerged;
  return name === 'default-address-pool' && variant.addressPoolsMerged;
}

/** Where the two exclusive settings are taken from both anyway: equal log formats, or features of other names. */
function exclusiveTakenAnyway(name: string, value: FlagValue, flat: ReadonlyMap<string, unknown>, variant: DirectivesVariant): boolean {
  if (name === 'log-format') return variant.equalLogFormatsTaken && flat.get('log-format') === value;
  if (name !== 'feature' || !variant.disjointFeaturesTaken) return false;
  const inFile = flat.get('features');
  const fileNames = typeof inFile === 'object' && inFile !== null ? Object.keys(inFile) : [];
  return (Array.isArray(value) ? value : [String(value)]).every((entry) => !fileNames.includes(entry.split('=')[0]!));
}

/** A flag's value as its String() prints it. */
function flagText(value: FlagValue, option: DaemonOption): string {
  if (!Array.isArray(value)) return String(value);
  if (option.form === 'key-value' && option.name === 'log-opt') {
    return `map[${[...value]
      .map((v) => v.replace('=', ':'))
      .sort()
      .join(' ')}]`;
  }
  return `[${value.join(' ')}]`;
}
