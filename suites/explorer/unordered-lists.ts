import { compareVersions } from '../../common/dotted-version.js';
import type { Difference } from './compare.js';
import type { Observation } from './observation.js';
import type { Side } from './side.js';

/** A list a daemon writes in no fixed order: where it is in the body, and what orders it for the comparison. */
interface UnorderedList {
  /** The keys leading to the list from the body's top (none: the body is the list). */
  readonly path: readonly string[];
  /** The item's key that orders the list, or null for a list of plain values (ordered by themselves). */
  readonly key: string | null;
  /** The first release that writes it in no fixed order; an older one (and ctrd-sim emulating it) keeps its order. */
  readonly since: string;
}

/**
 * Lists a daemon writes in no fixed order, by route.
 * - GET /networks: dockerd iterates a Go map, so one daemon lists `none, host` and then `host,
 *   none` for the same request (observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27).
 * - GET /info RegistryConfig.InsecureRegistryCIDRs: from 29.0 moby collects the CIDRs from a Go
 *   map's keys (daemon/pkg/registry/config.go loadInsecureRegistries, `maps.Keys`), so 29.7.2
 *   showed `::1/128, 127.0.0.0/8` and, in another run, `127.0.0.0/8, ::1/128`; before, they kept
 *   the order given, the loopback ones last.
 */
const UNORDERED: Readonly<Record<string, readonly UnorderedList[]>> = {
  '/networks': [{ path: [], key: 'Name', since: '20.10' }],
  '/networks/': [{ path: [], key: 'Name', since: '20.10' }],
  '/info': [{ path: ['RegistryConfig', 'InsecureRegistryCIDRs'], key: null, since: '29.0' }],
};

const keyOf = (item: unknown, key: string | null): string => {
  const value = key === null ? item : (item as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
};

const byKey =
  (key: string | null) =>
  (x: unknown, y: unknown): number =>
    keyOf(x, key) < keyOf(y, key) ? -1 : keyOf(x, key) > keyOf(y, key) ? 1 : 0;

/** The value at `path` below `value`, or undefined where there is none. */
function at(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** `value` with the list at `path` (when it is one) sorted by its items' `key`; every other part as it was. */
function withSortedList(value: unknown, path: readonly string[], key: string | null): unknown {
  if (path.length === 0) return Array.isArray(value) ? [...value].sort(byKey(key)) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  return head in record ? { ...record, [head]: withSortedList(record[head], rest, key) } : value;
}

const sortedAt = (o: Observation, list: Pick<UnorderedList, 'path' | 'key'>): Observation =>
  o.body.kind === 'json' ? { ...o, body: { kind: 'json', value: withSortedList(o.body.value, list.path, list.key) } } : o;

/** The answer's list (when it is one) in the order of its items' `key`. */
export const sortedBy = (o: Observation, key: string): Observation => sortedAt(o, { path: [], key });

const keysOf = (o: Observation, list: UnorderedList): string[] | null => {
  if (o.body.kind !== 'json') return null;
  const items = at(o.body.value, list.path);
  return Array.isArray(items) ? items.map((item) => keyOf(item, list.key)) : null;
};

/** Whether a side may write the list in no fixed order: a release from `since`, or one not known. */
const unorderedOn = (side: Side, list: UnorderedList): boolean => side.release === null || compareVersions(side.release.release, list.since) >= 0;

/**
 * The answers with such a list in the order of its key, and how the two orders differed: a
 * difference labelled volatile (order), so that it is counted and shown, never hidden; the
 * items are then compared one with its namesake. Where neither side writes the list in no fixed
 * order (both older than the release that began to), its order is compared as any value's.
 */
export function inKeyOrder(
  route: string,
  answers: readonly [Observation, Observation],
  sides?: readonly [Side, Side],
): { answers: [Observation, Observation]; orders: Difference[] } {
  let [first, second] = answers;
  const orders: Difference[] = [];
  for (const list of UNORDERED[route] ?? []) {
    if (sides !== undefined && !sides.some((side) => unorderedOn(side, list))) continue;
    const [a, b] = [keysOf(first, list), keysOf(second, list)];
    // An order difference only between lists of the same items: other differences are the items' own.
    const reordered = (x: string[], y: string[]): boolean => x.join('\0') !== y.join('\0') && [...x].sort().join('\0') === [...y].sort().join('\0');
    if (a !== null && b !== null && reordered(a, b)) {
      const where = `$${list.path.map((key) => `.${key}`).join('')}[]${list.key === null ? '' : `.${list.key}`} (order)`;
      orders.push({ aspect: 'value', at: where, first: a.join(', '), second: b.join(', '), volatile: 'order' });
    }
    [first, second] = [sortedAt(first, list), sortedAt(second, list)];
  }
  return { answers: [first, second], orders };
}
