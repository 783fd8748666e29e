import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/listeners.js';

// What the listeners area's readings say the releases do, observed on each installed release (test/reading-claims/listeners.ts).
observeClaims(t, CLAIMS);
