import { isOlder } from '../../../common/dotted-version.js';
import { poolBaseCheck } from './address-pools.js';
import type { BrandNames } from '../../../specs/brands.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { FlagValue, ParsedFlags } from '../flags/argv.js';
import { flag } from '../flags/options.js';
import type { ConfigSources } from './sources.js';
import { findDecodeProblem, findTypeProblem, type TextCheck, typeProblemText } from './decode.js';
import { conflictingDirectives, flattenDirectives, unknownDirectives } from './directives.js';
import { loadVariant } from './load-variant.js';
import { mergeSettings } from './merge.js';
import { messageStyle } from './message-style.js';
import { fileError, readDocument, type ConfigDocument, type FileDocument } from './read-document.js';
import { withRemovedKeys } from './removed-options.js';
import type { DaemonSettings } from './settings.js';
import { validateSettings } from './validate.js';
import { SimError } from '../../errors.js';

export interface LoadedConfiguration {
  readonly file: ConfigDocument;
  readonly settings: DaemonSettings;
}

/** From it --host-gateway-ip's file key is host-gateway-ips, the older one still taken alone (moby v28.0.0). */
const HOST_GATEWAY_MIGRATED_FROM = '28.0';

const SIZE = /^\s*\d+(\.\d+)?\s*([kmgtpezy]?i?b?)?\s*$/i;

/** The checks of the values that decode themselves: a pool's base (netip), the containers' shm size (MemBytes, "invalid size: '…'"). */
function ownDecoderCheck(release: DaemonRelease): TextCheck {
  const poolBase = poolBaseCheck(release);
  return (key, below, value) => (key === 'default-shm-size' ? (SIZE.test(value) ? null : `invalid size: '${value}'`) : poolBase(key, below, value));
}

/** Which checks of the document a reading makes (each reader leaves out what its own faults break). */
export interface DocumentChecks {
  /** Refuse directives that match no option. */
  readonly unknown: boolean;
  /** The conflicts with start flags to refuse, of those found. */
  readonly conflicts: (found: readonly string[]) => readonly string[];
  /** Refuse values of the wrong type; when false they are dropped. */
  readonly types: boolean;
}

/**
 * The document's own checks, in the daemon's order (observed on 20.10.24, 26.1.5, 28.5.2): unknown
 * directives, then directives also given as flags, then value types, then values the decoder
 * parses itself (sizes). Throws the first problem; returns the document to merge.
 */
