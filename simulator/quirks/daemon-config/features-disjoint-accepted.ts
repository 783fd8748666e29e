/** Hypothetical quirk: --feature and the file's features together are taken when they name different features. */
export const FEATURES_DISJOINT_ACCEPTED = 'hypothetical.config.features.exclusive.disjoint-accepted';
