/**
 * Client faults (`ctrd-sim --client-faults FILE`): misbehaviour on purpose for client authors.
 * Not the self-test's faults (simulator/faults/, `--fault RULE`), which break a conformance rule.
 * The simulator loads install.ts only when a file is given (daemon/start.ts); this surface is for tests and tools.
 */
export { checkClientFaults, parseClientFaults } from './parse.js';
export { readClientFaults } from './read.js';
export { faultsFileFormat, type FaultsFileFormat } from './file-format.js';
export { FaultChooser, draw, type ChosenFault } from './choose.js';
export { chooseSeed, loadClientFaults, type LoadedClientFaults } from './install.js';
export { compileMatch, unversionedPath } from './route-match.js';
export type { ClientFaultsSource } from './source.js';
export {
  CLIENT_FAULT_KINDS,
  ClientFaultsFileSchema,
  clientFaultsJsonSchema,
  clientFaultsJsonSchemaText,
  MAX_DELAY_MS,
  MAX_ENTRIES,
  MAX_SEED,
  MAX_SLOW_MS,
  MAX_STALL_MS,
  type ClientFaultEntry,
  type ClientFaultKind,
  type ClientFaultsFile,
} from './schema.js';
