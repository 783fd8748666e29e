import { request } from 'node:http';

/** An answer of the simulator, its body as text. */
export interface Reply {
  readonly status: number;
  readonly body: string;
}

/** One request over a unix socket, with a tar body by default; no answer in `deadlineMs` (10 s) is an error. */
export function send(socket: string, method: string, path: string, body?: Buffer, type = 'application/x-tar', deadlineMs = 10_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: socket,
        method,
        path,
        headers: { 'Content-Type': type, ...(body === undefined ? {} : { 'Content-Length': body.length }) },
        timeout: deadlineMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${deadlineMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer's body as JSON. */
export const replyJson = (reply: Reply): unknown => JSON.parse(reply.body);

/** The `message` of a JSON error answer. */
export const replyMessage = (reply: Reply): unknown => (replyJson(reply) as { message?: unknown }).message;
