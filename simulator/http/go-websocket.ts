import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The WebSocket server side of golang.org/x/net/websocket (hybi.go, server.go), which moby's
 * GET /containers/{name}/attach/ws speaks, as far as its own rules go: they are laxer than RFC
 * 6455's in places a client can see (any non-empty key, no UTF-8 check, reserved bits and unknown
 * opcodes read as data, no close frame sent back until the server ends), which is why this is
 * written here rather than taken from a library that follows the RFC. Its code is the same in the
 * x/net vendored by 20.10.24 and by 29.7.2.
 */

/** RFC 6455's GUID, appended to the client's key for the accept value. */
const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Go's Header.Get: the first line of the header, or "". */
const firstHeader = (req: IncomingMessage, name: string): string => req.headersDistinct[name]?.[0] ?? '';

/** The raw answer to a handshake x/net refuses: its status line, headers, and the error's text (no CRLF after it). */
const refusal = (headers: string, text: string): string => `HTTP/1.1 400 Bad Request\r\n${headers}\r\n${text}`;

/**
 * The handshake as x/net's hybiServerHandshaker reads it (the route is GET only, so its method
 * check never refuses): the answer to write on the hijacked connection, and whether it opened
 * the WebSocket (101) or refused (then the connection ends).
 */
export function goWebSocketHandshake(req: IncomingMessage): { readonly opened: boolean; readonly answer: string } {
  if (firstHeader(req, 'upgrade').toLowerCase() !== 'websocket' || !firstHeader(req, 'connection').toLowerCase().includes('upgrade')) {
    return { opened: false, answer: refusal('', 'not websocket protocol') };
  }
  const key = firstHeader(req, 'sec-websocket-key');
  if (key === '') return { opened: false, answer: refusal('', 'mismatch challenge/response') };
  if (firstHeader(req, 'sec-websocket-version') !== '13') {
    return { opened: false, answer: refusal('Sec-WebSocket-Version: 13\r\n', 'missing or bad WebSocket Version') };
  }
  const offered = firstHeader(req, 'sec-websocket-protocol').trim();
  const protocols = offered === '' ? [] : offered.split(',').map((p) => p.trim());
  // AcceptHandshake: more than one protocol needs a Handshake function to choose, which moby has not.
  if (protocols.length > 1) return { opened: false, answer: refusal('', '') };
  const accept = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  const protocol = protocols.length === 1 ? `Sec-WebSocket-Protocol: ${protocols[0]}\r\n` : '';
  return {
    opened: true,
    answer: `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n${protocol}\r\n`,
  };
}

const OPCODE = { close: 0x8, ping: 0x9, pong: 0xa } as const;
/** closeStatusNormal and closeStatusProtocolError. */
export const CLOSE_STATUS = { normal: 1000, protocolError: 1002 } as const;
/** maxControlFramePayloadLength: what of a ping's payload the pong carries back. */
const MAX_CONTROL_PAYLOAD = 125;

/** A final, unmasked frame from the server. */
function serverFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x80 | opcode, length]) : Buffer.from([0x80 | opcode, 126, length >> 8, length & 255]);
  return Buffer.concat([head, payload]);
}

/** WriteClose: a close frame with its status code. */
export function closeFrame(status: number): Buffer {
  const code = Buffer.alloc(2);
  code.writeUInt16BE(status);
  return serverFrame(OPCODE.close, code);
}

/** How a WebSocket's reading ended: the client's close frame, an unmasked frame (answered with a close frame), or the connection's end. */
export type InputEnd = 'close-frame' | 'unmasked' | 'connection';

/**
 * Reads the client's frames as x/net's Conn.Read does, handing each data frame's payload on as it
 * arrives (a frame's bytes before the frame is whole: x/net's reader streams them) and answering
 * pings: a frame without a mask ends the reading after a close frame with the protocol error
 * (1002); a close frame ends it; a ping is answered with a pong of its first 125 bytes; a pong is
 * dropped; every other opcode (text, binary, continuation, and the reserved ones) is data.
 *
 * `block()` is the reader's copy blocking on what it handed on (a container that runs nothing
 * takes no input). x/net's reader has already handed its bytes over, so it reads on: the rest of
 * the frame, and the frames up to the next one with data, answering them as above, then blocks
 * on that data for good (observed on 20.10.24 and 29.7.2: "a", then two pings, gets two pongs;
 * "ab", a ping, "c", a ping, gets one). Its end is then never seen.
 */
