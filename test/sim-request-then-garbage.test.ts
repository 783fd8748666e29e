import { createConnection } from 'node:net';
import t from 'tap';
import { startInProcessSim } from './helpers/in-process-sim.js';

/**
 * Issue 41: requests followed by garbage in the same write were carried out, but an answer was
 * lost: the refusal of the garbage ended the connection while a pipelined request's answer was
 * still queued. Go's server answers each request, then reads the next and refuses it: every
 * answer, in order, the refusal last.
 */
function exchange(socket: string, bytes: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socket);
    let got = '';
    conn.setTimeout(10_000, () => conn.destroy(new Error(`no end in 10 s; got ${JSON.stringify(got)}`)));
    conn.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
    conn.on('error', reject);
    conn.on('close', () => resolve([...got.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))));
    conn.write(bytes);
  });
}

const PING = 'GET /_ping HTTP/1.1\r\nHost: ctrd\r\n\r\n';
const VERSION = 'GET /version HTTP/1.1\r\nHost: ctrd\r\n\r\n';

t.test('requests and garbage in one write: each request is answered, then the garbage refused', async (t) => {
  const { socket } = await startInProcessSim(t, 'ctc-garbage-', []);
  t.same(await exchange(socket, `${PING}\x00\x01garbage\r\n\r\n`), [200, 404], 'one request, then bytes that are no method');
  t.same(await exchange(socket, `${PING}${VERSION}\x00\x01garbage\r\n\r\n`), [200, 200, 404], 'two pipelined requests, then bytes that are no method');
  t.same(await exchange(socket, `${PING}${VERSION}GET / HTTP/9.9\r\n\r\n`), [200, 200, 400], 'two pipelined requests, then a head of no HTTP version');
});
