import type { Difference } from './compare.js';
import type { Observation } from './observation.js';

/**
 * Lists a daemon writes in no fixed order, by route, with the key that orders them for the
 * comparison. GET /networks: dockerd iterates a Go map, so one daemon lists `none, host` and
 * then `host, none` for the same request (observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27).
 */
const UNORDERED: Readonly<Record<string, string>> = { '/networks': 'Name', '/networks/': 'Name' };

const keyOf = (item: unknown, key: string): string => {
  const value = (item as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
};

/** The answer's list (when it is one) in the order of its items' `key`. */
export function sortedBy(o: Observation, key: string): Observation {
  if (o.body.kind !== 'json' || !Array.isArray(o.body.value)) return o;
  const value = [...o.body.value].sort((x, y) => (keyOf(x, key) < keyOf(y, key) ? -1 : keyOf(x, key) > keyOf(y, key) ? 1 : 0));
  return { ...o, body: { kind: 'json', value } };
}

const keysOf = (o: Observation, key: string): string[] | null =>
  o.body.kind === 'json' && Array.isArray(o.body.value) ? o.body.value.map((item) => keyOf(item, key)) : null;

/**
 * The answers with such a list in the order of its key, and how the two orders differed: a
 * difference labelled volatile (order), so that it is counted and shown, never hidden; the
 * items are then compared one with its namesake.
 */
export function inKeyOrder(route: string, answers: readonly [Observation, Observation]): { answers: [Observation, Observation]; order: Difference | null } {
  const key = UNORDERED[route];
  if (key === undefined) return { answers: [answers[0], answers[1]], order: null };
  const [a, b] = [keysOf(answers[0], key), keysOf(answers[1], key)];
  // An order difference only between lists of the same items: other differences are the items' own.
  const reordered = (x: string[], y: string[]): boolean => x.join('\0') !== y.join('\0') && [...x].sort().join('\0') === [...y].sort().join('\0');
  const order: Difference | null =
    a !== null && b !== null && reordered(a, b)
      ? { aspect: 'value', at: `$[].${key} (order)`, first: a.join(', '), second: b.join(', '), volatile: 'order' }
      : null;
  return { answers: [sortedBy(answers[0], key), sortedBy(answers[1], key)], order };
}
