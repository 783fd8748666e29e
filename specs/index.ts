export type { Rule, RuleSource, Applicability, VersionRange, Platform, Testability, ApiBinding, Area } from './types.js';
export { RELEASES, NEWEST_RELEASE, ALL_API_VERSIONS, type DaemonRelease } from './versions.js';
export { DAEMON_OPTIONS, FILE_ONLY_KEYS, type DaemonOption, type OptionKind } from './options.js';
export { BRANDS, isBrand, type Brand, type BrandNames } from './brands.js';
export { KNOWN_DEVIATIONS, type KnownDeviation } from './known-deviations.js';
export { DEPRECATIONS, type DeprecationEntry } from './deprecations.js';
import { API_VERSIONING_RULES } from './rules/api-versioning.js';
import type { Rule } from './types.js';

/** The whole catalogue, in a stable order. */
export const RULES: readonly Rule[] = [...API_VERSIONING_RULES];
