import { connect } from 'node:net';
import type { HttpClient } from '../../suites/http/client.js';

/** What came back on a connection: its bytes (at most `limit`), and whether the server ended it before the deadline. */
export interface RawReply {
  readonly text: string;
  readonly ended: boolean;
}

/**
 * Writes `request` as is on a new connection to the client's endpoint and reads what comes back
 * until the server ends the connection or `deadlineMs` passes (then the connection is dropped):
 * for answers no HTTP client reads, such as a hijacked attach and its stream.
 */
/**
 * What the client sends after its request (100 ms later: bytes sent with the head may be read with
 * it), and whether it then ends its side: only on a connection the server took over (an answer
 * without a length), else they would be another request.
 */
/** Whether the text holds an answer with its whole body: by its Content-Length, or chunked to its last chunk. */
function answerComplete(text: string): boolean {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const head = text.slice(0, headEnd);
  const body = text.slice(headEnd + 4);
  const length = /^content-length: *(\d+)/im.exec(head);
  if (length !== null) return body.length >= Number(length[1]);
  return /^transfer-encoding: *chunked/im.test(head) && (body === '0\r\n\r\n' || body.endsWith('\r\n0\r\n\r\n'));
}

export interface RawInput {
  readonly input: string;
  readonly halfClose: boolean;
}

export function rawExchange(client: HttpClient, request: string, deadlineMs: number, afterwards?: RawInput, limit = 8192): Promise<RawReply> {
  const endpoint = client.endpoint;
  if (endpoint.kind !== 'unix') throw new Error('rawExchange needs a unix socket');
  return new Promise((resolve) => {
    const socket = connect(endpoint.path);
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ended });
    };
    const timer = setTimeout(finish, deadlineMs);
    socket.on('data', (chunk: Buffer) => {
      if (size < limit) chunks.push(chunk.subarray(0, limit - size));
      size += chunk.length;
      // An ordinary answer read whole leaves a kept-alive connection open: there is nothing more to wait for.
      if (answerComplete(Buffer.concat(chunks).toString('latin1'))) finish();
    });
    socket.on('end', () => {
      ended = true;
      finish();
    });
    socket.on('error', finish);
    socket.write(request, 'latin1');
    if (afterwards !== undefined)
      setTimeout(() => {
        const head = Buffer.concat(chunks).toString('latin1');
        if (socket.destroyed || /^content-length:/im.test(head)) return;
        if (afterwards.input !== '') socket.write(afterwards.input, 'latin1');
        if (afterwards.halfClose) socket.end();
      }, 100);
  });
}
