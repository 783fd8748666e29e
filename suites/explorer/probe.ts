import fc from 'fast-check';
import type { EngineRoute } from '../../specs/engine-routes.js';
import { malformedVersion, numericVersion } from '../arbitraries/versions.js';
import { unknownPath } from '../arbitraries/requests.js';
import { oneEdit } from '../arbitraries/json-text.js';
import { ALL_API_VERSIONS } from '../../specs/versions.js';
import { isRouteNotSent, routesReached } from './explored-routes.js';

/** One generated request, sent alike to both targets. */
export interface Probe {
  readonly method: string;
  /** The route of the table the method and path reach (`/containers/{name}/json`), else the one it was made from, or `(unknown)` for a path no release routes. */
  readonly route: string;
  /** The version written in the path after `/v`, or null for an unversioned path. */
  readonly version: string | null;
  /** The path and query, version prefix included. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export const UNKNOWN_ROUTE = '(unknown)';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const;

/** Names no daemon holds (this tool's `ctc-` prefix): the explorer asks about objects, it makes none. */
const missingName = (slashed: boolean): fc.Arbitrary<string> =>
  slashed ? fc.constantFrom('ctc-missing', 'ctc-missing:1', 'ctc/missing', 'sha256:0000000000000000') : fc.constantFrom('ctc-missing', 'ctc-0');

function filled(route: EngineRoute): fc.Arbitrary<string> {
  const parts = route.path.split(/(\{[a-z]+\})/);
  return fc
    .tuple(...parts.map((part, i) => (part.startsWith('{') ? missingName(route.slashed === true && i === 1) : fc.constant(part))))
    .map((values) => values.join(''));
}

/** Versions below, inside and above every release's range, spellings the daemon compares numerically, and prefixes that are no version. */
const versionPrefix: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 5, arbitrary: fc.constantFrom(...ALL_API_VERSIONS, '1.0', '1.11', '1.99', '2.0') },
  { weight: 1, arbitrary: numericVersion },
  { weight: 1, arbitrary: malformedVersion },
);

/**
 * Query parameters that matter to several routes: flags, filters (valid, empty and malformed); now
 * and then a pair a URL query may not hold (a bad escape, a ";"), which a form parser refuses.
 */
const query: fc.Arbitrary<string> = fc
  .tuple(
    fc.subarray(['all=1', 'size=1', 'force=1', 'filters=%7B%7D', 'filters=%7B%22dangling%22%3A%5B%22true%22%5D%7D', 'filters=ctc', 'v=1']),
    fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(['ctc=%zz', '%zz=1', 'ctc=%2', 'ctc;1'], { minLength: 1 }) }),
  )
  .map(([params, malformed]) => (params.length + malformed.length === 0 ? '' : `?${[...params, ...malformed].join('&')}`));

/**
 * Bodies one edit away from JSON objects whose only fields no route takes (`Ctc…`, one edit from
 * none of the engine's field names): broken in a string, an escape, a number, a literal or between
 * tokens, where releases word the error apart; or still JSON, which the route takes as it takes `{}`.
 */
const EDITED_BODY_BASES = ['{"Ctc": "a\\nb\\u00e9", "CtcList": [-1.5e3, true, null]}', '{"CtcMap": {"x": false}, "CtcNum": 0.5}'];

/** The body and its content type: none, JSON, JSON that is no object the route takes, text, JSON sent as text, or JSON one edit away. */
const payload: fc.Arbitrary<{ headers: Record<string, string>; body?: string }> = fc.oneof(
  fc.constant({ headers: {} }),
  fc.constant({ headers: { 'Content-Type': 'application/json' }, body: '{}' }),
  fc.constant({ headers: { 'Content-Type': 'application/json' }, body: '{"Ctc":1}' }),
  fc.constant({ headers: { 'Content-Type': 'application/json' }, body: '[' }),
  fc.constant({ headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
  // A form, as a form parser reads it (well-formed or not), and a type no media type parser takes.
  fc.constant({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'ctc=1' }),
  fc.constant({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'ctc=%zz' }),
  fc.constant({ headers: { 'Content-Type': 'text/plain;;' }, body: '{}' }),
  { weight: 2, arbitrary: oneEdit(EDITED_BODY_BASES).map((body) => ({ headers: { 'Content-Type': 'application/json' }, body })) },
);

/** A request on one of `routes`: its own method mostly, sometimes another (which the router answers 404, or OPTIONS 200). */
function onRoute(routes: readonly EngineRoute[]): fc.Arbitrary<Omit<Probe, 'version' | 'path'> & { readonly bare: string }> {
  return (
    fc
      .constantFrom(...routes)
      .chain((route) =>
        fc.record({
          route: fc.constant(route),
          method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
          bare: filled(route),
          query: route.path === '/events' ? fc.constant('?since=1&until=2') : query,
          payload,
        }),
      )
      // Never a route not sent, whether the route drawn or the one another method reaches.
      .filter(({ route, method, bare }) => !isRouteNotSent(method, route.path) && !routesReached(method, bare).some((r) => isRouteNotSent(r.method, r.path)))
      .map(({ route, method, bare, query, payload }) => ({
        method,
        // Another method may reach another route (`DELETE /plugins/{name}/disable` is `DELETE /plugins/{name}`): the one reached is named.
        route: method === route.method ? route.path : (routesReached(method, bare)[0]?.path ?? route.path),
        bare: `${bare}${query}`,
        headers: method === 'POST' || method === 'PUT' ? payload.headers : {},
        ...(payload.body === undefined || (method !== 'POST' && method !== 'PUT') ? {} : { body: payload.body }),
      }))
  );
}

const onUnknownPath = fc
  .record({ method: fc.constantFrom(...METHODS), bare: unknownPath })
  .map(({ method, bare }) => ({ method, route: UNKNOWN_ROUTE, bare, headers: {} }));

/** Generated probes over `routes` (none: unknown paths only). */
export function probeArbitrary(routes: readonly EngineRoute[]): fc.Arbitrary<Probe> {
  const request = routes.length === 0 ? onUnknownPath : fc.oneof({ weight: 6, arbitrary: onRoute(routes) }, { weight: 1, arbitrary: onUnknownPath });
  return fc.tuple(versionPrefix, request).map(([version, { bare, ...rest }]) => ({
    ...rest,
    version,
    path: version === null ? bare : `/v${version}${bare}`,
  }));
}

/** The probe in one line: `GET /v1.44/containers/ctc-missing/json [Content-Type: text/plain] {}`. */
export function probeText(probe: Probe): string {
  const headers = Object.entries(probe.headers).map(([k, v]) => `${k}: ${v}`);
  return `${probe.method} ${probe.path}${headers.length === 0 ? '' : ` [${headers.join(', ')}]`}${probe.body === undefined ? '' : ` ${probe.body}`}`;
}
