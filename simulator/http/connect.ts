import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A CONNECT request. node hands it to the server apart, as a tunnel; Go's server routes it like
 * any other request (observed on 20.10.24, 26.1.5 and 28.5.2): a path (`CONNECT /_ping`) matches
 * no route, none having that method, so the chain answers 404 "page not found"; the authority form
 * (`CONNECT host:port`) has an empty path, which the router redirects to "/": 301 with
 * `Location: //host:port/` and no body. node cannot go on reading requests from a socket it
 * handed over, so the connection closes after the answer (`Connection: close`), where Go keeps it.
 */
export function answerConnect(req: IncomingMessage, socket: Socket, serve: (req: IncomingMessage, res: ServerResponse) => void): void {
  socket.on('error', () => socket.destroy());
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.on('finish', () => {
    res.detachSocket(socket);
    socket.end();
  });
  const target = req.url ?? '';
  if (target.startsWith('/')) return serve(req, res);
  res.writeHead(301, ['Location', `//${target}/`, 'Content-Length', '0']);
  res.end();
}
