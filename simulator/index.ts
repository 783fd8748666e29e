/** The simulator's public surface: what suites/targets, the CLI and the benchmarks use. */
export { parseArgv, KNOWN_OPTIONS, type ParsedFlags, type FlagValue } from './config/argv.js';
export { resolveConfig, type SimConfig } from './config/resolve.js';
export { processSources, readFileCapped, MAX_FILE_BYTES, type ConfigSources } from './config/sources.js';
export { minApiProblem } from './config/min-api.js';
export { findRelease } from '../specs/versions.js';
export { startSimulator, type RunningSimulator, type ReloadOutcome, type StartOptions, type DaemonSignal } from './daemon/start.js';
export { takeProcessSignals, type ProcessSignals } from './daemon/signals.js';
export { SimError, type SimErrorCode } from './errors.js';
export { BRANDS, type Brand, type BrandNames } from '../specs/brands.js';
export { parseHost, type ListenAddress } from './listeners/address.js';
export type { TlsListenerOptions } from './listeners/listen.js';
export { stderrLogger, silentLogger, lineLogger, formatLogLine, type Logger, type LogLevel, type LogFields } from './daemon/log.js';
export { buildResponseKit, SIM_BUILD, type ResponseKit } from './api-versioning/index.js';
export { FAULTS, alsoBroken, isFaultId } from './faults/registry.js';
export type { Fault } from './faults/fault.js';
export { IMPLEMENTED_RULES, IMPLEMENTATIONS } from './rules/implemented.js';
export type { Implementation } from './rules/implementation.js';
