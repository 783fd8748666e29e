/** Hypothetical quirk: --log-opt and the file's log-opts are merged instead of refused as a conflict (a map key). */
export const LOG_OPTS_MERGED = 'hypothetical.config.file.conflict.log-opts-merged';
