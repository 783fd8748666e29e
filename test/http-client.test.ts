import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { HttpClient, HttpClientError, rawExchange } from '../suites/http/client.js';
import { formatEndpoint, parseEndpoint, type Endpoint } from '../suites/http/endpoint.js';

/**
 * The client against servers that misbehave: every request must end within its deadline, with a
 * typed error, whatever the server does (or does not do).
 */

/** Slack for timers and a loaded machine: the bound is the deadline plus this. */
const SLACK_MS = 400;

type Teardown = { teardown(fn: () => void | Promise<void>): void };

async function listen(t: Teardown, server: Server): Promise<Endpoint> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { kind: 'tcp', host: '127.0.0.1', port: (server.address() as { port: number }).port };
}

/** A raw TCP server: `onConnection` gets the socket and the request bytes seen so far. */
const rawServer = (t: Teardown, onRequest: (socket: Socket) => void): Promise<Endpoint> =>
  listen(
    t,
    createServer((socket) => {
      let seen = '';
      socket.on('data', (chunk: Buffer) => {
        const first = !seen.includes('\r\n\r\n');
        seen += chunk.toString('latin1');
        if (first && seen.includes('\r\n\r\n')) onRequest(socket);
      });
    }),
  );

const httpServer = (t: Teardown, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Endpoint> => listen(t, createHttpServer(handler));

/** Runs `fn` and returns the error it rejects with and how long that took. */
async function failure(fn: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await fn();
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('expected a failure');
}

function client(t: Teardown, endpoint: Endpoint, options?: ConstructorParameters<typeof HttpClient>[2]): HttpClient {
  const c = new HttpClient(endpoint, undefined, options);
  t.teardown(() => c.close());
  return c;
}

const codeOf = (error: unknown): string => (error instanceof HttpClientError ? error.code : `not an HttpClientError: ${String(error)}`);

t.test('a server that never answers: HTTP_TIMEOUT at the deadline', async (t) => {
  const endpoint = await rawServer(t, () => {});
  const { error, ms } = await failure(() => client(t, endpoint).request('GET', '/_ping', { timeoutMs: 300 }));
  t.equal(codeOf(error), 'HTTP_TIMEOUT');
  t.ok(ms >= 280 && ms < 300 + SLACK_MS, `ended after ${ms} ms`);
});

t.test('the client default deadline applies when a request gives none', async (t) => {
  const endpoint = await rawServer(t, () => {});
  const { error, ms } = await failure(() => client(t, endpoint, { timeoutMs: 250 }).request('GET', '/'));
  t.equal(codeOf(error), 'HTTP_TIMEOUT');
  t.ok(ms < 250 + SLACK_MS, `ended after ${ms} ms`);
});

t.test('a server that trickles its body: the deadline is total, not idle', async (t) => {
  const endpoint = await rawServer(t, (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n');
    const timer = setInterval(() => socket.write('x'), 20);
    socket.on('close', () => clearInterval(timer));
  });
  const { error, ms } = await failure(() => client(t, endpoint).request('GET', '/', { timeoutMs: 400 }));
  t.equal(codeOf(error), 'HTTP_TIMEOUT');
  t.ok(ms < 400 + SLACK_MS, `ended after ${ms} ms although bytes kept coming`);
});

t.test('a server that trickles its headers', async (t) => {
  const endpoint = await rawServer(t, (socket) => {
    const head = `HTTP/1.1 200 OK\r\nX-Slow: ${'a'.repeat(1000)}`;
    let i = 0;
    const timer = setInterval(() => socket.write(head[i++ % head.length]!), 10);
    socket.on('close', () => clearInterval(timer));
  });
  const { error, ms } = await failure(() => client(t, endpoint).request('GET', '/', { timeoutMs: 300 }));
  t.equal(codeOf(error), 'HTTP_TIMEOUT');
  t.ok(ms < 300 + SLACK_MS, `ended after ${ms} ms`);
});

t.test('an endless body: HTTP_BODY_TOO_LARGE at the cap, HTTP_TIMEOUT at the deadline, or cut and marked', async (t) => {
  const endpoint = await httpServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const block = Buffer.alloc(64 * 1024, 'y');
    const pump = (): void => {
      while (res.write(block)) if (res.destroyed) return;
      res.once('drain', pump);
    };
    res.on('error', () => {});
    pump();
  });
  const c = client(t, endpoint);
  const big = await failure(() => c.request('GET', '/', { maxBodyBytes: 1 << 20, timeoutMs: 5_000 }));
  t.equal(codeOf(big.error), 'HTTP_BODY_TOO_LARGE');
  t.ok(big.ms < 5_000, `ended after ${big.ms} ms`);
  const slow = await failure(() => c.request('GET', '/', { maxBodyBytes: Number.MAX_SAFE_INTEGER, timeoutMs: 300 }));
  t.equal(codeOf(slow.error), 'HTTP_TIMEOUT');
  t.ok(slow.ms < 300 + SLACK_MS, `ended after ${slow.ms} ms`);
  const cut = await c.request('GET', '/', { maxBodyBytes: 100_000, tooLarge: 'truncate' });
  t.equal(cut.truncated, true);
  t.equal(cut.body.length, 100_000);
  t.equal(cut.status, 200);
});

