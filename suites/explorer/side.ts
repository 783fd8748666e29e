import { compareVersions } from '../../common/dotted-version.js';
import type { DaemonRelease } from '../../specs/versions.js';

/** What the explorer knows of one target: its release (from GET /version) and API range, and whether it is a real daemon. */
export interface Side {
  /** The target spec as given (`sim@28.5`, `daemon:/usr/sbin/dockerd`). */
  readonly spec: string;
  readonly release: DaemonRelease | null;
  /** The version it reported (`28.5.2`), if any. */
  readonly version: string | null;
  /** Oldest and newest API version it serves: the release table's where the release is known, else what it reported. */
  readonly min: string | null;
  readonly max: string | null;
  /** Not ctrd-sim: a known deviation of its release may explain what it does. */
  readonly real: boolean;
}

/** How a side takes the version a probe's path carries. */
export type VersionClass = 'unversioned' | 'malformed' | 'served' | 'too-old' | 'too-new' | 'range-unknown';

export function versionClass(version: string | null, side: Side): VersionClass {
  if (version === null) return 'unversioned';
  if (!/^[0-9.]+$/.test(version)) return 'malformed';
  if (side.min === null || side.max === null) return 'range-unknown';
  if (compareVersions(version, side.min) < 0) return 'too-old';
  if (compareVersions(version, side.max) > 0) return 'too-new';
  return 'served';
}

/** The API version a side answers a probe at: the one in the path when served, its newest for an unversioned path; else null. */
export function effectiveVersion(version: string | null, side: Side): string | null {
  const kind = versionClass(version, side);
  return kind === 'unversioned' ? side.max : kind === 'served' ? version : null;
}
