import type { Difference } from './compare.js';
import type { Probe } from './probe.js';

/** Headers that say something of the daemon, not of the route: one difference of theirs is one kind, whatever the route. */
export const DAEMON_WIDE: ReadonlySet<string> = new Set(['api-version', 'server', 'ostype', 'experimental']);

/**
 * The kind of a difference: where it is (route and method, unless the version is refused on one
 * side only or the header is the daemon's), how each side takes the version, and what differs.
 */
export function signatureOf(probe: Probe, classes: string, difference: Difference): string {
  const [first, second] = classes.split('/');
  const refusedOnOneSide = first !== second;
  // A version both refuse has the same message on every route the router finds; its status
  // and form stay the route's (a route one side does not have answers 404 before any version check).
  const refusedOnBoth = !refusedOnOneSide && (first === 'too-old' || first === 'too-new') && difference.aspect === 'error-text';
  const where =
    refusedOnOneSide || refusedOnBoth || (difference.aspect === 'header' && DAEMON_WIDE.has(difference.at)) ? '(any route)' : `${probe.method} ${probe.route}`;
  // With one side refusing, the other side's body keys are the route's: one kind for all of them.
  const at = refusedOnOneSide && difference.at.startsWith('$') ? '$' : difference.at;
  return `${where} ${classes} ${difference.aspect}${at === '' ? '' : ` ${at}`}`;
}
