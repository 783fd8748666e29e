/** Hypothetical quirk: the first JSON value of the file is read and trailing data after it (or a second document) ignored. */
export const TRAILING_DATA = 'hypothetical.config.file.json.trailing-data';
