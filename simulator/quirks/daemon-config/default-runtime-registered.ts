/**
 * Observed quirk (observed.config.runtimes.default): 20.10.24 takes only a registered runtime's
 * name as default-runtime; a shim's fully qualified name that is not registered "does not exist".
 */
export const REGISTERED_ONLY_QUIRK = 'observed.config.runtimes.default';

export const defaultRuntimeMustBeRegistered = (quirks: ReadonlySet<string>): boolean => quirks.has(REGISTERED_ONLY_QUIRK);
