import { inRange, isOlder } from '../../../../common/dotted-version.js';
import {
  COMMIT_EXPECTED_MAX_API,
  INFO_FIELDS,
  RUNTIME_STATUS_FROM_API,
  SECURITY_OPTIONS_NAMES_BELOW_API,
  type InfoStyle,
  type InfoStyleName,
  DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM,
} from '../../../../specs/info-fields.js';

const COMMITS = new Set(['ContainerdCommit', 'RuncCommit', 'InitCommit']);

/**
 * The one place /info depends on the API version: which fields an answer at `api` has, in which
 * order, and how RegistryConfig and the commit objects look (specs/info-fields.ts).
 */
export function shapeInfo(values: Readonly<Record<string, unknown>>, style: InfoStyle, styleName: InfoStyleName, api: string): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const field of INFO_FIELDS) {
    if (field.api !== undefined && !inRange(api, field.api)) continue;
    if (field.styles !== undefined && !field.styles.includes(styleName)) continue;
    const value = values[field.name];
    if (field.name === 'RegistryConfig') shaped[field.name] = shapeRegistryConfig(value as Record<string, unknown>, style, api);
    else if (COMMITS.has(field.name)) shaped[field.name] = shapeCommit(value as Record<string, unknown>, style, api);
    else if (field.name === 'Runtimes' && isOlder(api, RUNTIME_STATUS_FROM_API))
      shaped[field.name] = withoutStatus(value as Record<string, Record<string, unknown>>);
    else if (field.name === 'SecurityOptions' && isOlder(api, SECURITY_OPTIONS_NAMES_BELOW_API)) shaped[field.name] = (value as string[]).map(optionName);
    else shaped[field.name] = value;
  }
  return style.sortedKeysBelowApi !== null && isOlder(api, style.sortedKeysBelowApi) ? (sortedDeep(shaped) as Record<string, unknown>) : shaped;
}

function shapeRegistryConfig(config: Record<string, unknown>, style: InfoStyle, api: string): Record<string, unknown> {
  const omitted = !isOlder(api, DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM);
  const shaped = omitted ? withoutKey(withoutKey(config, 'AllowNondistributableArtifactsCIDRs'), 'AllowNondistributableArtifactsHostnames') : config;
  return style.sortedRegistryConfig ? (sortedDeep(shaped) as Record<string, unknown>) : shaped;
}

function shapeCommit(commit: Record<string, unknown>, style: InfoStyle, api: string): Record<string, unknown> {
  const shown = inRange(api, { max: COMMIT_EXPECTED_MAX_API }) && !(style.emptyExpectedOmitted && commit['Expected'] === '');
  return shown ? commit : withoutKey(commit, 'Expected');
}

function withoutStatus(runtimes: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(runtimes).map(([name, runtime]) => [name, withoutKey(runtime, 'status')]));
}

/** `name=seccomp,profile=builtin` → `seccomp`: the form of the API before 1.25. */
function optionName(option: string): string {
  return /(?:^|,)name=([^,]*)/.exec(option)?.[1] ?? option;
}

function withoutKey(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/** Every object's keys in Go's map order (bytewise), at every depth: what a map[string]any round trip gives. */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((key) => [key, sortedDeep((value as Record<string, unknown>)[key])]),
  );
}
