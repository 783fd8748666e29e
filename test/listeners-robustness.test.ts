import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as connectNet, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import fc from 'fast-check';
import t from 'tap';
import { sharedTlsMaterial, tlsVerifyFlags, writeTlsFiles, type TlsMaterial } from '../suites/listeners/certificates.js';
import { freePort } from '../suites/listeners/ports.js';
import { startSimProcess, type SimProcess } from './helpers/sim-process.js';
import { replayParameters } from './helpers/replay.js';

/**
 * Garbage bytes and half-open TLS handshakes on every listener never crash the daemon or stop it
 * serving others: a property sends generated sequences of abuses to a unix socket, a plain TCP
 * listener and a --tlsverify TCP listener, then every listener must still answer GET /_ping and
 * both processes must still run. test/sim-robustness.test.ts covers Go's exact answers to
 * garbage on a unix socket; this file is about surviving, on every transport.
 */

const NUM_RUNS = 100;
/** Longest wait for a connection to open, a handshake, or a ping. */
const DEADLINE_MS = 5_000;
/** How long a refused connection is given to be closed by the daemon before the client drops it. */
const CLOSE_WAIT_MS = 1_000;

type Teardown = { teardown(fn: () => unknown): void };

/** A listener the abuses are sent to. */
interface Listener {
  readonly name: string;
  /** A bare connection: TCP even on the TLS listener, so bytes reach the TLS layer unwrapped. */
  openRaw(): Socket;
  /** A connection for HTTP: on the TLS listener with a trusted client certificate. */
  openSession(): Session;
  /** The event openSession()'s socket emits when it is ready. */
  readonly sessionReady: 'connect' | 'secureConnect';
  ping(): Promise<{ status: number; body: string }>;
}

interface Session {
  readonly socket: Socket;
  /** Drops the connection with a TCP reset; a unix socket has none and is just closed. */
  reset(): void;
}

/** A ping and its answer, within DEADLINE_MS. */
function pingWith(send: (handle: (res: IncomingMessage) => void) => ClientRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = send((res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.setTimeout(DEADLINE_MS, () => req.destroy(new Error(`no answer to GET /_ping within ${DEADLINE_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

const PING = { method: 'GET', path: '/_ping', agent: false } as const;

function unixListener(socketPath: string): Listener {
  return {
    name: `unix://${socketPath}`,
    openRaw: () => connectNet(socketPath),
    openSession: () => {
      const socket = connectNet(socketPath);
      return { socket, reset: () => socket.destroy() };
    },
    sessionReady: 'connect',
    ping: () => pingWith((handle) => httpRequest({ ...PING, socketPath }, handle)),
  };
}

function tcpListener(port: number): Listener {
  return {
    name: `tcp://127.0.0.1:${port}`,
    openRaw: () => connectNet(port, '127.0.0.1'),
    openSession: () => {
      const socket = connectNet(port, '127.0.0.1');
      return { socket, reset: () => socket.resetAndDestroy() };
    },
    sessionReady: 'connect',
    ping: () => pingWith((handle) => httpRequest({ ...PING, host: '127.0.0.1', port }, handle)),
  };
}

function tlsListener(port: number, material: TlsMaterial): Listener {
  const client = { host: '127.0.0.1', port, servername: 'localhost', ca: material.ca.cert, cert: material.client.cert, key: material.client.key };
  return {
    name: `tcp://127.0.0.1:${port} (--tlsverify)`,
    openRaw: () => connectNet(port, '127.0.0.1'),
    openSession: () => {
      // Over a TCP socket of our own: a TLS socket's handle cannot be reset, its TCP socket's can.
      const tcp = connectNet(port, '127.0.0.1');
      const socket = connectTls({ ...client, socket: tcp });
      return {
        socket,
        reset: () => {
          tcp.resetAndDestroy();
          socket.destroy();
        },
      };
    },
    sessionReady: 'secureConnect',
    ping: () => pingWith((handle) => httpsRequest({ ...PING, ...client }, handle)),
  };
}

/** Resolves when `event` fires on the socket; rejects on an error, a close before it, or after DEADLINE_MS. */
function whenReady(socket: Socket, event: 'connect' | 'secureConnect', what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error): void => {
      clearTimeout(timer);
      socket.off(event, onReady).off('error', onError).off('close', onClose);
      if (error === undefined) return resolve();
      socket.destroy();
      reject(error);
    };
    const onReady = (): void => settle();
    const onError = (error: Error): void => settle(new Error(`${what}: ${error.message}`));
    const onClose = (): void => settle(new Error(`${what}: closed before ${event}`));
    const timer = setTimeout(() => settle(new Error(`${what}: not ${event} within ${DEADLINE_MS} ms`)), DEADLINE_MS);
    socket.once(event, onReady).once('error', onError).once('close', onClose);
  });
}

/** Errors after the connection is ready (the daemon resetting it) are expected: they must not end the test process. */
function quiet(socket: Socket): Socket {
  return socket.on('error', () => {});
}

/** Waits until the daemon closes the socket or CLOSE_WAIT_MS passes, then drops it. */
function closedByDaemon(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(done, CLOSE_WAIT_MS);
    socket.once('close', done);
    // Read (and discard) the answer: a paused socket never sees the daemon's end of stream.
    socket.resume();
  });
}

