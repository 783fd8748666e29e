import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { hijack } from '../../http/hijack.js';
import type { Route } from '../../http/route.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { Container } from '../objects/index.js';
import { boolQuery, queryBytes } from '../replies.js';
import { detachKeyBytes } from './detach-keys.js';
import { logDriverOf } from './logs.js';
import { outputStreamType, RAW_STREAM } from './stream-types.js';

/**
 * POST /containers/{name}/attach of a container that runs nothing, as moby's postContainersAttach
 * and ContainerAttach answer it (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-06).
 * The connection is hijacked before anything is written: a refusal is a bare status line, the
 * raw-stream type and the error's text, then the connection ends; an attach is a bare 200 (or 101
 * for a client that asked to upgrade) with no middleware header.
 */
export const ATTACH_MESSAGES = {
  invalidDetachKeys: 'Invalid detach keys ({keys}) provided',
  /** `{name}` as the path gives it. */
  paused: 'container {name} is paused, unpause the container before attach',
} as const;

/** The refusal, written on the hijacked connection (Go's StatusText, then the error and CRLF). */
function refuse(socket: Socket, status: number, message: Buffer): void {
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: ${RAW_STREAM}\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), message, Buffer.from('\r\n', 'latin1')]));
}

/** The default detach keys, ctrl-p then ctrl-q (moby's stream package). */
const DEFAULT_DETACH_KEYS = [16, 17];

/** The detach keys as the query gives them (null: none), and their bytes (null: moby/term cannot read them; the default when none). */
export function detachKeysOf(x: Exchange): { readonly given: Buffer | null; readonly bytes: readonly number[] | null } {
  const given = queryBytes(x, 'detachKeys');
  return given === null || given.length === 0 ? { given: null, bytes: DEFAULT_DETACH_KEYS } : { given, bytes: detachKeyBytes(given) };
}

/** Why the daemon will not attach, in the order it checks: the detach keys, the container, a pause. */
function refusal(unreadableKeys: Buffer | null, name: string, container: Container | undefined): { status: number; message: Buffer } | null {
  if (unreadableKeys !== null) {
    // The keys as sent, byte for byte (Go's %s).
    const [before, after] = ATTACH_MESSAGES.invalidDetachKeys.split('{keys}') as [string, string];
    return { status: 400, message: Buffer.concat([Buffer.from(before), unreadableKeys, Buffer.from(after)]) };
  }
  if (container === undefined) return { status: 404, message: Buffer.from(fillMessage(ENGINE_MESSAGES.noSuchContainer, { name })) };
  if (container.paused) return { status: 409, message: Buffer.from(fillMessage(ATTACH_MESSAGES.paused, { name })) };
  return null;
}

/** The head of an attach: 101 when the client asked to upgrade, typed as the container's output is (stream-types.ts). */
function attachHead(x: Exchange, container: Container): string {
  if (x.req.headers['upgrade'] === undefined) return `HTTP/1.1 200 OK\r\nContent-Type: ${RAW_STREAM}\r\n\r\n`;
  return `HTTP/1.1 101 UPGRADED\r\nContent-Type: ${outputStreamType(x, container)}\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n`;
}

/** Which of the container's streams an attach asks for. */
export interface AttachStreams {
  readonly stdin: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
}

/**
 * How an attach's streams reach the client once it is attached: raw on the connection (POST
 * …/attach) or in WebSocket frames (GET …/attach/ws).
 */
export interface AttachChannel {
  /** Starts reading the client's input (bytes as they come, then its end); `block` when the copy blocks on what it handed on: its end is then never seen. */
  readInput(on: { data(bytes: Buffer): void; ended(): void }): { block(): void };
  /** Ends the attach on the connection. */
  end(): void;
  /** Calls `listener` when the connection is gone. */
  onClose(listener: () => void): void;
}

/** The raw connection of POST …/attach: what the client sends after the head is the input, its half-close the input's end. */
export function rawChannel(socket: Socket): AttachChannel {
  let reading = true;
  return {
    readInput(on) {
      socket.on('data', (chunk: Buffer) => {
        if (reading) on.data(chunk);
      });
      socket.once('end', () => {
        if (reading) on.ended();
      });
      return {
        block() {
          reading = false;
        },
      };
    },
    end: () => socket.end(),
    onClose: (listener) => socket.once('close', listener),
  };
}

/**
 * The client's input on its way to a container's stdin (moby's CopyStreams, through moby/term's
 * escape proxy for a TTY): `detach` at the detach keys in a row (a byte that breaks the row is
 * passed on, and is not tried as the row's first); `inputEnded` at the input's end. A container
 * that runs nothing reads nothing: the first byte passed on blocks the copy for good, so neither
 * happens after it, and nothing more is handed on (observed on 29.7.2: "y" before ctrl-p ctrl-q, or
 * "x" before a detach key "a", keeps the attach open).
 */