t.test('drained: a body over the cap is read to its end (no error), its first bytes kept and the reply marked', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 1, max: 100_000 }), async (length, cap) => {
      const endpoint = await httpServer(t, (_req, res) => {
        res.writeHead(200, { 'content-length': String(length) });
        res.end(Buffer.alloc(length, 'z'));
      });
      const reply = await client(t, endpoint).request('GET', '/', { maxBodyBytes: cap, tooLarge: 'drain', timeoutMs: 5_000 });
      t.equal(reply.status, 200);
      t.equal(reply.body.length, Math.min(length, cap), 'the first bytes kept, up to the cap');
      t.equal(reply.truncated === true, length > cap, 'marked truncated exactly when over the cap');
    }),
    { numRuns: 15, seed: 20261127 },
  );
});

t.test('garbage instead of HTTP: HTTP_PROTOCOL at once', async (t) => {
  const endpoint = await rawServer(t, (socket) => socket.write('\x00\x01 this is not HTTP\r\n\r\n'));
  const { error, ms } = await failure(() => client(t, endpoint).request('GET', '/', { timeoutMs: 5_000 }));
  t.equal(codeOf(error), 'HTTP_PROTOCOL');
  t.ok(ms < 1_000, `ended after ${ms} ms`);
});

t.test('a HEAD answer followed by a body: HTTP_PROTOCOL, not a request that never settles', async (t) => {
  const endpoint = await rawServer(t, (socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK'));
  const { error, ms } = await failure(() => client(t, endpoint).request('HEAD', '/_ping', { timeoutMs: 5_000 }));
  t.equal(codeOf(error), 'HTTP_PROTOCOL');
  t.match((error as Error).message, /^HEAD \/_ping: the answer broke HTTP\/1\.1 \(HPE_/);
  t.ok(ms < 1_000, `ended after ${ms} ms`);
});

t.test('a connection closed in the middle of the body: HTTP_CONNECTION', async (t) => {
  const endpoint = await rawServer(t, (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly a part');
    setTimeout(() => socket.destroy(), 20);
  });
  const { error } = await failure(() => client(t, endpoint).request('GET', '/', { timeoutMs: 5_000 }));
  t.equal(codeOf(error), 'HTTP_CONNECTION');
});

t.test('a kept-alive connection the server drops: an idempotent request is sent again on a fresh one, once per stale connection', async (t) => {
  // Each connection answers its first request and resets on the second, as a server closing an idle connection does.
  let connections = 0;
  const endpoint = await listen(
    t,
    createServer((socket) => {
      connections += 1;
      let requests = 0;
      let seen = '';
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1');
        while (seen.includes('\r\n\r\n')) {
          seen = seen.slice(seen.indexOf('\r\n\r\n') + 4);
          requests += 1;
          if (requests === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK');
          else socket.resetAndDestroy();
        }
      });
    }),
  );
  const c = client(t, endpoint);
  for (let i = 0; i < 3; i += 1) t.equal((await c.request('GET', '/_ping')).body, 'OK', `GET ${i + 1} answered`);
  t.equal(connections, 3, 'each stale connection was replaced by a fresh one');
  const { error } = await failure(() => c.request('POST', '/containers/create', { json: {} }));
  t.equal(codeOf(error), 'HTTP_CONNECTION', 'a POST is never sent twice');
});

t.test('a server that resets fresh connections: HTTP_CONNECTION, no retry', async (t) => {
  let connections = 0;
  const endpoint = await rawServer(t, (socket) => {
    connections += 1;
    socket.resetAndDestroy();
  });
  const { error } = await failure(() => client(t, endpoint).request('GET', '/_ping', { timeoutMs: 5_000 }));
  t.equal(codeOf(error), 'HTTP_CONNECTION');
  t.equal(connections, 1);
});

t.test('nothing listening: HTTP_CONNECTION', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-http-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { error } = await failure(() => client(t, { kind: 'unix', path: join(dir, 'none.sock') }).request('GET', '/_ping'));
  t.equal(codeOf(error), 'HTTP_CONNECTION');
});

t.test('an AbortSignal ends a request at once, per request or for the whole client', async (t) => {
  const endpoint = await rawServer(t, () => {});
  const c = client(t, endpoint);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const aborted = await failure(() => c.request('GET', '/', { timeoutMs: 10_000, signal: controller.signal }));
  t.equal(codeOf(aborted.error), 'HTTP_ABORTED');
  t.ok(aborted.ms < 100 + SLACK_MS, `ended after ${aborted.ms} ms`);

  const cell = new AbortController();
  const view = c.with({ signal: cell.signal });
  setTimeout(() => cell.abort(), 50);
  const viaClient = await failure(() => view.request('GET', '/', { timeoutMs: 10_000 }));
  t.equal(codeOf(viaClient.error), 'HTTP_ABORTED');
  const already = await failure(() => view.request('GET', '/'));
  t.equal(codeOf(already.error), 'HTTP_ABORTED', 'an aborted signal refuses new requests');
  t.ok(already.ms < 50);
});

t.test('request bodies: string, Buffer and JSON, with their content type', async (t) => {
  const endpoint = await httpServer(t, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: req.headers['content-type'] ?? null,
          length: req.headers['content-length'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
          url: req.url,
        }),
      );
    });
  });
  const c = client(t, endpoint);
  const echo = async (options: Parameters<HttpClient['request']>[2]): Promise<Record<string, unknown>> =>
    JSON.parse((await c.request('POST', '/echo', options)).body) as Record<string, unknown>;
  const doc = '{"model":"m","n":1}';
  t.same(await echo({ json: { model: 'm', n: 1 } }), { type: 'application/json', length: String(doc.length), body: doc, url: '/echo' });
  t.same(await echo({ body: 'héllo', headers: { 'Content-Type': 'text/plain' } }), {
    type: 'text/plain',
    length: String(Buffer.byteLength('héllo')),
    body: 'héllo',
    url: '/echo',
  });
  t.same(await echo({ body: Buffer.from([0x61, 0x62]) }), { type: null, length: '2', body: 'ab', url: '/echo' });
  t.same(await echo({ json: [1], headers: { 'content-type': 'application/x-custom+json' } }), {
    type: 'application/x-custom+json',
    length: '3',
    body: '[1]',
    url: '/echo',
  });

  const based = client(t, parseEndpoint(`http://127.0.0.1:${endpoint.kind === 'tcp' ? endpoint.port : 0}/engines/v1/`));
  t.equal((JSON.parse((await based.request('GET', '/models')).body) as { url: string }).url, '/engines/v1/models', 'the base path prefixes every path');
});

