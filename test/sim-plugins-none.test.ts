import fc from 'fast-check';
import { oneEdit } from '../suites/arbitraries/json-text.js';
import { PLUGIN_ROUTES } from '../simulator/engine/plugins/routes.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed } from './helpers/real-versus-sim.js';

/**
 * The plugin routes of a daemon with no plugin (simulator/engine/plugins/): an empty list after
 * its filters, every name not found after what the route reads first, in the release's words. The
 * table is what the releases answered; the property sends generated requests to each real release
 * and to ctrd-sim emulating it. Its creates name no plugin (the route has no {name}), so each is
 * refused and none is made: test/sim-plugin-create.test.ts covers the plugins a create makes.
 */

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27, and where a row has a fifth column on 29.7.2, 2026-12-06 ('=': as the release before it).
const OBSERVED: Observed = [
  [{ method: 'GET', path: '/plugins' }, [200, '[]'], '=', '='],
  [{ method: 'GET', path: '/plugins?filters=ctc' }, [500, "invalid character 'c' looking for beginning of value"], [400, 'invalid filter'], '='],
  [{ method: 'GET', path: '/plugins?filters=%7B%22enable%22%3A%5B%22x%22%5D%7D' }, [400, "Invalid filter 'enable'"], [400, "invalid filter 'enable'"], '='],
  [
    { method: 'GET', path: '/plugins?filters=%7B%22enabled%22%3A%5B%22x%22%5D%7D' },
    [400, "Invalid filter 'enabled=[x]'"],
    [400, "invalid filter 'enabled=[x]'"],
    '=',
  ],
  [{ method: 'GET', path: '/plugins?filters=%7B%22enabled%22%3A%5B%5D%7D' }, [200, '[]'], [400, "invalid filter 'enabled'"], '='],
  [{ method: 'GET', path: '/plugins/ctc-x%3Alatest/json' }, [404, 'plugin "ctc-x:latest" not found'], '=', '='],
  [{ method: 'GET', path: '/plugins/a%22b/json' }, [404, 'plugin "a\\"b" not found'], '=', '='],
  [{ method: 'DELETE', path: '/plugins/ctc%2Fx?force=x' }, [404, 'plugin "ctc/x" not found'], '=', '='],
  [{ method: 'DELETE', path: '/plugins/' }, [404, 'plugin "" not found'], '=', '='],
  [{ method: 'POST', path: '/plugins/ctc-x/enable' }, [500, 'strconv.Atoi: parsing "": invalid syntax'], '=', '='],
  [{ method: 'POST', path: '/plugins/ctc-x/enable?timeout=-1' }, [404, 'plugin "ctc-x" not found'], '=', '='],
  [
    { method: 'POST', path: '/plugins/ctc-x/enable?timeout=9223372036854775808' },
    [500, 'strconv.Atoi: parsing "9223372036854775808": value out of range'],
    '=',
    '=',
  ],
  [{ method: 'POST', path: '/plugins/ctc-x/disable?force=1' }, [404, 'plugin "ctc-x" not found'], '=', '='],
  [{ method: 'POST', path: '/plugins/ctc-x/set' }, [400, 'got EOF while reading request body'], [404, 'plugin "ctc-x" not found'], '='],
  [
    { method: 'POST', path: '/plugins/ctc-x/set', type: 'text/plain', body: '[]' },
    [404, 'plugin "ctc-x" not found'],
    [400, "unsupported Content-Type header (text/plain): must be 'application/json'"],
    '=',
  ],
  [
    { method: 'POST', path: '/plugins/ctc-x/set', ...json('{}') },
    [400, 'json: cannot unmarshal object into Go value of type []string'],
    [400, 'invalid JSON: json: cannot unmarshal object into Go value of type []string'],
    '=',
  ],
  [
    { method: 'POST', path: '/plugins/ctc-x/set', ...json('["a", 2]') },
    [400, 'json: cannot unmarshal number into Go value of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go value of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into .1 of type string'],
    // 29.7.2 (2026-12-06): its Go names the element's type only, as 26.1's.
    [400, 'invalid JSON: json: cannot unmarshal number into Go value of type string'],
  ],
];

checkObserved('no plugin: the routes answer as each release did', 'ctc-plugins-', OBSERVED);

const name = fc.oneof(
  fc.constantFrom('ctc-x', 'ctc-x:latest', 'ctc/x', 'Ctc', 'a"b', 'é', 'a\\b', ''),
  fc.string({ unit: fc.constantFrom(...'ctc-x:/._ '), maxLength: 8 }),
);
const atoiValue = fc.oneof(
  fc.constantFrom(
    '',
    '5',
    '-1',
    '+5',
    '-',
    '+',
    ' 5',
    '5x',
    '0x5',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775808',
    '99999999999999999999x',
  ),
  fc.bigInt({ min: -(2n ** 66n), max: 2n ** 66n }).map(String),
);
/** Filters of GET /plugins. No refusal names two values: Go's map gives them in a random order (`enabled=[true false]` or `[false true]`). */
const filtersValue = fc.constantFrom(
  '{}',
  '{"capability":["x"]}',
  '{"enabled":["true"]}',
  '{"enabled":["false","x"]}',
  '{"enabled":["1"]}',
  '{"enabled":[]}',
  '{"enabled":null}',
  '{"enabled":{"true":false}}',
  '{"enabled":["x"]}',
  '{"enable":["x"]}',
  'ctc',
  '[]',
  'null',
  '{"a":1}',
);
const QUERY: Readonly<Record<string, fc.Arbitrary<string>>> = { filters: filtersValue, timeout: atoiValue, force: fc.constantFrom('1', 'x', '0', '') };
const query = fc
  .subarray(Object.keys(QUERY))
  .chain((keys) => fc.tuple(...keys.map((key) => QUERY[key]!.map((value) => `${key}=${encodeURIComponent(value)}`))))
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
/** Settings bodies ([]string): one edit away from a list of strings or an object, members of other types, text after the value, nothing. */
const body = fc.oneof(
  { weight: 3, arbitrary: oneEdit(['["a=b", "c\\u00e9"]', '{"Ctc": [1, true]}']) },
  { weight: 2, arbitrary: fc.constantFrom('[1]', '["a", 2]', '[null]', 'null', '"s"', '  ', '', '[', '[] x', '[]]', '{}', '[true, 1]') },
);
const request: fc.Arbitrary<Ask> = fc
  .record({
    route: fc.constantFrom(...PLUGIN_ROUTES),
    name,
    prefix: fc.constantFrom('', '/v1.24', '/v1.41'),
    query,
    type: fc.constantFrom(undefined, 'application/json', 'text/plain'),
    body: fc.option(body, { nil: undefined }),
  })
  .map(({ route, name, prefix, query, type, body }) => ({
    method: route.method,
    path: `${prefix}${route.path.replace('{name}', encodeURIComponent(name))}${query}`,
    ...(route.method === 'POST' && type !== undefined ? { type } : {}),
    ...(route.method === 'POST' && body !== undefined ? { body } : {}),
  }));

checkAgainstRealReleases('the plugin routes with no plugin', 'ctc-plugins-', request, 300);
