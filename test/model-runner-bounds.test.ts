import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import t, { type Test } from 'tap';
import { ModelRunner, runnerHandler } from '../simulator/model-runner/index.js';
import { INFERENCE_QUEUE, INFERENCE_SLOTS } from '../simulator/model-runner/work-slots.js';

/**
 * Issue 22, "the model runner bounds its work", on the runner in this process: the heavy
 * requests are refused at once, and clients that never read their streams neither grow the heap
 * nor stay connected past the stall deadline.
 */

/** A model of the runner's registry (specs/model-registry.ts): a create of any other is 404. */
const MODEL = 'ai/smollm2:135M-Q4_K_M';

async function startRunner(t: Test): Promise<{ runner: ModelRunner; server: Server; port: number }> {
  const dir = mkdtempSync('/tmp/ctc-mrbounds-');
  const runner = ModelRunner.open(dir, new Set());
  const handle = runnerHandler(runner);
  const server = createServer((req, res) => handle(req, res, req.url ?? '/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const port = (server.address() as { port: number }).port;
  await post(port, '/models/create', { from: MODEL });
  return { runner, server, port };
}

function post(port: number, path: string, body: unknown): Promise<{ status: number; text: string; ms: number; retryAfter: string | undefined }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - start,
            retryAfter: res.headers['retry-after'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const errorOf = (text: string): { message: string; type: string; param: string | null } =>
  (JSON.parse(text) as { error: { message: string; type: string; param: string | null } }).error;

t.test('a prompt array of 30 000 items with n 128 (about 100 KB) is refused at once, naming prompt', async (t) => {
  const { port } = await startRunner(t);
  const body = { model: MODEL, prompt: Array.from({ length: 30_000 }, (_, i) => `p${i}`), n: 128 };
  t.ok(JSON.stringify(body).length > 90_000, 'the request is about 100 KB');
  const reply = await post(port, '/engines/v1/completions', body);
  t.equal(reply.status, 400);
  t.match(errorOf(reply.text), { type: 'invalid_request_error', param: 'prompt' });
  t.ok(reply.ms < 2_000, `answered in ${reply.ms.toFixed(0)} ms`);
  const many = await post(port, '/engines/v1/completions', { model: MODEL, prompt: Array.from({ length: 64 }, (_, i) => `p${i}`), n: 128 });
  t.equal(many.status, 400, '64 prompts × n 128 is over the choices bound too');
  t.match(errorOf(many.text), { param: 'n' });
  const within = await post(port, '/engines/v1/completions', { model: MODEL, prompt: Array.from({ length: 32 }, (_, i) => `p${i}`), n: 128, max_tokens: 2 });
  t.equal(within.status, 200, '32 prompts × n 128 is served');
  t.equal((JSON.parse(within.text) as { choices: unknown[] }).choices.length, 4096);
});

t.test('2 048 embedding inputs × 4 096 dimensions (a 10 KB request) are refused, naming dimensions; the OpenAI limits hold', async (t) => {
  const { port } = await startRunner(t);
  const reply = await post(port, '/engines/v1/embeddings', { model: MODEL, input: Array.from({ length: 2048 }, (_, i) => `w${i}`), dimensions: 4096 });
  t.equal(reply.status, 400);
  t.match(errorOf(reply.text), { type: 'invalid_request_error', param: 'dimensions' });
  t.ok(reply.ms < 2_000, `answered in ${reply.ms.toFixed(0)} ms`);
  t.equal((await post(port, '/engines/v1/embeddings', { model: MODEL, input: Array.from({ length: 2049 }, () => 'w') })).status, 400, '2 049 inputs');
  t.equal((await post(port, '/engines/v1/embeddings', { model: MODEL, input: ['w '.repeat(8193).trim()] })).status, 400, 'an input of 8 193 tokens');
  t.equal(
    (await post(port, '/engines/v1/embeddings', { model: MODEL, input: Array.from({ length: 38 }, () => 'w '.repeat(8000).trim()) })).status,
    400,
    '304 000 tokens in all',
  );
  const at = await post(port, '/engines/v1/embeddings', { model: MODEL, input: Array.from({ length: 2048 }, (_, i) => `w${i}`), dimensions: 512 });
  t.equal(at.status, 200, '2 048 inputs × 512 dimensions are served');
  t.equal((JSON.parse(at.text) as { data: { embedding: number[] }[] }).data[2047]?.embedding.length, 512);
});

/** A client that sends a streaming request and never reads a byte of the answer. */
function stalledClient(port: number, body: unknown): Socket {
  const payload = JSON.stringify(body);
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(
      `POST /engines/v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
  });
  socket.pause();
  socket.on('error', () => undefined);
  return socket;
}

const memory = (): number => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

const connections = (server: Server): Promise<number> =>
  new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

t.test('two streaming clients that never read do not grow memory, and are dropped after the stall deadline', async (t) => {
  const { runner, server, port } = await startRunner(t);
  runner.streamStallMs = 3_000;
  const sockets: Socket[] = [];
  server.on('connection', (socket: Socket) => sockets.push(socket));
  // The heaviest stream allowed: 4 096 choices, about 26 MB of events each.
  const body = { model: MODEL, prompt: Array.from({ length: 32 }, (_, i) => `p${i}`), n: 128, stream: true };
  const before = memory();
  const clients = [stalledClient(port, body), stalledClient(port, body)];
  t.teardown(() => clients.forEach((client) => client.destroy()));
  let peak = 0;
  let queued = 0;
  const start = performance.now();
  while (performance.now() - start < 2_500) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    peak = Math.max(peak, memory() - before);
    // What the server holds for them beyond the kernel's buffers: the answer it wrote and they did not take.
    queued = Math.max(
      queued,
      sockets.reduce((sum, socket) => sum + socket.writableLength, 0),
    );
  }
  t.ok(queued < 1024 * 1024, `the server holds ${(queued / 1024).toFixed(0)} KiB of unread answer for them (it waits for them to read)`);
  t.ok(peak < 40 * 1024 * 1024, `memory grew by at most ${(peak / 1024 / 1024).toFixed(1)} MB while 2 × 26 MB went unread`);
  t.equal(await connections(server), 2, 'both clients are still connected before the deadline');
  const deadline = performance.now() + 10_000;
  while ((await connections(server)) > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(await connections(server), 0, `both dropped ${((performance.now() - start) / 1000).toFixed(1)} s after they stopped reading (deadline 3 s)`);
});

/** Polls `condition` every 20 ms for at most `ms`; whether it came true. */
async function until(condition: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

t.test('inference beyond the slots waits in line, beyond the line is refused with 503 and Retry-After, and the line drains', async (t) => {
  const { runner, port } = await startRunner(t);
  runner.streamStallMs = 3_000;
  const slots = runner.inferenceSlots;
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, slots.inUse)), 5);
  t.teardown(() => clearInterval(watch));
  // Clients that never read their heavy streams hold every slot until the stall deadline drops them.
  const heavy = { model: MODEL, prompt: Array.from({ length: 32 }, (_, i) => `p${i}`), n: 128, stream: true };
  const stalled = Array.from({ length: INFERENCE_SLOTS }, () => stalledClient(port, heavy));
  t.teardown(() => stalled.forEach((client) => client.destroy()));
  t.ok(await until(() => slots.inUse === INFERENCE_SLOTS), `the ${INFERENCE_SLOTS} heavy streams hold every slot`);
  const light = { model: MODEL, prompt: 'hello', max_tokens: 4 };
  const waiting = Array.from({ length: INFERENCE_QUEUE }, () => post(port, '/engines/v1/completions', light));
  t.ok(await until(() => slots.waitingCount === INFERENCE_QUEUE), `${INFERENCE_QUEUE} requests wait in line`);
  const refused = await post(port, '/engines/v1/completions', light);
  t.equal(refused.status, 503, 'one more is refused at once');
  t.equal(refused.retryAfter, '1', 'with Retry-After');
  t.match(refused.text, /too many inference requests in progress/);
  const listed = await post(port, '/models', {}).catch(() => null);
  t.not(listed, null, 'the rest of the runner still answers');
  const answers = await Promise.all(waiting);
  t.same(
    [...new Set(answers.map((answer) => answer.status))],
    [200],
    'the line drains once the stalled clients are dropped: every waiting request is answered',
  );
  t.ok(most <= INFERENCE_SLOTS, `never more than ${INFERENCE_SLOTS} at work at once (at most ${most})`);
  t.ok(await until(() => slots.inUse === 0 && slots.waitingCount === 0), 'every slot is given back');
});
