import { request } from 'node:http';

/** An answer of the simulator, its body as text. */
export interface Reply {
  readonly status: number;
  readonly body: string;
}

/** One request over a unix socket, with a tar body by default; no answer in 10 s is an error. */
export function send(socket: string, method: string, path: string, body?: Buffer, type = 'application/x-tar'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: socket,
        method,
        path,
        headers: { 'Content-Type': type, ...(body === undefined ? {} : { 'Content-Length': body.length }) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
