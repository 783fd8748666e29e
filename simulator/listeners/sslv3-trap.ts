import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A ClientHello of SSL 3.0: handshake record, record version 3.0, client_version 3.0. */
export const isSslv3ClientHello = (bytes: Buffer): boolean => bytes.length >= 11 && bytes[0] === 0x16 && bytes[1] === 0x03 && bytes[2] === 0x00 && bytes[5] === 0x01 && bytes[9] === 0x03 && bytes[10] === 0x00;

/**
 * Fault (tls.versions.old-refused) only: a front for a TLS server that answers an SSLv3
 * ClientHello with a handshake record of its own (as a server that took SSLv3 would) and relays
 * every other connection to the TLS server, which listens on a loopback port of its own.
 */
export function sslv3Trap(tlsServer: Server): Server {
  let innerPort: Promise<number> | undefined;
  const inner = (): Promise<number> => (innerPort ??= new Promise((resolve) => tlsServer.listen(0, '127.0.0.1', () => resolve((tlsServer.address() as AddressInfo).port))));
  const open = new Set<Socket>();
  const front = createServer((socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      if (isSslv3ClientHello(first)) {
        socket.end(Buffer.from([0x16, 0x03, 0x00, 0x00, 0x04, 0x02, 0x00, 0x00, 0x00]));
        return;
      }
      socket.pause();
      void inner().then((port) => {
        const upstream = connect(port, '127.0.0.1', () => {
          upstream.write(first);
          socket.pipe(upstream);
          upstream.pipe(socket);
          socket.resume();
        });
        upstream.on('error', () => socket.destroy());
        upstream.on('close', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
      });
    });
  });
  const close = front.close.bind(front);
  front.close = (callback) => {
    for (const socket of open) socket.destroy();
    tlsServer.close();
    return close(callback);
  };
  return front;
}
