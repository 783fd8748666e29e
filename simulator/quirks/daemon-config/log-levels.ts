import { isOlder } from '../../../common/dotted-version.js';

/**
 * Observed quirk (observed.config.values.enum): 20.10.24, 26.1.5 and 28.5.2 take levels of their
 * logging library (logrus) beyond the document's list, `trace` and `panic`; 20.10.24 takes
 * `warning` too, which 26.1.5 and 28.5.2 refuse ("invalid logging level: warning", observed
 * 2026-12-05 with --validate; 20.10.24 gets past it to a later check).
 */
export const LIBRARY_LEVELS_QUIRK = 'observed.config.values.enum';
export const DOCUMENTED_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'fatal'];
const LIBRARY_LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'panic'];
/** The release's own word for `warn`, which the releases after it refuse. */
const WARNING_TAKEN_BEFORE = '23.0';

export const logLevels = (quirks: ReadonlySet<string>, release: string): readonly string[] =>
  !quirks.has(LIBRARY_LEVELS_QUIRK) ? DOCUMENTED_LEVELS : isOlder(release, WARNING_TAKEN_BEFORE) ? [...LIBRARY_LEVELS, 'warning'] : LIBRARY_LEVELS;
