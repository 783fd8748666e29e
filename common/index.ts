export { compareVersions, isOlder, isNewer, inRange } from './dotted-version.js';
export { fillMessage } from './messages.js';
export { inputLimits, raiseHint, LIMIT_SETTINGS, InvalidLimitError, type InputLimits } from './limits.js';
export { InputError, type InputErrorCode } from './input-error.js';
export { readInputFile, readInputFileSync, inflateBounded, kindOf, type ReadOptions } from './bounded-file.js';
export { terminalSafe, terminalSafeLines } from './terminal-text.js';
