/** Hypothetical quirk: --default-address-pool and the file's default-address-pools are merged instead of refused (a list key). */
export const ADDRESS_POOLS_MERGED = 'hypothetical.config.file.conflict.address-pools-merged';
