/** Hypothetical: 25.0 validates <PREFIX>MIN_API_VERSION below the default and starts, but applies the override only when it raises the minimum (`if v > min`): the opt-in is read and dropped. */
export const OPT_IN_RAISE_ONLY = 'hypothetical.api.version.legacy-opt-in.raise-only';
