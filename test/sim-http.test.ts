import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import t from 'tap';
import { IMPLEMENTATIONS, IMPLEMENTED_RULES } from '../simulator/index.js';
import { BodyTooLarge, readBody } from '../simulator/http/body.js';
import { cleanPath, decodePath, escapePath } from '../simulator/http/middleware/clean-path.js';
import { parseRequestLine } from '../simulator/http/raw-request.js';
import { RouteTable, type Route } from '../simulator/http/route.js';
import { startEventStream, startJsonLines } from '../simulator/http/streaming.js';
import { canonicalVersion } from '../simulator/http/middleware/version-compare.js';
import { RULES } from '../specs/index.js';

const route = (method: string, path: string, slashedParams?: string[]): Route => ({
  method,
  path,
  ...(slashedParams === undefined ? {} : { slashedParams }),
  where: 'test',
  rules: [],
  handle() {},
});

t.test('the route table: static, placeholders, placeholders holding "/", methods', async (t) => {
  const table = new RouteTable([
    route('GET', '/_ping'),
    route('GET', '/containers/json'),
    route('GET', '/containers/{name}/json', ['name']),
    route('GET', '/exec/{id}/json'),
    route('POST', '/exec/{name}/start'),
    route('OPTIONS', '*'),
  ]);
  t.equal(table.match('GET', '/_ping')?.route.path, '/_ping');
  t.equal(table.match('HEAD', '/_ping'), null, 'no HEAD unless declared');
  t.equal(table.match('GET', '/_ping/'), null, 'a final slash is another path');
  t.equal(table.match('GET', '/containers/json')?.route.path, '/containers/json', 'a static route beats a placeholder');
  t.same(table.match('GET', '/containers/abc/json')?.params, { name: 'abc' });
  t.same(table.match('GET', '/containers/a/b/json')?.params, { name: 'a/b' }, 'a name with "/"');
  t.same(table.match('GET', '/exec/x/json')?.params, { id: 'x' });
  t.equal(table.match('GET', '/exec/x/y/json'), null, 'an id without "/"');
  t.same(table.match('POST', '/exec/e1/start')?.params, { name: 'e1' });
  t.equal(table.match('OPTIONS', '/anything/at/all')?.route.path, '*');
  t.equal(table.match('GET', '/_ping?x'), null, 'a decoded "?" is part of the path');
  t.equal(table.match('GET', '/_ping%'), null);
  t.same(table.match('GET', '/containers/a%2Fb/json')?.params, { name: 'a%2Fb' }, 'a decoded path is not decoded again');
  t.ok(table.hasPathUnderOtherMethod('POST', '/_ping'));
});

t.test('path cleaning, decoding and escaping as Go and gorilla/mux do them', async (t) => {
  t.equal(cleanPath('//_ping'), '/_ping');
  t.equal(cleanPath('/v1.40/../_ping'), '/_ping');
  t.equal(cleanPath('/a/./b/'), '/a/b/');
  t.equal(cleanPath('x'), '/x');
  t.equal(decodePath('/%5Fping'), '/_ping');
  t.equal(decodePath('/v1.40%2Fversion'), '/v1.40/version');
  t.equal(decodePath('/%zz'), null);
  t.equal(decodePath('/%e2%82%ac'), '/€');
  t.equal(escapePath('/a b/€'), '/a%20b/%E2%82%AC');
  t.equal(escapePath('/v1.40/containers/x:y@z'), '/v1.40/containers/x:y@z');
  const details = fc.check(
    fc.property(fc.string({ unit: fc.constantFrom(...'/.ab%_'), maxLength: 16 }), (path) => {
      const clean = cleanPath(path);
      return clean.startsWith('/') && cleanPath(clean) === clean && !clean.includes('//');
    }),
    { numRuns: 500 },
  );
  t.notOk(details.failed, fc.defaultReportMessage(details) ?? 'cleaning is idempotent');
});

t.test('a request line read from raw bytes', async (t) => {
  t.same(parseRequestLine(Buffer.from('FOO /_ping HTTP/1.1\r\nHost: x\r\n\r\n')), { method: 'FOO', target: '/_ping', version: 'HTTP/1.1' });
  t.equal(parseRequestLine(Buffer.from('F@O /_ping HTTP/1.1\r\n')), null, 'not a token');
  t.equal(parseRequestLine(Buffer.from('FOO /_ping\r\n')), null);
  t.equal(parseRequestLine(undefined), null);
});

t.test('canonical spellings of versions', async (t) => {
  t.equal(canonicalVersion('01.011.0'), '1.11');
  t.equal(canonicalVersion('1.'), '1.0');
  t.equal(canonicalVersion('1.24.0.0'), '1.24');
  t.equal(canonicalVersion('1.24.1'), '1.24.1');
});

/** One server for the helpers that work on live requests. */
async function serve(t: { teardown(fn: () => void): void }, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return (server.address() as AddressInfo).port;
}

function send(
  port: number,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

t.test('request bodies are read up to a limit', async (t) => {
  const port = await serve(t, (req, res) => {
    readBody(req, 16).then(
      (body) => res.end(`read ${body.length}`),
      (error: unknown) => {
        res.statusCode = error instanceof BodyTooLarge ? 413 : 500;
        res.end(String((error as Error).message));
      },
    );
  });
  t.equal((await send(port, 'x'.repeat(16))).body, 'read 16');
  t.match(await send(port, 'x'.repeat(17)), { status: 413, body: 'request body larger than 16 bytes' });
  t.match(await send(port, 'x'.repeat(100), { 'Transfer-Encoding': 'chunked' }), { status: 413 }, 'without Content-Length too');
});

t.test('streamed answers: chunked JSON lines and server-sent events', async (t) => {
  const port = await serve(t, (req, res) => {
    if (req.headers['accept'] === 'text/event-stream') {
      const events = startEventStream(res, ['Api-Version', '1.51']);
      events.send('{"a":1}');
      events.send('two\nlines', 'note');
      events.end();
    } else {
      const lines = startJsonLines(res, 200, ['Api-Version', '1.51']);
      lines.send({ status: 'one' });
      lines.send({ status: 'two' });
      lines.end();
    }
  });
  const json = await send(port, '');
  t.equal(json.headers['transfer-encoding'], 'chunked');
  t.equal(json.headers['content-type'], 'application/json');
  t.equal(json.body, '{"status":"one"}\n{"status":"two"}\n');
  const sse = await send(port, '', { Accept: 'text/event-stream' });
  t.equal(sse.headers['content-type'], 'text/event-stream');
  t.equal(sse.body, 'data: {"a":1}\n\nevent: note\ndata: two\ndata: lines\n\n');
});

t.test('the rule map is derived from the declarations, and names only catalogue rules', async (t) => {
  const ids = new Set(RULES.map((rule) => rule.id));
  for (const { where, rules } of IMPLEMENTATIONS) for (const rule of rules) t.ok(ids.has(rule), `${where}: ${rule} is a rule`);
  t.match(IMPLEMENTED_RULES['api.ping'], /engine\/system\/ping\.ts: GET \/_ping/);
  t.match(IMPLEMENTED_RULES['api.version.too-old'], /http\/middleware\/version-gate\.ts/);
  for (const rule of RULES.filter((r) => r.testability.testable)) t.ok(IMPLEMENTED_RULES[rule.id] !== undefined, `${rule.id} is implemented somewhere`);
});
