import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { REWRITE_AFTER_MS } from '../simulator/client-faults/answer-rewrite.js';
import { PACE_HIGH_WATER } from '../simulator/client-faults/body-pacer.js';
import { injectFault } from '../simulator/client-faults/inject.js';
import type { ClientFaultEntry } from '../simulator/client-faults/index.js';
import { writeFaultsFile } from './helpers/client-faults-file.js';

/**
 * What each kind of fault does to an answer, whatever way the handler writes it (writeHead with a
 * flat list or an object, setHeader then end, one end or many writes): a property over generated
 * bodies, write patterns and parameters, against a real node:http server and client.
 */

/** How a handler writes its answer: the head's form and the body's pieces. */
interface Answer {
  readonly status: number;
  readonly head: 'flat' | 'object' | 'implicit';
  readonly pieces: readonly Buffer[];
  readonly framing: 'length' | 'chunked';
}

const answerArb: fc.Arbitrary<Answer> = fc.record({
  status: fc.constantFrom(200, 201, 404, 500),
  head: fc.constantFrom('flat', 'object', 'implicit'),
  pieces: fc.array(
    fc.uint8Array({ minLength: 0, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    { minLength: 1, maxLength: 5 },
  ),
  framing: fc.constantFrom('length', 'chunked'),
});

function write(res: ServerResponse, answer: Answer): void {
  const body = Buffer.concat(answer.pieces);
  const length = answer.framing === 'length' ? ['Content-Length', String(body.length)] : [];
  if (answer.head === 'flat') res.writeHead(answer.status, ['Content-Type', 'application/json', 'X-Kept', 'yes', ...length]);
  else if (answer.head === 'object')
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'X-Kept': 'yes', ...(length.length > 0 ? { 'Content-Length': length[1] } : {}) });
  else {
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('X-Kept', 'yes');
    if (length.length > 0) res.setHeader('Content-Length', length[1]!);
  }
  answer.pieces.slice(0, -1).forEach((piece) => res.write(piece));
  res.end(answer.pieces.at(-1));
}

interface Received {
  readonly status: number | null;
  readonly type: string | undefined;
  readonly kept: string | undefined;
  readonly length: string | undefined;
  readonly body: Buffer;
  readonly ended: boolean;
}

function get(socketPath: string): Promise<Received> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let res: IncomingMessage | undefined;
    const done = (ended: boolean) =>
      resolve({
        status: res?.statusCode ?? null,
        type: res?.headers['content-type'],
        kept: res?.headers['x-kept'] as string | undefined,
        length: res?.headers['content-length'],
        body: Buffer.concat(parts),
        ended,
      });
    const req = request({ socketPath, path: '/x', agent: false }, (r) => {
      res = r;
      r.on('data', (chunk: Buffer) => parts.push(chunk));
      r.on('end', () => done(true));
      r.on('error', () => done(false));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

/** A server whose every request gets `current.entry`'s fault over `current.answer`. */
async function faultyServer(t: Test) {
  const { dir } = writeFaultsFile(t, {});
  const socketPath = join(dir, 'a.sock');
  const current: { entry: ClientFaultEntry; answer: Answer } = {
    entry: { kind: 'drop', probability: 1 },
    answer: { status: 200, head: 'flat', pieces: [], framing: 'length' },
  };
  const server: Server = createServer((req, res) => injectFault(current.entry, req, res, (_, r) => write(r, current.answer)));
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { socketPath, current };
}

const entryOf = (fields: Record<string, unknown>): ClientFaultEntry => ({ probability: 1, ...fields }) as ClientFaultEntry;

/** The kinds whose body arrives whole and unchanged: only the timing (or the type) differs. */
const wholeArb = fc.oneof(
  fc.record({ kind: fc.constant('delay'), ms: fc.integer({ min: 0, max: 5 }) }),
  fc.record({
    kind: fc.constant('slow'),
    chunkBytes: fc.integer({ min: 1, max: 400 }),
    intervalMs: fc.integer({ min: 1, max: 3 }),
    maxMs: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant('stall'), afterBytes: fc.nat({ max: 400 }), ms: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('content-type'), contentType: fc.constantFrom('text/html; charset=utf-8', 'application/octet-stream') }),
);

t.test('delay, slow, stall and content-type: the body whole and unchanged, the status and other headers kept', async (t) => {
  const server = await faultyServer(t);
  await fc.assert(
    fc.asyncProperty(wholeArb, answerArb, async (fields, answer) => {
      server.current.entry = entryOf(fields);
      server.current.answer = answer;
      const got = await get(server.socketPath);
      if (!got.ended) throw new Error('the answer did not end');
      if (got.status !== answer.status || got.kept !== 'yes') throw new Error(`status ${got.status}, X-Kept ${got.kept}`);
      if (!got.body.equals(Buffer.concat(answer.pieces))) throw new Error('the body changed');
      const type = fields.kind === 'content-type' ? fields.contentType : 'application/json';
      if (got.type !== type) throw new Error(`Content-Type ${got.type}, wanted ${type}`);
    }),
    { numRuns: 60 },
  );
});

t.test('truncate and malformed-json: a well-framed body, cut or with a NUL in its middle', async (t) => {
  const server = await faultyServer(t);
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.record({ kind: fc.constant('truncate'), keepBytes: fc.nat({ max: 2000 }) }, { requiredKeys: ['kind'] }),
        fc.record({ kind: fc.constant('malformed-json') }),
      ),
      answerArb,
      async (fields, answer) => {
        server.current.entry = entryOf(fields);
        server.current.answer = answer;
        const body = Buffer.concat(answer.pieces);
        const got = await get(server.socketPath);
        if (!got.ended || got.status !== answer.status || got.kept !== 'yes' || got.type !== 'application/json') throw new Error(`head ${JSON.stringify(got)}`);
        if (got.length !== String(got.body.length)) throw new Error(`Content-Length ${got.length} for ${got.body.length} bytes`);
        const wanted =
          fields.kind === 'truncate'
            ? body.subarray(0, Math.min(body.length, 'keepBytes' in fields && fields.keepBytes !== undefined ? fields.keepBytes : Math.floor(body.length / 2)))
            : Buffer.concat([body.subarray(0, Math.floor(body.length / 2)), Buffer.from([0]), body.subarray(Math.floor(body.length / 2))]);
        if (!got.body.equals(wanted)) throw new Error(`body of ${got.body.length} bytes, wanted ${wanted.length}`);
      },
    ),
    { numRuns: 60 },
  );
});

