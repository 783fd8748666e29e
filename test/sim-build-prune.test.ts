import fc from 'fast-check';
import { type Ask, checkAgainstObservedReleases, checkObserved, type Observed } from './helpers/real-versus-sim.js';

/**
 * POST /build/prune (simulator/engine/build/prune.ts): the filters and sizes each release reads
 * before BuildKit prunes an empty cache, and BuildKit's reading of the cache fields' filter
 * (containerd's filter syntax). The table holds what the releases answered; the property sends
 * generated parameters to each real release and to ctrd-sim emulating it.
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

const unparsed = (filter: string, error: string): readonly [number, string] => [
  400,
  `failed to prune build cache: failed to parse prune filters [${filter}]: filters: parse error: ${error}: invalid argument`,
];

// BuildKit's reading of the cache fields' filter, observed alike on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-11-28.
const OBSERVED_FILTER_SYNTAX: Observed = [
  [prune(filters({ type: ['a,b'] })), [200, NOTHING], '=', '=', '='],
  [prune(filters({ type: [] })), [200, NOTHING], '=', '=', '='],
  [prune(filters({ id: ['['] })), [200, NOTHING], '=', '=', '='],
  [prune(filters({ id: ['/a/'] })), [200, NOTHING], '=', '=', '='],
  [prune(filters({ type: ['a b'] })), unparsed('type==a b', '[type==a >| |< b]: unexpected input:  '), '=', '=', '='],
  [prune(filters({ type: [''] })), unparsed('type==', '[type==]: expected value or quoted'), '=', '=', '='],
  [prune(filters({ type: ['/a/'] })), unparsed('type==/a/', '[type== >|/|< a/]: invalid quote encountered'), '=', '=', '='],
  [prune(filters({ type: ['"a'] })), unparsed('type=="a', '[type== >|"|< a]: quoted literal not terminated'), '=', '=', '='],
  [prune(filters({ type: ['"\\400"'] })), unparsed('type=="\\400"', '[type== >|"|< \\400"]: unquoting failed: quote syntax error'), '=', '=', '='],
  [prune(filters({ type: ['a,b=c'] })), unparsed('type==a,b=c', '[type==a,b >|=|< c]: unsupported operator "="'), '=', '=', '='],
  [prune(filters({ type: ['a,é'] })), unparsed('type==a,é', '[type==a, >|\ufffd|< \ufffd]: expected field or quoted'), '=', '=', '='],
  [prune(filters({ type: ['\ufffd'] })), unparsed('type==\ufffd', '[type== >|\ufffd|< \ufffd\ufffd]: rune error'), '=', '=', '='],
];

checkObserved('the build cache prune refuses its parameters as each release did', 'ctc-bprune-', OBSERVED);
checkObserved("the build cache prune reads the cache fields' filter as each release did", 'ctc-bprune-', OBSERVED_FILTER_SYNTAX);

const size = fc.constantFrom('', '0', '10', '-5', 'x', '1e3', '99999999999999999999', ' 1');
const duration = fc.constantFrom('24h', '-1h', '1q', '1', 'x', '99999999999999999999h', '1.5.h', '.h', '2020-01-01', '2020-13-01', '1700000000', 'é', '');
const plain = fc.constantFrom('regular', 'abc', 'true', 'x-1');
const plainFilters = fc.record(
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

/**
 * A value from the pieces of containerd's filter grammar (`selector ("," selector)*`, a selector
 * `field ("." field)* [operator value]`, a value a word or a quoted Go string, `/` and `|` quotes
 * for a regexp): separators, operators, quotes, escapes, spaces, runes of each class the scanner
 * tells apart, and regexp syntax.
 */
const grammarPiece = fc.constantFrom(
  ...['a', 'Z9', '_x', '7', '-', 'b.c', 'é', '€', '😀', '\ufffd', '\u200b', '\u0000', '\u00a0', '\u3000'],
  ...[',', '.', '==', '!=', '~=', '=', '!', '~', '~~', '=!'],
  ...['"', '/', '|', "'", '`', '\\', '\\n', '\\x4', '\\x41', '\\u00e9', '\\U0010ffff', '\\U00110000', '\\101', '\\400', '\\q', '\\/', '\\"', '\\|'],
  ...[' ', '\t', '\n', '\r'],
  ...['[', ']', '(', '*', '+', '?', '^', '$', '{2}', '\\d', '.*'],
);
const pieces = fc.array(grammarPiece, { maxLength: 6 }).map((some) => some.join(''));
const quoted = fc
  .record({ quote: fc.constantFrom('"', '/', '|', "'"), body: pieces, closed: fc.boolean() })
  .map(({ quote, body, closed }) => `${quote}${body}${closed ? quote : ''}`);
const operator = fc.constantFrom('==', '!=', '~=', '=', '!', '~~', '=!');
const fieldPath = fc.constantFrom('a', 'b.c', 'b.', '"q"', '"q".r', '/r/', '|r|', "'s'", '1', '_x', 'é', '');
/** A value that ends its selector with a comma and carries another: a field path, with an operator and a value or alone. */
const withSelector = fc
  .record({ first: pieces, separator: fc.constantFrom(',', ', ', ',,', ' ,'), field: fieldPath, rest: fc.option(fc.tuple(operator, fc.oneof(pieces, quoted))) })
  .map(({ first, separator, field, rest }) => `${first}${separator}${field}${rest === null ? '' : rest.join('')}`);
const grammarValue = fc.oneof(pieces, quoted, withSelector);

/**
 * One cache field only, with a value from the grammar (or none, or two): moby joins the fields'
 * selectors in Go's map order, which the releases' refusals, and even whether a text parses, show.
 */
const oneFieldFilters = fc
  .record({
    field: fc.constantFrom('id', 'parent', 'type', 'description', 'inuse', 'shared', 'private'),
    values: fc.oneof(fc.array(grammarValue, { minLength: 1, maxLength: 1 }), fc.array(grammarValue, { maxLength: 2 })),
    others: fc.record({ until: fc.array(duration, { maxLength: 1 }), label: fc.array(fc.constantFrom('a=b', 'c'), { maxLength: 1 }) }, { requiredKeys: [] }),
  })
  .map(({ field, values, others }) => ({ ...others, [field]: values }));

const filterArbitrary = fc.oneof(plainFilters, oneFieldFilters, oneFieldFilters);

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

checkAgainstObservedReleases('build cache prunes with generated filters and sizes', 'ctc-bprune-', request, 500);
