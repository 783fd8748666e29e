import t from 'tap';
import { observeClaims } from './helpers/observe-claims.js';
import { CLAIMS } from './reading-claims/model-runner.js';

// What the model-runner area's readings say the releases do, observed on each installed release (test/reading-claims/model-runner.ts).
observeClaims(t, CLAIMS);
