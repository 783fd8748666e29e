/**
 * Where real daemon releases break a rule of the document. The suites still report these as
 * failures: this list only lets the agreement test (simulator vs real daemon) and the README name
 * them, so that any other difference is caught.
 */
export interface KnownDeviation {
  readonly rule: string;
  /** Release series observed to deviate. */
  readonly releases: readonly string[];
  /** API versions of the deviating cells: all refused versions below the minimum. */
  readonly cells: 'below-minimum';
  readonly what: string;
}

export const KNOWN_DEVIATIONS: readonly KnownDeviation[] = [
  {
    rule: 'api.version.too-old.wording',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'below-minimum',
    what: 'the message says "…, please upgrade your client to a newer version"; the document\'s form has no "please"',
  },
];
