/**
 * Observed quirk (observed.config.values.enum): 20.10.24, 26.1.5 and 28.5.2 take every level of
 * their logging library (logrus), beyond the document's list: `trace`, `panic` and `warning` too.
 */
export const LIBRARY_LEVELS_QUIRK = 'observed.config.values.enum';
export const DOCUMENTED_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'fatal'];
const LIBRARY_LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic'];

export const logLevels = (quirks: ReadonlySet<string>): readonly string[] => (quirks.has(LIBRARY_LEVELS_QUIRK) ? LIBRARY_LEVELS : DOCUMENTED_LEVELS);
