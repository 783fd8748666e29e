export { compareVersions, isOlder, isNewer, inRange } from './dotted-version.js';