export function readGoWebSocket(socket: Socket, on: { data(bytes: Buffer): void; ended(how: InputEnd): void }): { block(): void } {
  let pending = Buffer.alloc(0);
  /**
   * The frame whose payload is being read (its header was): its kind, mask, and how many of its
   * bytes were read; a ping keeps its first 125 for the pong. Only a header waits in `pending`, so a
   * frame of any length is read in bounded memory.
   */
  let frame: { readonly kind: 'data' | 'ping' | 'pong'; readonly mask: Buffer; readonly length: number; read: number; kept: Buffer } | null = null;
  let mode: 'reading' | 'blocking' | 'stopped' = 'reading';

  const stop = (how: InputEnd): void => {
    const wasReading = mode === 'reading';
    mode = 'stopped';
    socket.off('data', onData);
    socket.off('end', onEnd);
    if (wasReading) on.ended(how);
  };
  const unmask = (bytes: Buffer, mask: Buffer, offset: number): Buffer => Buffer.from(bytes.map((b, i) => b ^ mask[(offset + i) % 4]!));

  /** Reads what `pending` holds of one frame's header, a control frame, or a data frame's payload; false when it needs more bytes or reading ended. */
  function step(): boolean {
    if (frame !== null) {
      const current = frame;
      const take = Math.min(pending.length, current.length - current.read);
      if (take === 0 && current.length > current.read) return false;
      const bytes = unmask(pending.subarray(0, take), current.mask, current.read);
      pending = pending.subarray(take);
      current.read += take;
      if (current.kind === 'data' && bytes.length > 0 && mode === 'reading') on.data(bytes);
      if (current.kind === 'ping' && current.kept.length < MAX_CONTROL_PAYLOAD)
        current.kept = Buffer.concat([current.kept, bytes.subarray(0, MAX_CONTROL_PAYLOAD - current.kept.length)]);
      if (current.read === current.length) {
        frame = null;
        if (current.kind === 'ping') socket.write(serverFrame(OPCODE.pong, current.kept));
      }
      return mode !== 'stopped';
    }
    if (pending.length < 2) return false;
    const opcode = pending[0]! & 0x0f;
    const masked = (pending[1]! & 0x80) !== 0;
    const short = pending[1]! & 0x7f;
    const lengthBytes = short === 126 ? 2 : short === 127 ? 8 : 0;
    const headerLength = 2 + lengthBytes + (masked ? 4 : 0);
    if (pending.length < headerLength) return false;
    let length = short;
    if (lengthBytes > 0) {
      length = 0;
      for (let i = 0; i < lengthBytes; i++) length = length * 256 + (i === 0 && lengthBytes === 8 ? pending[2]! & 0x7f : pending[2 + i]!);
    }
    const mask = masked ? pending.subarray(2 + lengthBytes, headerLength) : null;
    if (mask === null) {
      socket.write(closeFrame(CLOSE_STATUS.protocolError));
      stop('unmasked');
      return false;
    }
    if (opcode === OPCODE.close) {
      stop('close-frame');
      return false;
    }
    const kind = opcode === OPCODE.ping ? 'ping' : opcode === OPCODE.pong ? 'pong' : 'data';
    // A blocked reader goes no further than the next frame with data (an empty one it reads through).
    if (kind === 'data' && mode === 'blocking' && length > 0) {
      stop('connection');
      return false;
    }
    frame = { kind, mask: Buffer.from(mask), length, read: 0, kept: Buffer.alloc(0) };
    pending = pending.subarray(headerLength);
    return true;
  }

  function onData(chunk: Buffer): void {
    pending = Buffer.concat([pending, chunk]);
    while (mode !== 'stopped' && step()) {
      // each step reads one header, one control frame, or the data at hand
    }
  }
  function onEnd(): void {
    if (mode !== 'stopped') stop('connection');
  }
  socket.on('data', onData);
  socket.once('end', onEnd);
  return {
    block() {
      if (mode === 'reading') mode = 'blocking';
    },
  };
}
