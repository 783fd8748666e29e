import fc from 'fast-check';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed } from './helpers/real-versus-sim.js';

/**
 * POST /build/prune (simulator/engine/build/prune.ts): the filters and sizes each release reads
 * before BuildKit prunes an empty cache. The table holds what the releases answered; the property
 * sends generated parameters to each real release and to ctrd-sim emulating it.
 */

const prune = (query: string, prefix = ''): Ask => ({ method: 'POST', path: `${prefix}/build/prune${query === '' ? '' : `?${query}`}` });
const filters = (value: unknown): string => `filters=${encodeURIComponent(JSON.stringify(value))}`;
const NOTHING = '{"CachesDeleted":null,"SpaceReclaimed":0}';

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27 ('=': as the release before it).
const OBSERVED: Observed = [
  [prune(''), [200, NOTHING], '=', '='],
  [
    prune('keep-storage=x'),
    [500, 'keep-storage is in bytes and expects an integer, got x: strconv.Atoi: parsing "x": invalid syntax'],
    [400, 'keep-storage is in bytes and expects an integer, got x: strconv.Atoi: parsing "x": invalid syntax'],
    '=',
  ],
  [
    prune(filters({ bogus: ['x'] })),
    [400, "failed to prune build cache: Invalid filter 'bogus'"],
    [400, "failed to prune build cache: invalid filter 'bogus'"],
    '=',
  ],
  [
    prune(filters({ until: ['x'] })),
    [500, `failed to prune build cache: "until" filter expects a duration (e.g., '24h'): time: invalid duration "x"`],
    [400, `failed to prune build cache: "until" filter expects a duration (e.g., '24h') or a timestamp: failed to parse value as time or duration: "x"`],
    '=',
  ],
  [prune('filters=x'), [500, "could not parse filters: invalid character 'x' looking for beginning of value"], [400, 'invalid filter'], '='],
];

checkObserved('the build cache prune refuses its parameters as each release did', 'ctc-bprune-', OBSERVED);

const size = fc.constantFrom('', '0', '10', '-5', 'x', '1e3', '99999999999999999999', ' 1');
const duration = fc.constantFrom('24h', '-1h', '1q', '1', 'x', '99999999999999999999h', '1.5.h', '.h', '2020-01-01', '2020-13-01', '1700000000', 'é', '');
const plain = fc.constantFrom('regular', 'abc', 'true', 'x-1');
const filterArbitrary = fc.record(
  {
    until: fc.array(duration, { maxLength: 2 }),
    'unused-for': fc.array(duration, { maxLength: 1 }),
    type: fc.array(plain, { maxLength: 2 }),
    id: fc.array(plain, { maxLength: 1 }),
    inuse: fc.array(plain, { maxLength: 1 }),
    label: fc.array(fc.constantFrom('a=b', 'c'), { maxLength: 2 }),
    mutable: fc.constant(['x']),
  },
  // One key refused at most (mutable), one cache field with two values at most (type): Go walks its maps in no fixed order.
  { requiredKeys: [] },
);

const request: fc.Arbitrary<Ask> = fc
  .record({
    prefix: fc.constantFrom('', '/v1.41', '/v1.47', '/v1.48'),
    filters: fc.option(filterArbitrary, { nil: undefined }),
    sizes: fc.record(
      { 'keep-storage': size, 'reserved-space': size, 'max-used-space': size, 'min-free-space': size, all: fc.constantFrom('1', 'x') },
      { requiredKeys: [] },
    ),
  })
  .map(({ prefix, filters: f, sizes }) => {
    const parts = [...Object.entries(sizes).map(([key, value]) => `${key}=${encodeURIComponent(value)}`), ...(f === undefined ? [] : [filters(f)])];
    return prune(parts.join('&'), prefix);
  });

checkAgainstRealReleases('build cache prunes with generated filters and sizes', 'ctc-bprune-', request, 200);
