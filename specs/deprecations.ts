/** Rows of the deprecation catalogue (daemon.md › Versioning › Deprecation catalogue). */
export interface DeprecationEntry {
  readonly id: string;
  readonly status: 'Deprecated' | 'Removed';
  readonly feature: string;
  /** Release where it was deprecated, e.g. "25.0". */
  readonly deprecated: string;
  /** Release where it was (status Removed) or is planned to be (status Deprecated) removed; null for "-". */
  readonly removal: string | null;
}

export const DEPRECATIONS: readonly DeprecationEntry[] = [
  { id: 'old-api-versions', status: 'Removed', feature: 'old API versions', deprecated: '25.0', removal: '26.0' },
  { id: 'unversioned-api-calls', status: 'Deprecated', feature: 'API calls without version', deprecated: '1.13', removal: '17.12' },
];