/** Writes and waits until the bytes are handed to the kernel. */
function written(socket: Socket, bytes: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));
}

/** The first flight of node's own TLS client: a real ClientHello to truncate and mangle. */
function captureClientHello(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.once('data', (hello: Buffer) => finish(() => resolve(hello)));
      socket.on('error', () => {});
    });
    const timer = setTimeout(() => finish(() => reject(new Error(`no ClientHello within ${DEADLINE_MS} ms`))), DEADLINE_MS);
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      client?.destroy();
      server.close();
      settle();
    };
    let client: Socket | undefined;
    server.listen(0, '127.0.0.1', () => {
      client = connectTls({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, servername: 'localhost', rejectUnauthorized: false });
      client.on('error', () => {});
    });
  });
}

/** A request whose head and body a cut can fall in. */
const REQUEST_BODY = '{"Image":"busybox","Cmd":["true"]}';
const REQUEST = `POST /containers/create HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${REQUEST_BODY.length}\r\n\r\n${REQUEST_BODY}`;
const PARTIAL_HEAD = 'GET /_ping HTTP/1.1\r\nHost: localhost\r\n';

type Opening = 'nothing' | 'truncated ClientHello' | 'partial request head';

/** The three listeners, by the short names counterexamples show. */
type ListenerKey = 'unix' | 'tcp' | 'tls';
const LISTENER_KEYS: readonly ListenerKey[] = ['unix', 'tcp', 'tls'];

type Abuse =
  | { readonly kind: 'garbage'; readonly listener: ListenerKey; readonly bytes: Uint8Array }
  | { readonly kind: 'truncated ClientHello'; readonly listener: ListenerKey; readonly length: number }
  | { readonly kind: 'half-open'; readonly listener: ListenerKey; readonly opening: Opening; readonly length: number }
  | { readonly kind: 'closed mid-request'; readonly listener: ListenerKey; readonly length: number; readonly reset: boolean };

const ABUSE_KINDS: readonly Abuse['kind'][] = ['garbage', 'truncated ClientHello', 'half-open', 'closed mid-request'];

/** Lengths are kept in range by the sender (modulo), so one generator serves every prefix. */
function abuseArbitrary(hello: Buffer): fc.Arbitrary<Abuse> {
  const listener = fc.constantFrom(...LISTENER_KEYS);
  const length = fc.nat({ max: 4096 });
  const mangledHello = fc
    .array(fc.record({ at: fc.nat({ max: hello.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 8 })
    .map((edits) => {
      const bytes = Uint8Array.from(hello);
      for (const { at, value } of edits) bytes[at] = value;
      return bytes;
    });
  return fc.oneof(
    fc.record({ kind: fc.constant('garbage' as const), listener, bytes: fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 2048 }), mangledHello) }),
    fc.record({ kind: fc.constant('truncated ClientHello' as const), listener, length }),
    fc.record({
      kind: fc.constant('half-open' as const),
      listener,
      opening: fc.constantFrom<Opening>('nothing', 'truncated ClientHello', 'partial request head'),
      length,
    }),
    fc.record({ kind: fc.constant('closed mid-request' as const), listener, length, reset: fc.boolean() }),
  );
}

/** The length of a proper, non-empty prefix of something `whole` long. */
const prefixLength = (whole: number, length: number): number => 1 + (length % (whole - 1));
const helloPrefix = (hello: Buffer, length: number): Buffer => hello.subarray(0, prefixLength(hello.length, length));
const textPrefix = (text: string, length: number): string => text.slice(0, prefixLength(text.length, length));

/** Sends one abuse; a half-open connection is left in `held` for the caller to close after the pings. */
async function send(abuse: Abuse, target: Listener, hello: Buffer, held: Socket[]): Promise<void> {
  const what = `${abuse.kind} on ${target.name}`;
  switch (abuse.kind) {
    case 'garbage':
    case 'truncated ClientHello': {
      const socket = quiet(target.openRaw());
      const closed = closedByDaemon(socket);
      await whenReady(socket, 'connect', what);
      // The bytes, then end of stream: the daemon sees all of them and must give up on its own.
      socket.end(abuse.kind === 'garbage' ? abuse.bytes : helloPrefix(hello, abuse.length));
      await closed;
      return;
    }
    case 'half-open': {
      const session = abuse.opening === 'partial request head';
      const socket = quiet(session ? target.openSession().socket : target.openRaw());
      held.push(socket);
      await whenReady(socket, session ? target.sessionReady : 'connect', what);
      if (abuse.opening === 'truncated ClientHello') await written(socket, helloPrefix(hello, abuse.length));
      if (abuse.opening === 'partial request head') await written(socket, textPrefix(PARTIAL_HEAD, abuse.length));
      return;
    }
    case 'closed mid-request': {
      const session = target.openSession();
      const socket = quiet(session.socket);
      await whenReady(socket, target.sessionReady, what);
      await written(socket, textPrefix(REQUEST, abuse.length));
      if (abuse.reset) session.reset();
      else socket.destroy();
      return;
    }
  }
}

