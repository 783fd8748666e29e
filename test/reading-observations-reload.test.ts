import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/reload.js';

// What the reload area's readings say the releases do, observed on each installed release (test/reading-claims/reload.ts).
observeClaims(t, CLAIMS);
