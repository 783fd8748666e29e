/** Hypothetical quirk: --validate lists the unknown directives but exits 0. */
export const VALIDATE_UNKNOWN_EXIT_0 = 'hypothetical.config.file.validate.unknown-exit-0';
