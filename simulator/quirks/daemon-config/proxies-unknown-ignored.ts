/** Hypothetical quirk: unknown keys inside the file's proxies object are ignored (only top-level keys are looked up). */
export const PROXIES_UNKNOWN_IGNORED = 'hypothetical.config.file.unknown-key.proxies-ignored';

/** The directives the quirk does not look up: the keys of the file's proxies object. */
export const proxiesKeys = (doc: Readonly<Record<string, unknown>>): readonly string[] => {
  const proxies = doc['proxies'];
  return typeof proxies === 'object' && proxies !== null ? Object.keys(proxies) : [];
};
