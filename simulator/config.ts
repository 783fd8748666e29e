/** @deprecated Moved to config/resolve.ts; import from simulator/index.js. Kept while bench/ still imports this path. */
export { resolveConfig } from './config/resolve.js';
