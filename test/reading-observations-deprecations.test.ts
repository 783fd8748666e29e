import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/deprecations.js';

// What the deprecations area's readings say the releases do, observed on each installed release (test/reading-claims/deprecations.ts).
observeClaims(t, CLAIMS);
