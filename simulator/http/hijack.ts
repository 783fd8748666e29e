import type { Socket } from 'node:net';
import type { Exchange } from './exchange.js';

/** Connections a handler took over from the HTTP server (Go's http.Hijacker), written to raw. */
const hijacked = new WeakSet<Socket>();

/**
 * Takes the request's connection over, as moby's hijacking routes do: the handler writes its own
 * status line and headers, no middleware header goes out, and no later request on the connection
 * is answered. What the client sends after the request is never an HTTP error (client-errors.ts
 * leaves the connection alone). Null when the connection is gone already.
 */
export function hijack(x: Exchange): Socket | null {
  const socket = x.res.socket;
  if (socket === null || socket.destroyed) return null;
  hijacked.add(socket);
  // node's server ends a connection whose client has ended its side; a hijacked one lives on
  // (Go hands the connection over whole): the client's end is the stream's to read.
  socket.removeAllListeners('end');
  return socket;
}

export const isHijacked = (socket: Socket): boolean => hijacked.has(socket);
