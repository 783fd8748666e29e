import type { ReadingClaim } from '../helpers/reading-claims.js';
import { CLAIMS as API_VERSIONING } from './api-versioning.js';
import { CLAIMS as DAEMON_CONFIG } from './daemon-config.js';
import { CLAIMS as DEPRECATIONS } from './deprecations.js';
import { CLAIMS as LISTENERS } from './listeners.js';
import { CLAIMS as MODEL_RUNNER } from './model-runner.js';
import { CLAIMS as RELOAD } from './reload.js';

/** The claims of every area, by area (test/reading-observations-<area>.test.ts observes one area each). */
export const CLAIMS_BY_AREA: Readonly<Record<string, readonly ReadingClaim[]>> = {
  'api-versioning': API_VERSIONING,
  'daemon-config': DAEMON_CONFIG,
  reload: RELOAD,
  listeners: LISTENERS,
  deprecations: DEPRECATIONS,
  'model-runner': MODEL_RUNNER,
};

export const ALL_CLAIMS: readonly ReadingClaim[] = Object.values(CLAIMS_BY_AREA).flat();
