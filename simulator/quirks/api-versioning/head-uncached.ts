/** Hypothetical: the ping handler sets Cache-Control and Pragma after its early return for HEAD, so HEAD /_ping carries neither. */
export const HEAD_UNCACHED = 'hypothetical.api.ping.head-uncached';

/** A flat header list without Cache-Control and Pragma. */
export const withoutCacheHeaders = (headers: readonly string[]): string[] =>
  headers.filter((_, i) => !['Cache-Control', 'Pragma'].includes(headers[i - (i % 2)]!));
