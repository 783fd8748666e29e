/** Hypothetical: HEAD /_ping (the load balancers' probe) is answered by a cheap shortcut that writes the ping headers but not the version middleware's Api-Version. */
export const HEAD_PROBE_SHORTCUT = 'hypothetical.api.headers.api-version.head-probe-shortcut';

/** A flat header list without Api-Version. */
export const withoutApiVersion = (headers: readonly string[]): string[] => headers.filter((_, i) => headers[i - (i % 2)] !== 'Api-Version');
