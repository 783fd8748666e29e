import { JSON_FILE_OPTS } from '../../config/file/start-checks.js';
import type { Exchange } from '../../http/exchange.js';
import { isJsonObject } from '../go-fields.js';
import { ramInBytes, REGEX_SIZES_UNTIL } from '../go-units.js';
import { releaseBelow } from '../replies.js';
import { infoStyleOf } from '../system/info/style.js';

/** The options the local driver takes (moby daemon/logger/local). */
const LOCAL_OPTS = ['max-file', 'max-size', 'compress'];

/**
 * Why the daemon refuses a container's log configuration (the one it keeps: host-config.ts), or
 * null: moby's logger.ValidateLogOpts, answered 400 after the image and the command and before
 * the name (observed on 20.10.24, 26.1.5 and 28.5.2). The driver none takes anything; then the
 * mode, the buffer size, a driver the release has built in (its /info list; else the plugin
 * lookup finds none), and the options of json-file and local. Other drivers' options are not
 * checked (not modelled).
 */
export function logConfigProblem(x: Exchange, type: string, options: Readonly<Record<string, unknown>>): string | null {
  if (type === 'none') return null;
  const mode = options['mode'] ?? '';
  if (mode !== '' && mode !== 'blocking' && mode !== 'non-blocking') return `logger: logging mode not supported: ${String(mode)}`;
  const buffer = options['max-buffer-size'];
  if (buffer !== undefined) {
    if (mode !== 'non-blocking') return "logger: max-buffer-size option is only supported with 'mode=non-blocking'";
    const size = ramInBytes(String(buffer), releaseBelow(x, REGEX_SIZES_UNTIL));
    if ('error' in size) return `error parsing option max-buffer-size: ${size.error}`;
  }
  if (!infoStyleOf(x.state.config.release.release).style.logPlugins.includes(type))
    return `error looking up logging plugin ${type}: plugin "${type}" not found`;
  // The logentries driver (up to 24.0) will not be made without its token: 400 at create (observed on 20.10.24, 2026-12-05).
  if (type === 'logentries' && options['logentries-token'] === undefined) return 'Missing logentries token';
  // One unknown key is named; of several, Go's map order picks one.
  const unknown = (known: readonly string[]): string | undefined => Object.keys(options).find((key) => !known.includes(key));
  if (type === 'json-file') {
    const key = unknown(JSON_FILE_OPTS);
    if (key !== undefined) return `unknown log opt '${key}' for json-file log driver`;
  }
  if (type === 'local') {
    const key = unknown([...LOCAL_OPTS, 'mode', 'max-buffer-size']);
    if (key !== undefined) return `unknown log opt '${key}' for log driver local`;
  }
  return null;
}

/**
 * Whether the release refuses the logentries driver before any other check of a create (moby
 * 25.0 removed the driver and added the check, to go in a later release): observed on 26.1.5;
 * 20.10.24 has the driver and 28.5.2 looks it up as any other; the releases between not observed.
 */
export const logentriesRemoved = (x: Exchange, hostConfig: Readonly<Record<string, unknown>>): boolean =>
  !releaseBelow(x, '25.0') && releaseBelow(x, '28.0') && isJsonObject(hostConfig['LogConfig']) && hostConfig['LogConfig']['Type'] === 'logentries';