t.test('the observer sees request bodies and answers', async (t) => {
  const endpoint = await httpServer(t, (req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  const seen: string[] = [];
  const c = new HttpClient(endpoint, (method, path, reply, sent) =>
    seen.push(`${method} ${path} ${reply.status} ${reply.body} ${sent?.body?.toString('utf8') ?? '-'}`),
  );
  t.teardown(() => c.close());
  await c.request('POST', '/x', { json: { a: 1 } });
  await c.request('GET', '/y');
  t.same(seen, ['POST /x 200 ok {"a":1}', 'GET /y 200 ok -']);
});

t.test('streams: chunks as they come, server-sent events up to [DONE]', async (t) => {
  const endpoint = await httpServer(t, (req, res) => {
    if (req.url === '/chunks') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`part${n++};`);
        if (n === 3) {
          clearInterval(timer);
          res.end();
        }
      }, 10);
      return;
    }
    if (req.url === '/sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': a comment\n\ndata: {"a":1}\n\nevent: note\ndata: line one\ndata: line two\n\n');
      // An event split across writes, and \r\n line ends.
      res.write('data: {"b"');
      setTimeout(() => res.end(':2}\r\n\r\ndata: [DONE]\n\ndata: after done\n\n'), 20);
      return;
    }
    // Endless events: only the deadline ends the stream.
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const timer = setInterval(() => res.write('data: tick\n\n'), 20);
    res.on('close', () => clearInterval(timer));
  });
  const c = client(t, endpoint);

  const chunks = await c.stream('GET', '/chunks');
  t.equal(chunks.status, 200);
  let text = '';
  for await (const chunk of chunks.chunks()) text += chunk.toString('utf8');
  t.equal(text, 'part0;part1;part2;');

  const sse = await c.stream('GET', '/sse');
  const events = [];
  for await (const event of sse.events()) events.push(event);
  t.same(events, [
    { data: '{"a":1}', done: false },
    { data: 'line one\nline two', done: false, event: 'note' },
    { data: '{"b":2}', done: false },
    { data: '[DONE]', done: true },
  ]);

  const endless = await c.stream('GET', '/endless', { timeoutMs: 300 });
  const started = Date.now();
  let ticks = 0;
  const { error } = await failure(async () => {
    for await (const event of endless.events()) if (event.data === 'tick') ticks++;
  });
  t.equal(codeOf(error), 'HTTP_TIMEOUT');
  t.ok(ticks > 0, `events arrived before the deadline (${ticks})`);
  t.ok(Date.now() - started < 300 + SLACK_MS);

  const cancelled = await c.stream('GET', '/endless', { timeoutMs: 10_000 });
  for await (const event of cancelled.events()) {
    t.equal(event.data, 'tick');
    break;
  }
  t.pass('leaving the loop early ends the stream');
});

