import type { Rule } from '../../types.js';
import { daemonDoc } from '../kit.js';
import { AREA } from './kit.js';

/** The other platform's minimum (untestable on this machine). */
export const API_OTHER_PLATFORM_RULES = [
  {
    id: 'api.version.windows-minimum',
    title: 'On the other platform the earliest API version is 1.24',
    area: AREA,
    level: 'must',
    source: daemonDoc('Versioning › 2', 'Earliest supported API versions …: 1.12 on Linux, 1.24 on the other platform.'),
    applies: { releases: { max: '24.0' }, platforms: ['windows'], surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'Windows daemons before 25.0: v < 1.24 refused, 1.24 served.',
    testability: { testable: false, why: 'needs a daemon on the other platform (Windows); this machine runs Linux only' },
  },
] as const satisfies readonly Rule[];
