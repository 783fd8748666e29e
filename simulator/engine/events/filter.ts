import { exactMatch, type FilterArgs, filterValues, labelsMatch } from '../filters/filter-args.js';
import type { DaemonEvent } from '../objects/index.js';
import { familiarName, parseNormalizedNamed } from '../plugins/reference.js';

/**
 * moby's events.Filter (daemon/events/filter.go, the same on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2): an event is sent when every test holds. A key the filter does not know is ignored, as
 * the route checks none.
 */

/** The scope of every event ctrd-sim records (a swarm's are "swarm"). */
const SCOPE = 'local';

/** Actions the `event` filter matches by prefix once any of them is asked for (`health_status: healthy`, `exec_create: sh`). */
const PREFIXED_ACTIONS = ['health_status', 'exec_create', 'exec_start'];

/** The types whose filter names an actor by its ID's prefix or its `name` attribute (fuzzyMatchName). */
const NAMED_ACTORS = ['daemon', 'container', 'plugin', 'volume', 'network', 'node', 'service', 'secret', 'config'];

/** moby Args.FuzzyMatch: the key's values hold `source`, or one of them begins it (no values: any source). */
const fuzzyMatch = (args: FilterArgs, key: string, source: string): boolean =>
  exactMatch(args, key, source) || filterValues(args, key).some((prefix) => source.startsWith(prefix));

/** moby's stripTag: a reference's familiar name, without tag or digest; a text that is no reference as it is. */
function stripTag(image: string, release: string): string {
  const reference = parseNormalizedNamed(image, release);
  return 'error' in reference ? image : familiarName(reference);
}

function matchEvent(args: FilterArgs, event: DaemonEvent): boolean {
  if (filterValues(args, 'event').some((value) => PREFIXED_ACTIONS.includes(value))) return fuzzyMatch(args, 'event', event.action);
  return exactMatch(args, 'event', event.action);
}

/** The `image` filter: the actor's ID, or its image's name (an image event's `name`, another's `image`), each also without its tag. */
function matchImage(args: FilterArgs, event: DaemonEvent, release: string): boolean {
  const name = event.attributes[event.type === 'image' ? 'name' : 'image'] ?? '';
  return [event.actorId, name, stripTag(event.actorId, release), stripTag(name, release)].some((value) => exactMatch(args, 'image', value));
}

/** The request's filters as moby's Filter.Include. */
export function eventFilter(args: FilterArgs, release: string): (event: DaemonEvent) => boolean {
  return (event) =>
    matchEvent(args, event) &&
    exactMatch(args, 'type', event.type) &&
    (!args.has('scope') || exactMatch(args, 'scope', SCOPE)) &&
    NAMED_ACTORS.every((type) => fuzzyMatch(args, type, event.actorId) || fuzzyMatch(args, type, event.attributes['name'] ?? '')) &&
    matchImage(args, event, release) &&
    (!args.has('label') || labelsMatch(args, event.attributes));
}
