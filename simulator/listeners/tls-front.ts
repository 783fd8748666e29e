import { createServer, type Server, type Socket } from 'node:net';
import { PLAIN_HTTP_ON_TLS_ANSWER } from '../../specs/messages.js';

/** A ClientHello of SSL 3.0: handshake record, record version 3.0, client_version 3.0. */
export const isSslv3ClientHello = (bytes: Buffer): boolean =>
  bytes.length >= 11 && bytes[0] === 0x16 && bytes[1] === 0x03 && bytes[2] === 0x00 && bytes[5] === 0x01 && bytes[9] === 0x03 && bytes[10] === 0x00;

/** The first byte of a TLS record that opens a handshake; anything else is not TLS. */
const HANDSHAKE = 0x16;

export interface FrontOptions {
  /** Fault (tls.plain-request): plain HTTP is served by this server instead of refused. */
  readonly plainServer?: Server;
  /** Fault (tls.versions.old-refused): an SSLv3 ClientHello is answered with a handshake record. */
  readonly answerSslv3?: boolean;
  /** Quirk hypothetical.tls.verify.plain-before-tls: plain HTTP goes to plainServer only until this time (epoch ms). */
  readonly plainUntil?: number;
  /** Quirk hypothetical.tls.plain-request.ping-served: plain HTTP goes to plainServer only when its first bytes pass this test. */
  readonly plainIf?: (first: Buffer) => boolean;
}

/**
 * The accepting side of a TLS listener: it looks at the first bytes of each connection, answers
 * a plain HTTP request as Go's TLS server does (400, then close), and hands every other
 * connection, bytes unread, to the TLS server.
 */
export function tlsFront(tlsServer: Server, options: FrontOptions = {}): Server {
  const open = new Set<Socket>();
  const front = createServer((socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      if (options.answerSslv3 === true && isSslv3ClientHello(first)) {
        socket.end(Buffer.from([0x16, 0x03, 0x00, 0x00, 0x04, 0x02, 0x00, 0x00, 0x00]));
        return;
      }
      if (first[0] !== HANDSHAKE) {
        if (options.plainServer !== undefined && (options.plainUntil === undefined || Date.now() < options.plainUntil) && (options.plainIf?.(first) ?? true)) {
          socket.unshift(first);
          options.plainServer.emit('connection', socket);
          socket.resume();
          return;
        }
        socket.end(PLAIN_HTTP_ON_TLS_ANSWER);
        return;
      }
      socket.unshift(first);
      tlsServer.emit('connection', socket);
    });
  });
  const close = front.close.bind(front);
  front.close = (callback) => {
    for (const socket of open) socket.destroy();
    tlsServer.close();
    options.plainServer?.close();
    return close(callback);
  };
  return front;
}
