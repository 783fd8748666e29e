export { compareVersions, isOlder, isNewer, inRange } from './dotted-version.js';
export { fillMessage } from './messages.js';
