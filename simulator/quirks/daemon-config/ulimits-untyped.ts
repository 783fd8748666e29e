/** Hypothetical quirk: default-ulimits of the wrong JSON type (a string, a number) is ignored instead of refused. */
export const ULIMITS_UNTYPED = 'hypothetical.config.file.types.ulimits-ignored';
