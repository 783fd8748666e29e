import fc from 'fast-check';
import { LOWER_DIGITS, word } from './words.js';

/** The requests every daemon of this area serves, as [method, path]. */
/** The resources every release serves at every version: what the version rules ask for. */
export const SERVED_RESOURCES = [
  ['GET', '/_ping'],
  ['HEAD', '/_ping'],
  ['GET', '/version'],
] as const satisfies readonly (readonly [string, string])[];
export const servedResource = fc.constantFrom(...SERVED_RESOURCES);

/**
 * Paths no real daemon routes: a segment that starts with "ctc-" (this tool's own prefix), so a
 * daemon with more endpoints than the simulator does not turn a generated path into a real one.
 */
export const unknownPath: fc.Arbitrary<string> = fc
  .tuple(word(LOWER_DIGITS, 1, 8), fc.array(word(`${LOWER_DIGITS}_-`, 1, 12), { maxLength: 3 }))
  .map(([head, rest]) => `/ctc-${head}${rest.map((s) => `/${s}`).join('')}`);

/** A known path asked with a method it does not accept; HEAD on a GET-only route too (a router may answer HEAD with its GET route). */
export const wrongMethod: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.tuple(fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), fc.constantFrom('/_ping', '/version')),
  fc.constant(['HEAD', '/version'] as const),
);
