import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/daemon-config.js';

// What the daemon-config area's readings say the releases do, observed on each installed release (test/reading-claims/daemon-config.ts).
observeClaims(t, CLAIMS);
