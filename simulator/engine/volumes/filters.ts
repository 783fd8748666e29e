import type { Volume } from '../objects/index.js';
import { type FilterArgs, booleanFilter, exactMatch, filterValues, invalidFilterMessage, pruneLabelsMatch, unacceptedKey } from '../filters/filter-args.js';
import { argsMatch } from '../filters/go-regexp.js';
import { goParseBool } from '../go-strconv.js';
import type { Refusal } from '../json-request.js';

/** The label moby gives a volume made without a name, from 23.0 (volume/service AnonymousLabel). */
export const ANONYMOUS_LABEL = 'com.docker.volume.anonymous';
/** The release from which the volume service labels a volume it names (20.10 has no such label). */
export const ANONYMOUS_LABEL_FROM = '23.0';

const LIST_FILTERS = ['dangling', 'name', 'driver', 'label'];
const PRUNE_FILTERS_OLD = ['label', 'label!'];
const PRUNE_FILTERS = ['label', 'label!', 'all'];

type Keep = (volume: Volume) => boolean;

/**
 * `dangling` as the release reads it: 20.10 (ExactMatch) true for "true" or "1" (or no values),
 * false for "false" or "0", else refused with its values; later releases GetBoolOrDefault.
 */
function dangling(args: FilterArgs, old: boolean): boolean | Refusal | undefined {
  if (!args.has('dangling')) return undefined;
  if (old) {
    if (exactMatch(args, 'dangling', 'true') || exactMatch(args, 'dangling', '1')) return true;
    if (exactMatch(args, 'dangling', 'false') || exactMatch(args, 'dangling', '0')) return false;
    return { status: 400, message: invalidFilterMessage('dangling', filterValues(args, 'dangling'), true) };
  }
  const read = booleanFilter(args, 'dangling', false);
  return typeof read === 'object' ? { status: 400, message: read.refused } : read;
}

/**
 * moby volume/service filtersToBy: the accepted keys first, then driver (any of its values), name
 * (Args.Match), labels (and, for a prune, label! excludes) and dangling. No volume of the
 * simulator is used by a container, so dangling=true keeps every volume and false none.
 */
function filtersToKeep(args: FilterArgs, accepted: readonly string[], old: boolean): Keep | Refusal {
  const unaccepted = unacceptedKey(args, accepted);
  if (unaccepted !== null) return { status: 400, message: invalidFilterMessage(unaccepted, null, old) };
  const isDangling = dangling(args, old);
  if (typeof isDangling === 'object') return isDangling;
  const drivers = filterValues(args, 'driver');
  return (volume) =>
    (drivers.length === 0 || drivers.includes(volume.driver)) &&
    (!args.has('name') || argsMatch(args, 'name', volume.name)) &&
    pruneLabelsMatch(args, volume.labels) &&
    isDangling !== false;
}

/** GET /volumes's filters. */
export const listFilter = (args: FilterArgs, old: boolean): Keep | Refusal => filtersToKeep(args, LIST_FILTERS, old);

/**
 * POST /volumes/prune's filters: 20.10 takes labels only. Later releases read `all` first (one
 * value, Go's ParseBool; not true: only anonymous volumes), an API below 1.42 asking for all as
 * before (moby adds all=true, so a request's own false makes two values).
 */
export function pruneFilter(args: FilterArgs, old: boolean, apiBelow142: boolean): Keep | Refusal {
  if (old) return filtersToKeep(args, PRUNE_FILTERS_OLD, true);
  const withAll = new Map(args);
  if (apiBelow142) withAll.set('all', new Map([...(args.get('all') ?? []), ['true', true]]));
  const all = filterValues(withAll, 'all');
  if (all.length > 1) return { status: 400, message: `invalid filter 'all=[${all.join(' ')}]': only one value is expected` };
  let everyVolume = false;
  if (all.length === 1) {
    const parsed = goParseBool(all[0]!);
    if ('error' in parsed) return { status: 400, message: `invalid filter 'all': ${parsed.error}` };
    everyVolume = parsed.value;
  }
  if (!everyVolume) withAll.set('label', new Map([...(args.get('label') ?? []), [ANONYMOUS_LABEL, true]]));
  return filtersToKeep(withAll, PRUNE_FILTERS, false);
}
