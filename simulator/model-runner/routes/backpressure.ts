import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startEventStream } from '../../http/streaming.js';
import { SLICE_MS } from '../engine/slices.js';
import { sendJson } from '../replies.js';

/**
 * How long a streamed answer waits for a client that reads nothing (its socket buffers full, no
 * 'drain') before it drops the client. Without a deadline, clients that never read would each hold
 * their answer's state for ever; without backpressure, they would hold the whole answer in memory.
 */
export const STREAM_STALL_MS = 30_000;

/** About this many bytes of a sliced JSON answer per write. */
const BYTES_PER_WRITE = 64 * 1024;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** True once the response drains; false if the client goes or `stallMs` passes first. */
function drained(res: ServerResponse, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = (): void => done(true);
    const onClose = (): void => done(false);
    const timer = setTimeout(() => done(false), stallMs);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * After a write: when the response's buffer is full, waits for the client to read (dropping it
 * after `stallMs`); otherwise lets other requests through. False when the answer must stop.
 */
async function flowed(res: ServerResponse, accepted: boolean, stallMs: number): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!accepted && !(await drained(res, stallMs))) {
    // A client that stopped reading is dropped: its connection closed, nothing more generated for it.
    res.destroy();
    return false;
  }
  // Always a turn of the loop, drained or not: a write the socket took at once emits 'drain' on
  // the next tick, and chaining on it alone would never let the loop run other requests.
  await nextTurn();
  return !res.destroyed;
}

/** How many events between two looks at the clock: an event takes well under a microsecond to make. */
const EVENTS_PER_CLOCK_LOOK = 16;

/**
 * Sends `data: <chunk>` events (each chunk an object, or its JSON text), then `data: [DONE]` (unless not `done`), in
 * batches of about BYTES_PER_WRITE or SLICE_MS of generation per write; between batches other requests run, a client that left stops the stream, and
 * a full buffer waits for the client (at most `stallMs`, then the client is dropped).
 *
 * A batch is kept as its pieces and joined once when written: one flat string, where appending
 * event after event would build a rope that the write then has to flatten.
 */
export async function sendEvents(res: ServerResponse, chunks: Iterable<unknown>, stallMs: number = STREAM_STALL_MS, done = true): Promise<void> {
  const stream = startEventStream(res, ['X-Accel-Buffering', 'no']);
  let batch: string[] = [];
  let bytes = 0;
  let sliceStart = performance.now();
  for (const chunk of chunks) {
    if (!stream.open) return;
    const text = `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;
    batch.push(text);
    bytes += text.length;
    if (bytes < BYTES_PER_WRITE && (batch.length % EVENTS_PER_CLOCK_LOOK !== 0 || performance.now() - sliceStart < SLICE_MS)) continue;
    const accepted = stream.write(batch.join(''));
    batch = [];
    bytes = 0;
    if (!(await flowed(res, accepted, stallMs))) return;
    sliceStart = performance.now();
  }
  if (!stream.open) return;
  if (done) batch.push('data: [DONE]\n\n');
  // A short stream goes in one write, head and end included.
  stream.end(batch.join(''));
}

/**
 * A JSON answer whose array `key` is long (embeddings): `document` with `items` encoded one by one
 * and written in slices, with the same flow control as a stream (chunked when it takes more than one
 * slice: its length is not known before it is written). `whole`: built and sent at once (fault mr.inference.fairness).
 */
export async function sendJsonSliced<T>(
  res: ServerResponse,
  status: number,
  document: Readonly<Record<string, unknown>>,
  key: string,
  items: readonly T[],
  encode: (item: T, index: number) => unknown,
  options: { readonly stallMs?: number; readonly whole?: boolean } = {},
): Promise<void> {
  if (options.whole === true) return sendJson(res, status, { ...document, [key]: items.map(encode) });
  const marker = `sliced-${randomBytes(8).toString('hex')}`;
  const [head, tail] = JSON.stringify({ ...document, [key]: marker }).split(`"${marker}"`) as [string, string];
  let text = `${head}[`;
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    text += `${i === 0 ? '' : ','}${JSON.stringify(encode(items[i]!, i))}`;
    if (text.length < BYTES_PER_WRITE && performance.now() - sliceStart < SLICE_MS) continue;
    // Chunked from the first slice on: the length is not known before the last one.
    if (!res.headersSent) res.writeHead(status, ['Content-Type', 'application/json']);
    const accepted = res.write(text);
    text = '';
    if (!(await flowed(res, accepted, options.stallMs ?? STREAM_STALL_MS))) return;
    sliceStart = performance.now();
  }
  const last = `${text}]${tail}\n`;
  // An answer that fit in one slice goes as sendJson sends it, with its length.
  if (!res.headersSent) res.writeHead(status, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(last))]);
  res.end(last);
}
