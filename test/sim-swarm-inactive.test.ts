import fc from 'fast-check';
import { oneEdit } from '../suites/arbitraries/json-text.js';
import { SWARM_ROUTES } from '../simulator/engine/swarm/routes.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed } from './helpers/real-versus-sim.js';

/**
 * The swarm routes of a daemon that is no swarm member (simulator/engine/swarm/): what each
 * reads from the request is refused in the release's words, else the cluster's 503. The table is
 * what the releases answered; the property sends generated requests to each real release and to
 * ctrd-sim emulating it.
 */

const NOT_MANAGER = 'This node is not a swarm manager. Use "docker swarm init" or "docker swarm join" to connect this node to swarm and try again.';

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27 ('=': as the release before it).
const OBSERVED: Observed = [
  [{ method: 'GET', path: '/services' }, [503, NOT_MANAGER], '=', '='],
  [{ method: 'GET', path: '/tasks?filters=ctc' }, [500, "invalid character 'c' looking for beginning of value"], [400, 'invalid filter'], '='],
  [{ method: 'GET', path: '/services?filters=ctc' }, [400, "invalid character 'c' looking for beginning of value"], [400, 'invalid filter'], '='],
  [{ method: 'GET', path: '/v1.40/services?status=yes' }, [503, NOT_MANAGER], '=', '='],
  [{ method: 'GET', path: '/services?status=yes' }, [400, 'invalid value for status: yes: strconv.ParseBool: parsing "yes": invalid syntax'], '=', '='],
  [
    { method: 'GET', path: '/services/ctc-x?insertDefaults=x' },
    [400, 'invalid value for insertDefaults: x: strconv.ParseBool: parsing "x": invalid syntax'],
    '=',
    '=',
  ],
  [{ method: 'GET', path: '/v1.41/tasks/ctc-x/logs' }, [500, 'Bad parameters: you must choose at least one stream'], '=', '='],
  [{ method: 'GET', path: '/tasks/ctc-x/logs?stdout=x' }, [503, NOT_MANAGER], '=', '='],
  [{ method: 'DELETE', path: '/nodes/ctc-x?force=1' }, [503, NOT_MANAGER], '=', '='],
  [{ method: 'POST', path: '/swarm/leave', ...json('[') }, [503, 'This node is not part of a swarm'], '=', '='],
  [{ method: 'POST', path: '/services/create' }, [400, 'got EOF while reading request body'], [503, NOT_MANAGER], '='],
  [
    { method: 'POST', path: '/secrets/create', ...json('  ') },
    [400, 'got EOF while reading request body'],
    [400, 'invalid JSON: got EOF while reading request body'],
    '=',
  ],
  [{ method: 'POST', path: '/configs/create', ...json('[') }, [400, 'unexpected EOF'], [400, 'invalid JSON: unexpected EOF'], '='],
  [
    { method: 'POST', path: '/swarm/unlock', ...json('[]') },
    [400, 'json: cannot unmarshal array into Go value of type swarm.UnlockRequest'],
    [400, 'invalid JSON: json: cannot unmarshal array into Go value of type swarm.UnlockRequest'],
    '=',
  ],
  [{ method: 'POST', path: '/services/create', ...json('{}x') }, [503, NOT_MANAGER], [400, 'unexpected content after JSON'], '='],
  [
    { method: 'POST', path: '/services/create', type: 'text/plain', body: '{}' },
    [503, NOT_MANAGER],
    [400, "unsupported Content-Type header (text/plain): must be 'application/json'"],
    '=',
  ],
  [{ method: 'POST', path: '/secrets/create', body: '{}' }, [503, NOT_MANAGER], [400, 'malformed Content-Type header (): mime: no media type'], '='],
  [{ method: 'POST', path: '/configs/ctc-x/update' }, [400, 'got EOF while reading request body'], [400, 'invalid config version'], '='],
  [
    { method: 'POST', path: '/nodes/ctc-x/update?version=99999999999999999999x', ...json('{}') },
    [400, `invalid node version '99999999999999999999x': strconv.ParseUint: parsing "99999999999999999999x": value out of range`],
    '=',
    '=',
  ],
  [
    { method: 'POST', path: '/services/ctc-x/update?version=a%22b', ...json('{}') },
    [400, `invalid service version 'a"b': strconv.ParseUint: parsing "a\\"b": invalid syntax`],
    '=',
    '=',
  ],
  [{ method: 'POST', path: '/secrets/ctc-x/update?version=18446744073709551615', ...json('null') }, [503, NOT_MANAGER], '=', '='],
  [
    { method: 'POST', path: '/swarm/update?version=1&rotateManagerUnlockKey=x&rotateManagerToken=y', ...json('{}') },
    [400, 'invalid value for rotateManagerToken: y'],
    '=',
    '=',
  ],
  [
    { method: 'POST', path: '/swarm/update?version=x&rotateWorkerToken=y', ...json('{}') },
    [400, `invalid swarm version 'x': strconv.ParseUint: parsing "x": invalid syntax`],
    '=',
    '=',
  ],
];

