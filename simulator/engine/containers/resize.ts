import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { goAtoi, goParseUint } from '../go-strconv.js';
import { queryOf, releaseBelow, sendEmpty } from '../replies.js';
import { runningContainerOr409 } from './pause.js';

/** The first release that reads `h` and `w` as uint32 with its own words (28.5.2; 26.1.5 still Atoi's). */
const UINT32_SIZES_FROM = '28.0';

/**
 * A size of the query as the release reads it: Go's Atoi (its error's words), or from 28.0 moby's
 * Uint32Value (a "-" taken off first, so that a negative number is out of range rather than bad
 * syntax; nothing or a "+" is bad syntax) in the route's words ("invalid resize height "x": …").
 */
function sizeOf(x: Exchange, key: 'h' | 'w'): { readonly value: bigint } | { readonly error: string } {
  const given = queryOf(x).get(key) ?? '';
  if (releaseBelow(x, UINT32_SIZES_FROM)) return goAtoi(given);
  const refuse = (why: string) => ({ error: `invalid resize ${key === 'h' ? 'height' : 'width'} "${given}": ${why}` });
  const negative = given.startsWith('-');
  const digits = negative ? given.slice(1) : given;
  if (digits === '' || digits.startsWith('+')) return refuse('invalid syntax');
  const parsed = goParseUint(digits, 32);
  if ('error' in parsed) return refuse(parsed.error.endsWith('value out of range') ? 'value out of range' : 'invalid syntax');
  return negative ? refuse('value out of range') : parsed;
}

/** The height, then the width, as a resize of a container or of an exec reads them; or the first one's error (400). */
export function resizeSizes(x: Exchange): { readonly height: bigint; readonly width: bigint } | { readonly error: string } {
  const height = sizeOf(x, 'h');
  if ('error' in height) return height;
  const width = sizeOf(x, 'w');
  return 'error' in width ? width : { height: height.value, width: width.value };
}

/**
 * POST /containers/{name}/resize: the height and width first, then the container, which must run
 * (a 409 in the release's case otherwise); the resize event with the sizes. Observed on 20.10.24,
 * 26.1.5 and 28.5.2 (a container without a TTY takes the resize all the same).
 */
export const containerResizeRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/resize',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/resize.ts: POST /containers/{name}/resize',
  rules: [],
  handle(x) {
    const sizes = resizeSizes(x);
    if ('error' in sizes) return handlerError(x, 400, sizes.error);
    const container = runningContainerOr409(x);
    if (container === undefined) return;
    x.state.objects.containerEvent(container, 'resize', { height: String(sizes.height), width: String(sizes.width) });
    sendEmpty(x, 200);
  },
};