t.test('reset and stall-then-close: exactly afterBytes of a longer body, then no end; a shorter body whole', async (t) => {
  const server = await faultyServer(t);
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.record({ kind: fc.constant('reset'), afterBytes: fc.nat({ max: 600 }) }),
        fc.record({ kind: fc.constant('stall'), afterBytes: fc.nat({ max: 600 }), ms: fc.integer({ min: 1, max: 5 }), afterwards: fc.constant('close') }),
      ),
      answerArb.filter((a) => a.framing === 'length'),
      async (fields, answer) => {
        server.current.entry = entryOf(fields);
        server.current.answer = answer;
        const body = Buffer.concat(answer.pieces);
        const got = await get(server.socketPath);
        if (got.status !== answer.status) throw new Error(`status ${got.status}`);
        if (fields.afterBytes < body.length) {
          if (got.ended || !got.body.equals(body.subarray(0, fields.afterBytes)))
            throw new Error(`${got.body.length} bytes, ended ${got.ended}; wanted ${fields.afterBytes} and no end`);
        } else if (!got.body.equals(body)) throw new Error('a body no longer than afterBytes is whole');
      },
    ),
    { numRuns: 60 },
  );
});

t.test('drop and http-error: the handler is never asked', async (t) => {
  const server = await faultyServer(t);
  server.current.answer = { status: 200, head: 'flat', pieces: [Buffer.from('{}')], framing: 'length' };
  server.current.entry = entryOf({ kind: 'drop' });
  const dropped = await get(server.socketPath);
  t.equal(dropped.status, null);
  t.notOk(dropped.ended);
  server.current.entry = entryOf({ kind: 'http-error', status: 503, message: 'nope' });
  const refused = await get(server.socketPath);
  t.equal(refused.status, 503);
  t.equal(refused.body.toString(), '{"message":"nope"}\n');
  t.equal(refused.kept, undefined, "none of the handler's headers");
});

t.test('truncate on an answer that never ends (a stream): rewritten and ended after REWRITE_AFTER_MS', async (t) => {
  const { dir } = writeFaultsFile(t, {});
  const socketPath = join(dir, 's.sock');
  let handlerSawClose = false;
  const server = createServer((req, res) =>
    injectFault(entryOf({ kind: 'truncate', keepBytes: 4 }), req, res, (_, r) => {
      r.writeHead(200, ['Content-Type', 'application/json']);
      r.write('{"status":"stream"}\n');
      r.once('close', () => (handlerSawClose = true));
    }),
  );
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const start = performance.now();
  const got = await get(socketPath);
  const ms = performance.now() - start;
  t.ok(got.ended, 'the answer ends');
  t.equal(got.body.toString(), '{"st');
  t.ok(ms >= REWRITE_AFTER_MS - 50 && ms < REWRITE_AFTER_MS + 3000, `after the bound (${ms.toFixed(0)} ms)`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.ok(handlerSawClose, "the stream's handler sees its answer close");
});

t.test('a paced answer pushes back: a handler that waits for drain gets all its bytes through, held to the high-water mark', async (t) => {
  const { dir } = writeFaultsFile(t, {});
  const socketPath = join(dir, 'p.sock');
  const piece = Buffer.alloc(32 * 1024, 'x');
  let refusals = 0;
  const server = createServer((req, res) =>
    injectFault(entryOf({ kind: 'slow', chunkBytes: 16 * 1024, intervalMs: 2 }), req, res, async (_, r) => {
      r.writeHead(200, ['Content-Type', 'application/octet-stream']);
      for (let i = 0; i < 10; i++) {
        if (r.write(piece)) continue;
        refusals++;
        await new Promise((resolve) => r.once('drain', resolve));
      }
      r.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const got = await get(socketPath);
  t.ok(got.ended);
  t.equal(got.body.length, 10 * piece.length, 'every byte');
  t.ok(refusals > 0, `the handler was held back ${refusals} time(s) (high water ${PACE_HIGH_WATER})`);
});
