export { parseArgv, type ParsedFlags, type FlagValue } from './argv.js';
export { resolveConfig, processSources, findRelease, minApiProblem, type SimConfig, type ConfigSources } from './config.js';
export { startSimulator, type RunningSimulator, type ReloadOutcome, type StartOptions } from './daemon.js';
export { SimError, type SimErrorCode } from './errors.js';
export { BRANDS, type Brand, type BrandNames } from '../specs/brands.js';
export { parseHost, type ListenAddress } from './listeners.js';
export { stderrLogger, silentLogger, type Logger } from './log.js';
export { IMPLEMENTED_RULES } from './implemented-rules.js';
