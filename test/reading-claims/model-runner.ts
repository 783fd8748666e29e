import type { ReadingClaim } from '../helpers/reading-claims.js';

/** What the model-runner area's readings say the releases do, and how each is observed. */
export const CLAIMS: readonly ReadingClaim[] = [];
