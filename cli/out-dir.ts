/** A moment as report directories name it: 20261127T041938Z. */
export const timestamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
