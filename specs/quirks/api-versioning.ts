import type { Quirk } from './types.js';

/** Hypothetical quirks of the api-versioning area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const API_VERSIONING_QUIRKS: readonly Quirk[] = [
  { id: 'hypothetical.api.version.too-old.head-served', rule: 'api.version.too-old', kind: 'hypothetical', what: 'HEAD requests skip the version check: HEAD /v<old>/_ping is answered 200 while GET is refused' },
  { id: 'hypothetical.api.version.prefix.minimum-excluded', rule: 'api.version.prefix', kind: 'hypothetical', what: 'an off-by-one in the range check refuses the minimum version itself as too old' },
  { id: 'hypothetical.api.version.unversioned-served.head-refused', rule: 'api.version.unversioned-served', kind: 'hypothetical', what: 'the unversioned routes are kept for GET only: unversioned HEAD /_ping is not found' },
  { id: 'hypothetical.limits.min-api-version.reports-legacy-floor', rule: 'limits.min-api-version', kind: 'hypothetical', what: '/version reports the compiled-in oldest version (1.12) as MinAPIVersion while refusing everything below 1.24', releases: ['28.5'] },
  { id: 'hypothetical.api.version.minimum-1.12.other-platform-reported', rule: 'api.version.minimum-1.12', kind: 'hypothetical', what: 'before 25.0, /version reports the other platform\'s earliest version (1.24) as MinAPIVersion on Linux too (one platform-independent constant), while 1.12 and later are served', releases: ['20.10'] },
  { id: 'hypothetical.api.version.below-1.24-disabled.floor-1-23', rule: 'api.version.below-1.24-disabled', kind: 'hypothetical', what: 'from 25.0 the version gate\'s default minimum is compiled in one short (1.23): API 1.23 is served while /version still names 1.24', releases: ['28.5'] },
  { id: 'hypothetical.api.version.legacy-removed.env-floor-unchecked', rule: 'api.version.legacy-removed', kind: 'hypothetical', what: 'from 26.0 the 1.24 floor is checked for daemon.json\'s min-api-version only: <PREFIX>MIN_API_VERSION=1.12 is taken, the daemon starts and serves API 1.12–1.23', releases: ['28.5'] },
];
