import fc from 'fast-check';
import t from 'tap';
import { goMediaType } from '../simulator/engine/go-mime.js';
import { goParseQueryError } from '../simulator/engine/go-query.js';
import { ROUTES_PARSING_FORM_FIRST } from '../simulator/engine/parses-form.js';
import { routeTable } from '../simulator/engine/routes.js';
import { parseArgv, resolveConfig } from '../simulator/index.js';
import { RELEASES } from '../specs/versions.js';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstObservedReleases, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * moby's httputils.ParseForm, which most handlers run first (simulator/engine/go-form.ts,
 * parses-form.ts): generated queries with Go's bad escapes and ";" separators, and bodies typed as
 * forms or with a Content-Type mime cannot parse, on routes that parse the form first, later, or
 * never, compared with each observed release (status and message).
 */

/** Lookups of what does not exist, lists, and a few that change nothing a later request reads. */
const ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/containers/json'],
  ['GET', '/images/json'],
  ['GET', '/networks'],
  ['GET', '/volumes'],
  ['GET', '/system/df'],
  ['GET', '/info'],
  ['GET', '/version'],
  ['GET', '/_ping'],
  ['GET', '/images/ctc-missing/json'],
  ['GET', '/images/ctc-missing/history'],
  ['GET', '/containers/ctc-missing/json'],
  ['GET', '/containers/ctc-missing/logs'],
  ['GET', '/containers/ctc-missing/archive'],
  ['GET', '/exec/ctc-missing/json'],
  ['GET', '/volumes/ctc-missing'],
  ['POST', '/containers/ctc-missing/start'],
  ['POST', '/containers/ctc-missing/wait'],
  ['POST', '/containers/ctc-missing/kill'],
  ['POST', '/containers/ctc-missing/attach'],
  ['DELETE', '/containers/ctc-missing'],
  ['DELETE', '/networks/ctc-missing'],
  ['POST', '/containers/create'],
  ['POST', '/networks/create'],
  ['POST', '/images/load'],
  ['POST', '/images/ctc-missing/tag'],
  ['POST', '/containers/prune'],
  ['PUT', '/containers/ctc-missing/archive'],
];

/** Pairs a query holds: well-formed ones the routes read, and what Go's url.ParseQuery refuses. */
const pair = fc.constantFrom('path=%2F', 'stdout=1', 'repo=ctc', 'a=1', 'a=%zz', '%zz=1', 'a=%', 'a=%2', 'a;b', ';', 'a=1;', '', 'a=%e9', 'a=b%3Bc');
const version = fc.constantFrom('', '/v1.29', '/v1.41', '/v1.44');

/** Bodies and their types: none, JSON, forms (well-formed or not), and types mime cannot parse (or whose parameters it refuses). */
const payload = fc.oneof(
  fc.constant<Pick<Ask, 'type' | 'body'>>({}),
  fc.constant({ type: 'application/json', body: '{}' }),
  fc
    .constantFrom('a=1', 'a=%zz', 'a;b', '', 'x')
    .chain((body) =>
      fc
        .constantFrom(
          'application/x-www-form-urlencoded',
          'Application/X-WWW-Form-Urlencoded; charset=utf-8',
          'application/x-www-form-urlencoded; x',
          'application/x-www-form-urlencoded;',
        )
        .map((type) => ({ type, body })),
    ),
  fc.constantFrom('text/plain;;', 'a b', '/json', 'text/', 'text/plain; a=b; a=c', 'text').map((type) => ({ type, body: '{}' })),
);

const requests: fc.Arbitrary<Ask> = fc
  .record({ route: fc.constantFrom(...ROUTES), version, pairs: fc.array(pair, { maxLength: 3 }), payload })
  .map(({ route: [method, path], version, pairs, payload }) => ({
    method,
    path: `${version}${path}${pairs.length === 0 ? '' : `?${pairs.join('&')}`}`,
    ...(method === 'GET' || method === 'DELETE' ? {} : payload),
  }));

/** The status, and an error's message (a load's error line included) with the directory a load unpacks into (each daemon's own) taken out. */
async function statusAndError(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  const error = status >= 400 || message.includes('"errorDetail"') ? message : '';
  return [status, error.replace(/\/\S*\/docker-import-\d+\//g, '<unpacked>/')];
}

checkAgainstObservedReleases('a form Go cannot parse', 'ctc-form-', requests, 150, { read: statusAndError });

t.test("Go's url.ParseQuery: a ';' anywhere wins, else the first bad escape, quoted as Go quotes it", async (t) => {
  const cases: readonly (readonly [string, string | null])[] = [
    ['a=%zz&b=1;c', 'invalid semicolon separator in query'],
    ['b=1;c&a=%zz', 'invalid semicolon separator in query'],
    ['a=%zz&b=%yy', 'invalid URL escape "%zz"'],
    ['%z=1', 'invalid URL escape "%z"'],
    ['a=%', 'invalid URL escape "%"'],
    ['a=%41&&b=+', null],
  ];
  for (const [query, error] of cases) t.equal(goParseQueryError(query), error, query);
  fc.assert(
    fc.property(fc.array(fc.stringMatching(/^[a-z0-9=+%]{0,6}$/), { maxLength: 4 }), (pairs) => {
      const error = goParseQueryError(pairs.join('&'));
      const wellFormed = pairs.every((p) => !/%(?![0-9a-fA-F]{2})/.test(p));
      t.equal(error === null, wellFormed, `${pairs.join('&')}: ${error}`);
    }),
    { numRuns: 200 },
  );
});

t.test("Go's mime.ParseMediaType: the type, and its error in Go's words", async (t) => {
  const cases: readonly (readonly [string, string | null, string | null])[] = [
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', null],
    [' Text/Plain ; charset="utf-8"', 'text/plain', null],
    ['text/plain;', 'text/plain', null],
    ['text/plain;;', 'text/plain', 'mime: invalid media parameter'],
    ['text/plain; a', 'text/plain', 'mime: invalid media parameter'],
    ['text/plain; a=b; A=c', 'text/plain', 'mime: duplicate parameter name'],
    ['text/plain; a=b c', 'text/plain', 'mime: invalid media parameter'],
    ['text', 'text', null],
    ['text/', null, 'mime: expected token after slash'],
    ['text/plain x', null, 'mime: unexpected content after media subtype'],
    ['/json', null, 'mime: no media type'],
    ['a b', null, 'mime: expected slash after first token'],
    ['', null, 'mime: no media type'],
  ];
  for (const [value, type, error] of cases) t.same(goMediaType(value), { type, error }, JSON.stringify(value));
});

t.test('every route the ParseForm tables name is a route ctrd-sim has at the newest release', async (t) => {
  const newest = RELEASES[RELEASES.length - 1]!.release;
  const table = routeTable(resolveConfig(parseArgv(['--emulate', newest]), { env: {}, readFile: () => null }));
  const known = new Set(table.routes.map((route) => `${route.method} ${route.path}`));
  for (const key of ROUTES_PARSING_FORM_FIRST) t.ok(known.has(key), key);
});
