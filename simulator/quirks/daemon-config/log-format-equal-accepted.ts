/** Hypothetical quirk: --log-format and the file's log-format together are taken when the two values are equal. */
export const LOG_FORMAT_EQUAL_ACCEPTED = 'hypothetical.config.log-format.exclusive.equal-accepted';