t.test('rawExchange ends at its deadline on a server that never closes', async (t) => {
  const endpoint = await rawServer(t, (socket) => socket.write('HTTP/1.1 200 OK\r\n'));
  const started = Date.now();
  const answer = await rawExchange(endpoint, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', { timeoutMs: 300 });
  t.equal(answer.closed, false);
  t.equal(answer.received, 'HTTP/1.1 200 OK\r\n');
  t.ok(Date.now() - started < 300 + SLACK_MS);
});

t.test('rawExchange untilHead: ends once a whole answer head has come, without waiting for a close', async (t) => {
  const endpoint = await rawServer(t, (socket) => {
    socket.write('HTTP/1.1 400 Bad');
    setTimeout(() => socket.write(' Request\r\nContent-Length: 0\r\n\r\n'), 50);
  });
  const started = Date.now();
  const answer = await rawExchange(endpoint, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', { timeoutMs: 5_000, untilHead: true });
  t.equal(answer.closed, false);
  t.equal(answer.received, 'HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  t.ok(Date.now() - started < 5_000, 'before the deadline');
});

t.test('rawExchange endAfterWrite: the peer reads end of stream, and its answer is still read', async (t) => {
  const request = 'POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc';
  const endpoint = await listen(
    t,
    createServer({ allowHalfOpen: true }, (socket) => {
      let got = '';
      socket.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
      // Answered only once the end of stream is read: no end, no answer.
      socket.on('end', () => socket.end(`HTTP/1.1 400 Bad Request\r\nX-Got: ${got.length}\r\n\r\n`));
    }),
  );
  const answer = await rawExchange(endpoint, request, { timeoutMs: 5_000, endAfterWrite: true });
  t.equal(answer.closed, true);
  t.equal(answer.received, `HTTP/1.1 400 Bad Request\r\nX-Got: ${request.length}\r\n\r\n`);
});

t.test('endpoints: https and base paths parse and print', async (t) => {
  t.same(parseEndpoint('https://127.0.0.1:2376/base/'), { kind: 'tcp', host: '127.0.0.1', port: 2376, basePath: '/base', tls: {} });
  t.same(parseEndpoint('http://localhost:12434/engines/v1'), { kind: 'tcp', host: 'localhost', port: 12434, basePath: '/engines/v1' });
  t.same(parseEndpoint('tcp://[::1]:2375'), { kind: 'tcp', host: '::1', port: 2375 });
  t.same(parseEndpoint('unix:///run/x.sock'), { kind: 'unix', path: '/run/x.sock' });
  t.equal(formatEndpoint(parseEndpoint('https://127.0.0.1:2376/base')), 'https://127.0.0.1:2376/base');
  t.equal(formatEndpoint(parseEndpoint('tcp://127.0.0.1:2375')), 'tcp://127.0.0.1:2375');
  t.throws(() => parseEndpoint('https://10.1.2.3:2376'), { code: 'ENDPOINT_NOT_LOOPBACK' });
  t.throws(() => parseEndpoint('ftp://127.0.0.1:1'), { code: 'ENDPOINT_FORMAT' });
  t.throws(() => parseEndpoint('unix://relative.sock'), { code: 'ENDPOINT_FORMAT' });
});

const openssl = spawnSync('openssl', ['version']).status === 0;
t.test('https with a CA and a server name', { skip: openssl ? false : 'openssl not installed' }, async (t) => {
  const dir = mkdtempSync('/tmp/ctc-tls-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=ctrd.test',
      '-addext',
      'subjectAltName=DNS:ctrd.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  t.equal(made.status, 0, made.stderr);
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const server = createHttpsServer({ cert, key: readFileSync(join(dir, 'key.pem'), 'utf8') }, (req, res) => res.end(`secure ${req.url}`));
  const plain = await listen(t, server as unknown as Server);
  const port = plain.kind === 'tcp' ? plain.port : 0;
  const good = client(t, parseEndpoint(`https://127.0.0.1:${port}/v`, false, { ca: cert, servername: 'ctrd.test' }));
  t.equal((await good.request('GET', '/_ping')).body, 'secure /v/_ping');
  const untrusted = client(t, parseEndpoint(`https://127.0.0.1:${port}`));
  t.equal(codeOf((await failure(() => untrusted.request('GET', '/_ping'))).error), 'HTTP_CONNECTION', 'an unknown CA is refused');
  const raw = await rawExchange(
    parseEndpoint(`https://127.0.0.1:${port}`, false, { ca: cert, servername: 'ctrd.test' }),
    'GET /raw HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    { timeoutMs: 2_000 },
  );
  t.match(raw.received, /secure \/raw$/);
});

t.test('a server that answers and closes while a large body is still being sent: each request gets its answer, no uncaught EPIPE', async (t) => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown): void => void uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  t.teardown(() => void process.off('uncaughtException', onUncaught));
  const dir = mkdtempSync('/tmp/ctc-epipe-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 's.sock');
  // A daemon refusing a body over its limit: it answers from the head and closes.
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => {
      socket.end('HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{"message":"no"}');
      setTimeout(() => socket.destroy(), 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const c = client(t, { kind: 'unix', path });
  const statuses: string[] = [];
  for (let i = 0; i < 20; i++) {
    try {
      statuses.push(String((await c.request('POST', '/x', { body: Buffer.alloc(4 * 1024 * 1024 + 1, 97), timeoutMs: 5_000 })).status));
    } catch (error) {
      statuses.push(codeOf(error));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.same(uncaught, [], 'no error escapes as uncaught');
  t.ok(statuses.includes('500'), `the answers are read: ${statuses.join(' ')}`);
  t.ok(
    statuses.every((status) => status === '500' || status.startsWith('HTTP_')),
    `each request ends with the answer or a typed error: ${statuses.join(' ')}`,
  );
});
