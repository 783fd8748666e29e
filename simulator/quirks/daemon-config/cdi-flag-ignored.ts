/** Hypothetical quirk: --cdi-spec-dir is parsed but ignored: only the file's cdi-spec-dirs sets the directories. */
export const CDI_FLAG_IGNORED = 'hypothetical.config.cdi.spec-dirs.flag-ignored';
