import type { Quirk } from './types.js';

/** Hypothetical quirks of the api-versioning area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const API_VERSIONING_QUIRKS: readonly Quirk[] = [
  { id: 'hypothetical.api.version.too-old.head-served', rule: 'api.version.too-old', kind: 'hypothetical', what: 'HEAD requests skip the version check: HEAD /v<old>/_ping is answered 200 while GET is refused' },
  { id: 'hypothetical.api.version.prefix.minimum-excluded', rule: 'api.version.prefix', kind: 'hypothetical', what: 'an off-by-one in the range check refuses the minimum version itself as too old' },
  { id: 'hypothetical.api.version.unversioned-served.head-refused', rule: 'api.version.unversioned-served', kind: 'hypothetical', what: 'the unversioned routes are kept for GET only: unversioned HEAD /_ping is not found' },
  { id: 'hypothetical.limits.min-api-version.reports-legacy-floor', rule: 'limits.min-api-version', kind: 'hypothetical', what: '/version reports the compiled-in oldest version (1.12) as MinAPIVersion while refusing everything below 1.24', releases: ['28.5'] },
];
