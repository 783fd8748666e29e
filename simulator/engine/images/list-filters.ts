import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { booleanFilter, type FilterArgs, filterValues, labelsMatch } from '../filters/filter-args.js';
import { nowNanos } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { filterTime, GO_ZERO_TIME, goUnixTime, STRICT_TIMESTAMPS_FROM } from '../timestamps.js';
import { usesContainerdStore } from './image-store.js';
import { containerdLabelFilter, type LabelMatch } from './label-filter-containerd.js';
import { answerMissingImage } from './missing-image.js';

/**
 * The `dangling`, `before`, `since` and `until` filters of GET /images/json once read (the keys
 * already checked), each bound null when not given. With a graph driver `until` is no bound of its
 * own: it joins `before`, both compared with the config's Created (moby daemon/images/image_list.go).
 * In containerd's store `until` is compared with when each record (each tag, or the dangling name)
 * was made (moby daemon/containerd/image_list.go setupFilters). Observed on 26.1.5, 28.5.2 and 29.7.2
 * (2026-12-06).
 */
export interface ListFilters {
  readonly dangling: boolean | undefined;
  readonly before: bigint | null;
  readonly since: bigint | null;
  readonly until: bigint | null;
  /** Whether an image's labels pass the `label` (and in containerd's store `label!`) filters; null without any. */
  readonly labels: LabelMatch | null;
}

/** A filter read, or null once its refusal was answered. */
type Read<T> = { readonly value: T } | null;

/**
 * The image the filter names with the oldest (before) or newest (since) creation time, as moby
 * ANDs the values: its time; a name of no image is answered (404).
 */
function imageBound(x: Exchange, filters: FilterArgs, key: 'before' | 'since'): Read<bigint | null> {
  let bound: bigint | null = null;
  for (const name of filterValues(filters, key)) {
    const image = x.state.objects.findImage(name);
    if (image === undefined) {
      answerMissingImage(x, name, false);
      return null;
    }
    if (bound === null || (key === 'before' ? image.created < bound : image.created > bound)) bound = image.created;
  }
  return { value: bound };
}

/**
 * Each `until` value read as the release reads a filter's time, made a Go time (goUnixTime): below
 * 29.4 its errors are plain (500), from 29.4 invalid parameters in words of their own (400).
 */
function untilTimes(x: Exchange, filters: FilterArgs): Read<bigint[]> {
  const strict = !releaseBelow(x, STRICT_TIMESTAMPS_FROM);
  const times: bigint[] = [];
  for (const value of filterValues(filters, 'until')) {
    const read = filterTime(value, nowNanos(), strict, false);
    if ('error' in read) {
      handlerError(x, strict ? 400 : 500, strict ? `invalid value for 'until' filter: ${read.error}` : read.error);
      return null;
    }
    times.push(goUnixTime(read.nanos));
  }
  return { value: times };
}

/**
 * The graph driver's `before` bound: the earliest of the times, where Go's zero time is none
 * (moby's IsZero), so that one after it takes its place, and it alone leaves no bound.
 */
function goEarliest(times: readonly bigint[]): bigint | null {
  let bound: bigint | null = null;
  for (const time of times) if (bound === null || bound === GO_ZERO_TIME || bound > time) bound = time;
  return bound === GO_ZERO_TIME ? null : bound;
}

function danglingFilter(x: Exchange, filters: FilterArgs): Read<boolean | undefined> {
  const dangling = booleanFilter(filters, 'dangling', releaseBelow(x, '23.0'));
  if (typeof dangling !== 'object') return { value: dangling };
  handlerError(x, 400, dangling.refused);
  return null;
}

/** The filters read in the store's order, each refusal answered: null once one was. */
export function readListFilters(x: Exchange, filters: FilterArgs): ListFilters | null {
  if (usesContainerdStore(x.state.config)) {
    // before, since, until, the labels, then dangling (setupFilters); a record is kept made before every `until`.
    const before = imageBound(x, filters, 'before');
    const since = before && imageBound(x, filters, 'since');
    const until = since && untilTimes(x, filters);
    const labels = until && containerdLabelFilter(x, filters);
    const dangling = labels && danglingFilter(x, filters);
    if (!before || !since || !until || !labels || !dangling) return null;
    const earliest = until.value.reduce<bigint | null>((bound, time) => (bound === null || time < bound ? time : bound), null);
    return { dangling: dangling.value, before: before.value, since: since.value, until: earliest, labels: labels.match };
  }
  // dangling, before, until (joining before), then since (Images).
  const dangling = danglingFilter(x, filters);
  const before = dangling && imageBound(x, filters, 'before');
  const until = before && untilTimes(x, filters);
  const since = until && imageBound(x, filters, 'since');
  if (!dangling || !before || !until || !since) return null;
  const bound = goEarliest([...(before.value === null ? [] : [before.value]), ...until.value]);
  const labels = filters.has('label') ? (set: unknown) => labelsMatch(filters, set) : null;
  return { dangling: dangling.value, before: bound, since: since.value, until: null, labels };
}
