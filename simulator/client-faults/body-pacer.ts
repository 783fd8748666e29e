import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What a pacer does next, given how many body bytes went out: send up to `bytes` then wait, or cut the connection. */
export type PaceStep = { readonly send: number; readonly waitMs: number } | { readonly cut: 'reset' | 'close' };

/** The policy of one paced answer; asked again after each step. */
export type PacePolicy = (sent: number) => PaceStep;

/** Ends a connection: a TCP reset where the socket is TCP, else a plain close (a unix socket has no RST). */
export function cutConnection(socket: Socket | null, how: 'reset' | 'close'): void {
  if (socket === null || socket.destroyed) return;
  if (how === 'reset' && typeof socket.resetAndDestroy === 'function') {
    try {
      socket.resetAndDestroy();
      return;
    } catch {
      // Not TCP (ERR_INVALID_HANDLE_TYPE): closed below.
    }
  }
  socket.destroy();
}

type WriteCallback = (error?: Error | null) => void;

/** Bytes a paced answer holds before its writes answer false: a handler that heeds backpressure waits for 'drain'. */
export const PACE_HIGH_WATER = 64 * 1024;

/** The (chunk, encoding, callback) forms of write and end, as one. */
function chunkArgs(args: readonly unknown[]): { chunk: Buffer | null; callback: WriteCallback | undefined } {
  const [chunk, encoding, callback] = args;
  const cb = [encoding, callback, chunk].find((arg): arg is WriteCallback => typeof arg === 'function');
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return { chunk: null, callback: cb };
  const bytes =
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
  return { chunk: bytes, callback: cb };
}

/**
 * Takes over `res.write` and `res.end`: the body the handler writes is queued and let out as
 * `policy` says, with timers (the event loop stays free for other clients). Every wait comes from
 * the policy, whose parameters are bounded; all timers stop when the answer closes. Above
 * PACE_HIGH_WATER queued bytes a write answers false, and 'drain' follows when the queue is below it again.
 */
export function paceBody(res: ServerResponse, policy: PacePolicy): void {
  const write = res.write.bind(res) as (chunk: Buffer, callback?: WriteCallback) => boolean;
  const end = res.end.bind(res) as (callback?: () => void) => ServerResponse;
  const queue: Buffer[] = [];
  let queued = 0;
  let sent = 0;
  let wroteAny = false;
  let ended: { callback: WriteCallback | undefined } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  let full = false;
  res.once('close', () => {
    done = true;
    clearTimeout(timer);
  });

  const take = (bytes: number): Buffer => {
    const parts: Buffer[] = [];
    let need = Math.min(bytes, queued);
    while (need > 0) {
      const head = queue[0]!;
      if (head.length <= need) {
        parts.push(queue.shift()!);
        need -= head.length;
      } else {
        parts.push(head.subarray(0, need));
        queue[0] = head.subarray(need);
        need = 0;
      }
    }
    const out = Buffer.concat(parts);
    queued -= out.length;
    return out;
  };

  const pump = (): void => {
    timer = undefined;
    while (!done) {
      const step = policy(sent);
      if ('cut' in step) {
        done = true;
        // The head goes first (headersSent is already true once writeHead has built it, before it is sent).
        res.flushHeaders();
        // Once what went before is flushed: an empty write on the socket completes after it.
        const socket = res.socket;
        if (socket === null) return;
        socket.write(Buffer.alloc(0), () => cutConnection(socket, step.cut));
        return;
      }
      if (queued === 0 && step.send > 0) {
        if (ended !== null) {
          done = true;
          const callback = ended.callback;
          end(callback === undefined ? undefined : () => callback());
        }
        return;
      }
      if (step.send > 0) {
        const out = take(step.send);
        sent += out.length;
        write(out);
        if (full && queued < PACE_HIGH_WATER) {
          full = false;
          process.nextTick(() => res.emit('drain'));
        }
      }
      if (step.waitMs > 0) {
        timer = setTimeout(pump, step.waitMs);
        return;
      }
    }
  };

  const schedule = (): void => {
    if (timer === undefined && !done) pump();
  };

  res.write = ((...args: unknown[]) => {
    const { chunk, callback } = chunkArgs(args);
    if (chunk !== null && chunk.length > 0 && !done) {
      queue.push(chunk);
      queued += chunk.length;
      wroteAny = true;
    }
    callback?.();
    schedule();
    if (queued >= PACE_HIGH_WATER) full = true;
    return !full;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    if (ended !== null) return res;
    const { chunk, callback } = chunkArgs(args);
    if (chunk !== null && chunk.length > 0) {
      queue.push(chunk);
      queued += chunk.length;
    }
    // A whole body given at once: its length is known, so the framing is what node would have chosen.
    if (!wroteAny && !res.headersSent && !res.hasHeader('content-length') && !res.hasHeader('transfer-encoding')) res.setHeader('content-length', queued);
    ended = { callback };
    schedule();
    return res;
  }) as ServerResponse['end'];
}
