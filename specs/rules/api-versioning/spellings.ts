import type { Rule } from '../../types.js';
import { BOTH, impl, TESTABLE } from '../kit.js';
import { AREA } from './kit.js';

/** How version strings compare and what a malformed one is. */
export const API_SPELLING_RULES = [
  {
    id: 'api.version.compare-numeric',
    title: 'Versions compare segment by segment as integers',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby api/types/versions/compare.go',
      '1.044 ≡ 1.44, 01.41 ≡ 1.41, 1.41.0 ≡ 1.41, 1.41.1 > 1.41, "1." ≡ 1.0, 99999999999999999999.1 too new on 20.10.24, 26.1.5, 28.5.2',
    ),
    reading:
      'The document is silent on spelling. Each dot-separated segment is a decimal integer (leading zeros ignored, empty = 0, overflowing = largest); a missing segment is 0.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'For generated numeric spellings s, the daemon serves s iff min ≤ s ≤ max under segment-wise integer comparison; otherwise too old / too new.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.malformed-not-found',
    title: 'A version prefix that is not digits and dots is not a route',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby api/server/server.go: route "/v{version:[0-9.]+}"',
      '404 {"message":"page not found"} for /vabc, /v-1.30, /v1.24.a on 20.10.24, 26.1.5, 28.5.2',
    ),
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'GET /v<s>/version with s not matching [0-9.]+ answers 404.',
    testability: TESTABLE,
  },
] as const satisfies readonly Rule[];