export function checkDocument(
  file: ConfigDocument,
  /** The daemon options given on the command line, with their values: what the file may not set too. */
  givenOptions: ReadonlyMap<string, FlagValue>,
  names: BrandNames,
  release: DaemonRelease,
  faults: ReadonlySet<TestableRuleId>,
  checks: DocumentChecks,
  quirks: ReadonlySet<string> = new Set(),
): FileDocument {
  // Where these checks differ from the document's (load-variant.ts).
  const variant = loadVariant({ faults, quirks });
  const style = messageStyle(release);
  const path = file.path ?? names.configFile;
  const flat = flattenDirectives(file.doc, release, quirks);
  const passedOver = variant.unknownPassedOver(file.doc);
  const unknown = unknownDirectives(flat, release, faults, new Set(givenOptions.keys()), quirks).filter((key) => !passedOver.includes(key));
  if (unknown.length > 0 && checks.unknown) {
    throw fileError(names, path, `the following directives don't match any configuration option: ${unknown.join(', ')}`);
  }
  const conflicting = checks.conflicts(conflictingDirectives(flat, givenOptions, release, faults, quirks));
  // From 28.0 host-gateway-ip is the named option host-gateway-ips: the file may not give both (moby migratedNamedConfig),
  // an error joined before the conflicts (observed on 28.5.2).
  const bothHostGateways = !isOlder(release.release, HOST_GATEWAY_MIGRATED_FROM) && flat.has('host-gateway-ip') && flat.has('host-gateway-ips');
  const problems = [
    ...(bothHostGateways ? ['host-gateway-ip and host-gateway-ips must not both be specified in the config file'] : []),
    ...(conflicting.length > 0 ? [`the following directives are specified both as a flag and in the configuration file: ${conflicting.join(', ')}`] : []),
  ];
  if (problems.length > 0) throw fileError(names, path, problems.join('\n'));
  // Keys whose type is not checked, or not in words that name them (load-variant.ts).
  const ignored = new Set(variant.typeUncheckedKeys(release));
  const typed = ignored.size === 0 ? file.doc : Object.fromEntries(Object.entries(file.doc).filter(([key]) => !ignored.has(key)));
  // The types fault is asked about only for a file with a mistyped value: elsewhere it changes nothing.
  const checkTypes = findTypeProblem(file.doc, style) === null || checks.types;
  // An unmarshaler's own error (a pool's base netip refuses, from 27.0) is refused whatever the types fault says.
  const decoded = findDecodeProblem(typed, style, release, ownDecoderCheck(release), checkTypes);
  if (decoded !== null && 'text' in decoded) throw fileError(names, path, `${style === 'v28' ? 'invalid JSON: ' : ''}${decoded.text}`);
  if (decoded !== null && 'panic' in decoded) throw new SimError('SIM_PANIC', decoded.panic);
  const typeProblem = decoded === null ? null : decoded.type;
  if (typeProblem !== null && variant.typeRefusalGoTypeOnly)
    throw fileError(names, path, `json: cannot unmarshal ${typeProblem.json} into Go value of type ${typeProblem.goType}`);
  if (typeProblem !== null)
    throw fileError(
      names,
      path,
      (variant.boolTypeUnnamed && typeProblem.goType === 'bool' ? `json: cannot unmarshal ${typeProblem.json} into Go value of type bool` : null) ??
        // A key's own value of the wrong type; what is below it keeps the decoder's words (28.x: ".0.size").
        (typeProblem.below.length === 0 ? variant.unnamedTypeRefusal(typeProblem.key, typeProblem.value, release) : null) ??
        typeProblemText(typeProblem, style, release),
    );
  variant.poolSizeCheck(file.doc, (problem) => fileError(names, path, problem));
  const builder = file.doc['builder'];
  if (typeof builder === 'object' && builder !== null && 'gc' in builder && variant.builderGcRefused)
    throw fileError(names, path, 'invalid builder: malformed gc policy');
  return checkTypes ? file.doc : withoutMistyped(file.doc);
}

/**
 * The configuration file read and checked as the daemon does at start: the document's checks,
 * then the merge with flags and environment, and the checks of the merged configuration.
 */
export function loadConfiguration(
  flags: ParsedFlags,
  names: BrandNames,
  release: DaemonRelease,
  sources: ConfigSources,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): LoadedConfiguration {
  const variant = loadVariant({ faults, quirks });
  const file = withRemovedKeys(
    readDocument(flag(flags, 'config-file'), names, messageStyle(release), sources, release.release, faults, quirks),
    release,
    variant,
  );
  const doc = checkDocument(
    file,
    flags,
    names,
    release,
    faults,
    {
      // Getters, and conflicts asked of only when some were found: each field is read only where it
      // changes the outcome (a directive is unknown, a value mistyped), for the trace (fault-set.ts).
      get unknown() {
        return !variant.unknownDirectivesAccepted;
      },
      conflicts: (found) => (found.length > 0 ? variant.conflictsRefused(found) : found),
      get types() {
        return !variant.mistypedDropped;
      },
    },
    quirks,
  );
  const merged = mergeSettings(flags, doc, sources.env, release, names, faults, quirks);
  const settings = validateSettings({
    settings: merged,
    release,
    names,
    path: file.path ?? names.configFile,
    fromFile: Object.keys(file.doc).length > 0,
    faults,
    quirks,
  });
  return { file, settings };
}

/** Under the types fault the file's mistyped values are dropped instead of refused. */
function withoutMistyped(doc: ConfigDocument['doc']): ConfigDocument['doc'] {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (findTypeProblem({ [key]: value }, 'v28') === null) kept[key] = value;
  return kept;
}