interface Daemons {
  readonly listeners: Readonly<Record<ListenerKey, Listener>>;
  readonly processes: readonly SimProcess[];
}

/** One daemon on a unix socket and plain TCP, one on TCP with --tlsverify (a daemon's -H all share one TLS setting). */
async function startDaemons(t: Teardown, material: TlsMaterial): Promise<Daemons> {
  const dir = mkdtempSync('/tmp/ctc-listeners-robustness-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeTlsFiles(dir, { ca: material.ca.cert, ...material.server });
  const socketPath = join(dir, 'd.sock');
  const tcpPort = await freePort();
  const tlsPort = await freePort();
  const plain = startSimProcess(['-H', `unix://${socketPath}`, '-H', `tcp://127.0.0.1:${tcpPort}`]);
  t.teardown(() => plain.kill());
  const tls = startSimProcess([...tlsVerifyFlags(dir), '-H', `tcp://127.0.0.1:${tlsPort}`]);
  t.teardown(() => tls.kill());
  await Promise.all([plain.waitFor(/completed initialization/), tls.waitFor(/completed initialization/)]);
  return {
    listeners: { unix: unixListener(socketPath), tcp: tcpListener(tcpPort), tls: tlsListener(tlsPort, material) },
    processes: [plain, tls],
  };
}

const isRunning = (daemon: SimProcess): boolean => daemon.child.exitCode === null && daemon.child.signalCode === null;

const describeEnd = (daemon: SimProcess): string =>
  `ctrd-sim ${daemon.child.pid} ended (${daemon.child.exitCode ?? daemon.child.signalCode}):\n${daemon.output()}`;

/** A failure says first whether a daemon ended: then the connection errors that follow are only its consequence. */
async function explainFailure(daemons: Daemons, error: unknown): Promise<Error> {
  const message = error instanceof Error ? error.message : String(error);
  const noticeWithin = (daemon: SimProcess): Promise<boolean> =>
    Promise.race([daemon.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, 500, false))]);
  for (const daemon of daemons.processes) {
    if (await noticeWithin(daemon)) return new Error(`${describeEnd(daemon)}\nnoticed as: ${message}`);
  }
  return error instanceof Error ? error : new Error(message);
}

/** Every listener answers GET /_ping with 200 "OK", and no daemon process has ended. */
async function assertServing(daemons: Daemons): Promise<void> {
  for (const daemon of daemons.processes) {
    if (!isRunning(daemon)) throw new Error(describeEnd(daemon));
  }
  for (const listener of Object.values(daemons.listeners)) {
    const { status, body } = await listener.ping().catch((error: Error) => {
      throw new Error(`${listener.name}: GET /_ping failed: ${error.message}`);
    });
    if (status !== 200 || body !== 'OK') throw new Error(`${listener.name}: GET /_ping answered ${status} ${JSON.stringify(body)}`);
  }
}

t.test('garbage, truncated and half-open TLS handshakes and dropped requests on every listener never stop the daemons serving', async (t) => {
  const material = await sharedTlsMaterial();
  const daemons = await startDaemons(t, material);
  const hello = await captureClientHello();
  t.equal(hello[0], 0x16, 'the captured ClientHello is a TLS handshake record');
  const sent = new Map<Abuse['kind'], number>(ABUSE_KINDS.map((kind) => [kind, 0]));
  let sequences = 0;

  await fc.assert(
    fc.asyncProperty(fc.array(abuseArbitrary(hello), { minLength: 1, maxLength: 8 }), async (abuses) => {
      sequences++;
      const held: Socket[] = [];
      try {
        for (const abuse of abuses) {
          await send(abuse, daemons.listeners[abuse.listener], hello, held);
          sent.set(abuse.kind, sent.get(abuse.kind)! + 1);
        }
        // The half-open connections are still held: the daemons must serve others meanwhile.
        await assertServing(daemons);
      } catch (error) {
        throw await explainFailure(daemons, error);
      } finally {
        for (const socket of held) socket.destroy();
      }
    }),
    {
      numRuns: NUM_RUNS,
      ...replayParameters(),
      // Every wait inside is bounded; these bound each run and the whole, well under tap's 180 s.
      plugins: [fc.timeout(30_000), fc.interruptAfterTimeLimit(100_000, { failOnInterrupt: true })],
      // The daemons live across runs, so a shrunk candidate would run against what earlier runs
      // left (or a dead daemon): the first failing sequence is the honest counterexample, and
      // FC_SEED alone replays the runs that led to it.
      endOnFailure: true,
    },
  );

  const total = [...sent.values()].reduce((a, b) => a + b, 0);
  t.comment(`${total} abuses in ${sequences} sequences: ${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  for (const kind of ABUSE_KINDS) t.ok(sent.get(kind)! > 0, `${kind} was sent`);
  await t.resolves(assertServing(daemons), 'every listener still serves after the property');
  for (const daemon of daemons.processes) t.equal(await daemon.kill(), 0, `ctrd-sim ${daemon.child.pid} still stops cleanly on SIGTERM`);
});
