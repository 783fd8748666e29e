/** Hypothetical quirk: unknown keys inside the file's proxies object are ignored (only top-level keys are looked up). */
export const PROXIES_UNKNOWN_IGNORED = 'hypothetical.config.file.unknown-key.proxies-ignored';