checkObserved('an inactive swarm answers as each release did', 'ctc-swarm-', OBSERVED);

const filters = (path: string, value: unknown): Ask => ({ method: 'GET', path: `${path}?filters=${encodeURIComponent(JSON.stringify(value))}` });

/**
 * The lists' filters from 29.0 (observed on 29.7.2, 2026-12-05; the earlier releases on the same
 * day): every list but the tasks' checks its keys, and the nodes' list its role and membership
 * values, before the cluster answers.
 */
const KEYS_CHECKED: Observed = [
  [filters('/secrets', { dangling: ['true'] }), [503, NOT_MANAGER], '=', '=', [400, "invalid filter 'dangling'"]],
  [filters('/secrets', { names: ['a'] }), [503, NOT_MANAGER], '=', '=', '='],
  [filters('/configs', { names: ['a'] }), [503, NOT_MANAGER], '=', '=', [400, "invalid filter 'names'"]],
  [filters('/services', { runtime: ['x'], bogus: ['y'] }), [503, NOT_MANAGER], '=', '=', [400, "invalid filter 'bogus'"]],
  [filters('/services', { mode: ['x'] }), [503, NOT_MANAGER], '=', '=', '='],
  [filters('/tasks', { bogus: ['x'] }), [503, NOT_MANAGER], '=', '=', '='],
  [filters('/nodes', { role: ['x'] }), [503, NOT_MANAGER], '=', '=', [500, "Invalid role filter: 'x'"]],
  [filters('/nodes', { role: ['manager'], membership: ['x'] }), [503, NOT_MANAGER], '=', '=', [500, "Invalid membership filter: 'x'"]],
  [filters('/nodes', { 'node.label': ['a=b'], Role: ['x'] }), [503, NOT_MANAGER], '=', '=', [400, "invalid filter 'Role'"]],
  [filters('/v1.40/secrets', { bogus: ['x'] }), [503, NOT_MANAGER], '=', '=', [400, "invalid filter 'bogus'"]],
];

checkObserved("the lists' filter keys before the cluster, from 29.0", 'ctc-swarm-', KEYS_CHECKED);

/** Values a route parses with Go's strconv (versions, booleans) or BoolValue (streams), and the filters' JSON. */
const versionValue = fc.oneof(
  fc.constantFrom('', '0', '1', '01', '-1', '+1', ' 1', '1x', 'x', 'é', '1_0', '18446744073709551615', '18446744073709551616', '99999999999999999999x'),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
);
const boolValue = fc.constantFrom('', '1', '0', 't', 'T', 'TRUE', 'True', 'false', 'x', 'yes', ' true');
const streamValue = fc.constantFrom('0', '1', 'x', 'no', 'yes', 'none', 'False');
const filtersValue = fc.constantFrom('{}', '{"a":["b"]}', '{"a":{"b":true}}', 'ctc', '{"a":1}', '[]', 'null', '{} x', '{"a":');
const QUERY_KEYS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  version: versionValue,
  rotateWorkerToken: boolValue,
  rotateManagerToken: boolValue,
  rotateManagerUnlockKey: boolValue,
  status: boolValue,
  insertDefaults: boolValue,
  stdout: streamValue,
  stderr: streamValue,
  filters: filtersValue,
  force: boolValue,
};
const query = fc
  .subarray(Object.keys(QUERY_KEYS))
  .chain((keys) => fc.tuple(...keys.map((key) => QUERY_KEYS[key]!.map((value) => `${key}=${encodeURIComponent(value)}`))))
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));

/**
 * Spec bodies: a JSON object one edit away (its known fields keep their types: the simulator does
 * not read the fields, which the cluster never reaches), JSON that is no object, text after the
 * value, nothing but spaces, or nothing; with application/json, a charset, another type or none.
 */
const SPEC_BASES = ['{"Name": "ctc-x", "Labels": {"a": "b\\u00e9"}, "Ctc": [1.5e3, true, null]}', '{"UnlockKey": "x", "CtcNum": -0.5}'];
const body = fc.oneof(
  { weight: 4, arbitrary: oneEdit(SPEC_BASES) },
  { weight: 2, arbitrary: fc.constantFrom('{}', '[]', '1', '"s"', 'true', 'null', '{} {}', '{}x', '{}]', '  ', '', '[') },
);
const type = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain');
const request: fc.Arbitrary<Ask> = fc
  .record({
    route: fc.constantFrom(...SWARM_ROUTES),
    prefix: fc.constantFrom('', '/v1.24', '/v1.41'),
    query,
    type,
    body: fc.option(body, { nil: undefined }),
  })
  .map(({ route, prefix, query, type, body }) => ({
    method: route.method,
    path: `${prefix}${route.path.replace(/\{[a-z]+\}/g, 'ctc-x')}${query}`,
    ...(route.method === 'POST' && type !== undefined ? { type } : {}),
    ...(route.method === 'POST' && body !== undefined ? { body } : {}),
  }));

checkAgainstRealReleases('the swarm routes', 'ctc-swarm-', request, 300);
