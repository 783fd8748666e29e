import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/api-versioning.js';

// What the api-versioning area's readings say the releases do, observed on each installed release (test/reading-claims/api-versioning.ts).
observeClaims(t, CLAIMS);
