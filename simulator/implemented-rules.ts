/** @deprecated The map is derived now (rules/implemented.ts); import IMPLEMENTED_RULES from simulator/index.js. */
export { IMPLEMENTED_RULES } from './rules/implemented.js';
