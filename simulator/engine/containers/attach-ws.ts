import type { Socket } from 'node:net';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { CLOSE_STATUS, closeFrame, goWebSocketHandshake, readGoWebSocket } from '../../http/go-websocket.js';
import { hijack } from '../../http/hijack.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { apiBelow, boolQuery, queryOf } from '../replies.js';
import { ATTACH_MESSAGES, type AttachChannel, detachKeysOf, runAttach } from './attach.js';
import { containerOr404 } from './routes.js';

/**
 * The attach's streams in WebSocket frames (x/net's Conn, http/go-websocket.ts): the client's data
 * frames are the input, its close frame or the connection's end the input's end (an unmasked frame
 * too, after x/net's close frame with the protocol error); the end is a close frame (1000, from
 * moby's `defer inStream.Close()`), then the connection's. A container that runs nothing writes no
 * output, so no data frame goes out (from API 1.28 they would be binary, text before).
 */
function webSocketChannel(socket: Socket): AttachChannel {
  return {
    readInput(on) {
      return readGoWebSocket(socket, { data: on.data, ended: () => on.ended() });
    },
    end: () => socket.end(closeFrame(CLOSE_STATUS.normal)),
    onClose: (listener) => socket.once('close', listener),
  };
}

/**
 * GET /containers/{name}/attach/ws, as moby's wsContainersAttach and ContainerAttach answer it
 * (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06). Its refusals come before the
 * connection is taken, as ordinary JSON errors: detach keys moby/term cannot read (400), no such
 * container (404), a paused one (409). Then x/net's handshake: a refusal is its bare 400 and the
 * connection ends (the release's handler then waits forever, unseen); a 101 opens the attach, whose
 * streams are all three before API 1.42 and those the query asks for from it. The attach is the
 * POST one's (attach.ts runAttach) in WebSocket frames.
 */
export const containerAttachWsRoute: Route = {
  method: 'GET',
  path: '/containers/{name}/attach/ws',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/attach-ws.ts: GET /containers/{name}/attach/ws',
  rules: [],
  handle(x: Exchange) {
    const keys = detachKeysOf(x);
    if (keys.bytes === null) return handlerError(x, 400, fillMessage(ATTACH_MESSAGES.invalidDetachKeys, { keys: queryOf(x).get('detachKeys') ?? '' }));
    const container = containerOr404(x);
    if (container === undefined) return;
    if (container.paused) return handlerError(x, 409, fillMessage(ATTACH_MESSAGES.paused, { name: x.params['name'] ?? '' }));
    const socket = hijack(x);
    if (socket === null) return;
    socket.on('error', () => socket.destroy());
    const handshake = goWebSocketHandshake(x.req);
    if (!handshake.opened) return void socket.end(handshake.answer);
    socket.write(handshake.answer);
    const all = apiBelow(x, '1.42');
    const streams = {
      stdin: all || boolQuery(x, 'stdin'),
      stdout: all || boolQuery(x, 'stdout'),
      stderr: all || boolQuery(x, 'stderr'),
    };
    runAttach(x, container, keys.bytes, streams, webSocketChannel(socket));
  },
};
