import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

// Quirk hypothetical.mr.socket.prefix.daemon-errors (specs/quirks/model-runner.ts): under the socket prefix the
// runner's error answers pass the daemon's error middleware: their body becomes the daemon's {"message": …} instead of
// the runner's.

/**
 * Wraps `res` so that an answer with a status of 400 or more goes out as the daemon's errors do:
 * {"message": <the runner's message>} in JSON (the runner's OpenAI error's message, or its plain text).
 */
export function daemonErrorForm(res: ServerResponse): ServerResponse {
  let status = 200;
  const writeHead = res.writeHead.bind(res) as (code: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  const patched = res as unknown as {
    writeHead: (code: number, ...rest: unknown[]) => ServerResponse;
    end: (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  };
  const originalWriteHead = patched.writeHead;
  patched.writeHead = (code: number, ...rest: unknown[]) => {
    status = code;
    return code < 400 ? (originalWriteHead as (c: number, ...r: unknown[]) => ServerResponse).call(res, code, ...rest) : res;
  };
  patched.end = (chunk?: unknown) => {
    if (status < 400) return end(chunk);
    const text = chunk === undefined || chunk === null ? '' : String(chunk);
    let message = text.trim();
    try {
      const doc = JSON.parse(text) as { error?: { message?: unknown } };
      if (typeof doc.error?.message === 'string') message = doc.error.message;
    } catch {
      // Plain text: the message as it is.
    }
    const body = `${JSON.stringify({ message })}\n`;
    writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
    return end(body);
  };
  return res;
}
