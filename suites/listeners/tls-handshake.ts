import { connect as connectTcp } from 'node:net';
import { connect as connectTls, type SecureVersion } from 'node:tls';
import { randomBytes } from 'node:crypto';

/** What a client limited to one set-up got from a TLS listener. */
export interface HandshakeOutcome {
  /** The negotiated protocol ("TLSv1.2"), or null when the handshake failed. */
  readonly protocol: string | null;
  /** The status of GET /_ping over the connection, or null when none came. */
  readonly status: number | null;
  readonly error?: string;
}

export interface ClientSetup {
  readonly ca: string;
  readonly cert?: string;
  readonly key?: string;
  readonly minVersion?: SecureVersion;
  readonly maxVersion?: SecureVersion;
}

/**
 * Opens a TLS connection to 127.0.0.1:port as the client set-up says (TLS 1.0 and 1.1 need
 * OpenSSL's security level 0), sends GET /_ping and reads the status line. Never waits longer
 * than `timeoutMs`.
 */
export function tlsPing(port: number, setup: ClientSetup, timeoutMs = 5_000): Promise<HandshakeOutcome> {
  return new Promise((resolve) => {
    let protocol: string | null = null;
    let settled = false;
    const done = (outcome: HandshakeOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const socket = connectTls({
      host: '127.0.0.1',
      port,
      servername: 'localhost',
      ca: setup.ca,
      ...(setup.cert === undefined ? {} : { cert: setup.cert, key: setup.key }),
      ...(setup.minVersion === undefined ? {} : { minVersion: setup.minVersion }),
      ...(setup.maxVersion === undefined ? {} : { maxVersion: setup.maxVersion }),
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    const timer = setTimeout(() => done({ protocol, status: null, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    let head = '';
    socket.once('secureConnect', () => {
      protocol = socket.getProtocol();
      socket.write('GET /_ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (status !== null) done({ protocol, status: Number(status[1]) });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done({ protocol, status: null, error: error.code ?? error.message }));
    socket.on('close', () => done({ protocol, status: null, error: 'closed without an HTTP answer' }));
  });
}

/** An SSL 3.0 ClientHello with generated random bytes and a few SSLv3 cipher suites. */
export function sslv3ClientHello(random: Buffer = randomBytes(32)): Buffer {
  const ciphers = Buffer.from([0x00, 0x2f, 0x00, 0x35, 0x00, 0x0a, 0x00, 0x05]);
  const body = Buffer.concat([Buffer.from([0x03, 0x00]), random, Buffer.from([0x00]), Buffer.from([0x00, ciphers.length]), ciphers, Buffer.from([0x01, 0x00])]);
  const handshake = Buffer.concat([Buffer.from([0x01, 0x00, (body.length >> 8) & 0xff, body.length & 0xff]), body]);
  return Buffer.concat([Buffer.from([0x16, 0x03, 0x00, (handshake.length >> 8) & 0xff, handshake.length & 0xff]), handshake]);
}

/** The first record the server sends back to `hello` (its content type and version), or null when it closes without one. */
export function firstRecord(port: number, hello: Buffer, timeoutMs = 5_000): Promise<{ type: number; version: number } | null> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    let got = Buffer.alloc(0);
    const finish = (record: { type: number; version: number } | null): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(record);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.once('connect', () => socket.write(hello));
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= 3) finish({ type: got[0]!, version: (got[1]! << 8) | got[2]! });
    });
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
  });
}

/** TLS record content types. */
export const RECORD = { alert: 0x15, handshake: 0x16 } as const;

/** Everything a plain (non-TLS) connection gets back for `request` until the server closes, or `timeoutMs` passes. */
export function plainExchange(port: number, request: string, timeoutMs = 5_000): Promise<{ readonly answer: string; readonly closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const finish = (closed: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}
