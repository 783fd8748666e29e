/** @deprecated Moved to config/argv.ts; import from simulator/index.js. Kept while bench/ still imports this path. */
export { parseArgv } from './config/argv.js';
