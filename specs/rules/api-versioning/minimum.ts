import type { Rule } from '../../types.js';
import { BOTH, daemonDoc, impl, LINUX, TESTABLE } from '../kit.js';
import { AREA } from './kit.js';

/** The minimum API version and its override: daemon.md › Versioning › 2, Limits, Deprecation catalogue (old API versions). */
export const API_MINIMUM_RULES = [
  {
    id: 'api.version.minimum-1.12',
    title: 'Before 25.0, API 1.12 is the earliest version served on Linux (1.24 on the other platform)',
    area: AREA,
    level: 'must',
    source: daemonDoc('Versioning › 2', 'Earliest supported API versions (before removal of old versions): 1.12 on Linux, 1.24 on the other platform.'),
    applies: { releases: { max: '24.0' }, platforms: LINUX, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'Linux: 1.12 ≤ v ≤ max served, v < 1.12 refused; MinAPIVersion = 1.12.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.below-1.24-disabled',
    title: 'From 25.0, API versions below 1.24 are refused by default',
    area: AREA,
    level: 'must',
    source: daemonDoc('Versioning › 2', 'From 25.0 versions below 1.24 are disabled by default'),
    applies: { releases: { min: '25.0' }, platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'Release ≥ 25.0, v < 1.24: refused (too old).',
    testability: TESTABLE,
  },
  {
    id: 'limits.min-api-version',
    title: 'Minimum supported API version is 1.24 from 25.0',
    area: AREA,
    level: 'must',
    source: daemonDoc('Limits (Minimum supported API version)', '| Minimum supported API version | 1.24 | both platforms from 25.0 |'),
    reading:
      'The document\'s own words read together: the Limits table gives 1.24 "from 25.0", and Versioning › 2 says in the same breath that "the minimum will rise in later releases". So from 25.0 the minimum is 1.24 or a later version a release raised it to: API 1.23 is refused, MinAPIVersion is 1.24 or later and served, and 1.24 is served exactly when it is the minimum. A minimum below 1.24 is a violation; a 29.x minimum of 1.44 or 1.40 is the announced rise.',
    otherReading:
      'The Limits table alone, as a value fixed for ever: from 25.0 API 1.24 is served, 1.23 refused and MinAPIVersion = 1.24 on every release (the releases from 29.0, which raised the minimum, fail it).',
    applies: { releases: { min: '25.0' }, platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation:
      'API 1.23 is refused, MinAPIVersion ≥ 1.24 and served, 1.24 served iff it is the minimum (other reading: API 1.24 is served and MinAPIVersion = 1.24).',
    testability: TESTABLE,
  },
  {
    id: 'api.version.legacy-removed',
    title: 'From 26.0, versions below 1.24 cannot be re-enabled',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Versioning › 2; Deprecation catalogue (old API versions)',
      'from 26 they are permanently removed | Removed | old API versions | v25.0 | v26.0',
    ),
    reading:
      'The opt-in that re-enables a disabled-by-default feature is, for API versions, the minimum-version override (`<BRAND>_MIN_API_VERSION`). From 26.0 asking it for a version below 1.24 must not make that version served: the daemon refuses to start with a clear error, or keeps refusing the version.',
    applies: { releases: { min: '26.0' }, platforms: BOTH, surface: 'daemon-process' },
    requires: ['start'],
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'Started with <BRAND>_MIN_API_VERSION=1.12: exits non-zero naming the variable, or refuses API 1.12–1.23.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.legacy-opt-in',
    title: 'In 25.0, versions below 1.24 can be re-enabled explicitly',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 2; States and transitions › Feature lifecycle',
      'From 25.0 versions below 1.24 are disabled by default | Disabled by default … explicit opt-in may re-enable it until removal',
    ),
    reading:
      'Two readings of "may": that 25.0 offers an explicit opt-in (stricter: a 25.0 without one fails), or only that it is allowed to (then nothing is asserted, and no verdict of the other reading is shown: it cannot fail). The stricter one is judged. The document names no mechanism; the opt-in checked is the minimum-version override (`<BRAND>_MIN_API_VERSION`), the one the real 25.0 has (moby daemon/config, api.version.min-override-raise).',
    applies: { releases: { min: '25.0', max: '25.0' }, platforms: BOTH, surface: 'daemon-process' },
    requires: ['start'],
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'Started with <BRAND>_MIN_API_VERSION=1.12: API 1.12 is served and MinAPIVersion = 1.12.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.min-override-raise',
    title: 'The minimum-version override raises the minimum',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby api/server/middleware/version.go, daemon/config (DOCKER_MIN_API_VERSION)',
      'DOCKER_MIN_API_VERSION=1.30 → v1.29 refused on 26.1.5 and 28.5.2',
    ),
    applies: { releases: { min: '25.0' }, platforms: BOTH, surface: 'daemon-process' },
    requires: ['start'],
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'Started with <BRAND>_MIN_API_VERSION=<m> (min < m ≤ max): versions below m refused as too old, m served.',
    testability: TESTABLE,
  },
] as const satisfies readonly Rule[];
