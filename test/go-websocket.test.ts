import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import fc from 'fast-check';
import t from 'tap';
import { readGoWebSocket } from '../simulator/http/go-websocket.js';

/**
 * The WebSocket reader ctrd-sim's attach uses (simulator/http/go-websocket.ts), fed client frames
 * of any length cut into arbitrary chunks: each data frame's payload is handed on whole and in
 * order, a ping is answered once it is read with a pong of its first 125 bytes, a pong is dropped.
 */

/** A masked client frame, its length in the 7-, 16- or 64-bit form as it needs. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const n = payload.length;
  const length =
    n < 126
      ? Buffer.from([0x80 | n])
      : n < 65536
        ? Buffer.from([0x80 | 126, n >> 8, n & 255])
        : Buffer.concat([Buffer.from([0x80 | 127]), Buffer.from(new BigUint64Array([BigInt(n)]).buffer).reverse()]);
  return Buffer.concat([Buffer.from([0x80 | opcode]), length, mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]);
}

/** A socket that takes chunks and records what is written back. */
class FakeSocket extends EventEmitter {
  written: Buffer[] = [];
  write(chunk: Buffer): boolean {
    this.written.push(chunk);
    return true;
  }
}

const frameArb = fc.record({
  opcode: fc.constantFrom(0x2, 0x1, 0x9, 0xa),
  payload: fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.integer({ min: 65530, max: 70000 }).map((n) => new Uint8Array(n).fill(n & 255)),
  ),
});

t.test('frames of any length, in any chunks: the data handed on, pings answered with their first 125 bytes', async (t) => {
  fc.assert(
    fc.property(
      fc.array(frameArb, { minLength: 1, maxLength: 4 }),
      fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 20 }),
      (frames, cuts) => {
        const socket = new FakeSocket();
        const handed: Buffer[] = [];
        readGoWebSocket(socket as unknown as Socket, { data: (bytes) => handed.push(bytes), ended: () => undefined });
        const wire = Buffer.concat(frames.map((f) => clientFrame(f.opcode, Buffer.from(f.payload))));
        for (let at = 0, i = 0; at < wire.length; i++) {
          const size = cuts[i % cuts.length]!;
          socket.emit('data', wire.subarray(at, at + size));
          at += size;
        }
        const data = frames.filter((f) => f.opcode === 0x1 || f.opcode === 0x2).map((f) => Buffer.from(f.payload));
        t.same(Buffer.concat(handed), Buffer.concat(data), 'the data frames, in order');
        const pongs = frames
          .filter((f) => f.opcode === 0x9)
          .map((f) => Buffer.concat([Buffer.from([0x8a, Math.min(f.payload.length, 125)]), Buffer.from(f.payload.subarray(0, 125))]));
        t.same(Buffer.concat(socket.written), Buffer.concat(pongs), 'one pong per ping');
      },
    ),
    { numRuns: 60 },
  );
});
