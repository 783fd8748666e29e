import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/listeners.js';

// What the listeners area's readings say the releases do, observed on each installed release (test/reading-claims/listeners.ts),
// four at a time: eight of them wait out the daemons' 15 s of plugin retries.
observeClaims(t, CLAIMS, { jobs: 4 });