function copyInput(channel: AttachChannel, container: Container, detachKeys: readonly number[] | null, on: { detach(): void; inputEnded(): void }): void {
  let matched = 0;
  const reading = channel.readInput({
    data(chunk) {
      for (const byte of chunk) {
        if (detachKeys !== null && byte === detachKeys[matched]) {
          matched += 1;
          if (matched === detachKeys.length) return on.detach();
          continue;
        }
        matched = 0;
        // A write to a stdin an attach closed fails: the copy ends there.
        if (closedStdin.has(container)) {
          reading.block();
          return on.inputEnded();
        }
        if (container.state !== 'running') {
          reading.block();
          return waitForStdinClose(container, () => on.inputEnded());
        }
      }
    },
    ended: () => on.inputEnded(),
  });
}

/**
 * Containers whose stdin an attach closed: one whose stdin is open for one attach (StdinOnce, no
 * TTY) once that attach's input ends (moby's CopyStreams, CloseStdin). Their next start makes new
 * pipes (NewInputPipes). Observed on 26.1.5, 28.5.2 and 29.7.2, 2026-12-08: after such an attach
 * ended, an attach's first byte of input ends its copy, and with it an attach of stdin alone.
 */
const closedStdin = new WeakSet<Container>();
/** The copies blocked on a container's stdin pipe, which fail once it is closed. */
const blockedOnStdin = new WeakMap<Container, Set<() => void>>();

function waitForStdinClose(container: Container, failed: () => void): void {
  const waiting = blockedOnStdin.get(container) ?? new Set();
  waiting.add(failed);
  blockedOnStdin.set(container, waiting);
}

function closeStdin(container: Container): void {
  closedStdin.add(container);
  const waiting = blockedOnStdin.get(container);
  blockedOnStdin.delete(container);
  for (const failed of waiting ?? []) failed();
}

/** A start's new stdin pipe: open again, and nothing blocked on it (what was blocked on the old one stays so). */
export function reopenStdin(container: Container): void {
  closedStdin.delete(container);
  blockedOnStdin.delete(container);
}

/**
 * Attached: the logs come first (a container that runs nothing printed nothing), then the attach
 * event; without `stream` the attach ends there. With it the daemon copies the streams asked for
 * (stdin only to a container with its stdin open) until they end (moby's CopyStreams): with none
 * it ends at once; the container's output ends when it dies after a start (a removal of a
 * container never started leaves it open, observed); the client's input ends with its end, which
 * ends the output's copies too unless the container closes its stdin after one attach (StdinOnce
 * without a TTY); a TTY's input ends at the detach keys (a detach event: copyInput). Such a
 * StdinOnce container's attach then waits for the container to stop. With `logs` a container
 * whose log driver is none never gets past its logs: the releases' reader of the driver's cache
 * waits forever, with no attach event (observed; they then also hang the logs of the containers
 * that existed at that moment, which ctrd-sim does not model).
 */
export function runAttach(x: Exchange, container: Container, detachKeys: readonly number[], streams: AttachStreams, channel: AttachChannel): void {
  if (boolQuery(x, 'logs') && logDriverOf(container) === 'none') return;
  const objects = x.state.objects;
  objects.containerEvent(container, 'attach');
  if (!boolQuery(x, 'stream')) return channel.end();
  const waitsForStop = container.config['StdinOnce'] === true && container.config['Tty'] !== true;
  const copiesInput = streams.stdin && container.config['OpenStdin'] === true;
  const copiesOutput = streams.stdout || streams.stderr;
  let done = false;
  const unsubscribe = objects.events.subscribe((event) => {
    if (event.actorId === container.id && event.action === 'die') end();
  });
  channel.onClose(() => {
    done = true;
    unsubscribe();
  });
  function end(): void {
    if (done) return;
    if (waitsForStop && container.state === 'running') return;
    done = true;
    unsubscribe();
    channel.end();
  }
  // moby's containerAttach starts copying the client's input before it drops the stdin of a
  // container that has none open: that copy reads up to the first data and blocks on it for good
  // (observed on 29.7.2: a ping before it is answered on a WebSocket).
  if (streams.stdin && !copiesInput) channel.readInput({ data: () => undefined, ended: () => undefined }).block();
  if (!copiesInput && !copiesOutput) return end();
  if (!copiesInput) return;
  copyInput(channel, container, container.config['Tty'] === true ? detachKeys : null, {
    detach() {
      objects.containerEvent(container, 'detach');
      end();
    },
    // The end of the input closes the container's output streams too, unless it closes its stdin.
    inputEnded() {
      if (waitsForStop) closeStdin(container);
      if (!waitsForStop || !copiesOutput) end();
    },
  });
}

export const containerAttachRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/attach',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/attach.ts: POST /containers/{name}/attach',
  rules: [],
  handle(x) {
    const socket = hijack(x);
    if (socket === null) return;
    socket.on('error', () => socket.destroy());
    const name = x.params['name'] ?? '';
    const container = x.state.objects.findContainer(name);
    const keys = detachKeysOf(x);
    const refused = refusal(keys.bytes === null ? keys.given : null, name, container);
    if (refused !== null) return refuse(socket, refused.status, refused.message);
    socket.write(attachHead(x, container!));
    // The raw connection is read whether or not the container's stdin takes it.
    socket.on('data', () => undefined);
    const streams = { stdin: boolQuery(x, 'stdin'), stdout: boolQuery(x, 'stdout'), stderr: boolQuery(x, 'stderr') };
    runAttach(x, container!, keys.bytes!, streams, rawChannel(socket));
  },
};
