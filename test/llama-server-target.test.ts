import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { LlamaServerTarget, modelName } from '../suites/targets/llama-server/llama-server-target.js';
import { startPathFront, upstreamFor } from '../suites/targets/llama-server/path-front.js';
import { provisionedLlama, type ProvisionedLlama } from '../suites/targets/llama-server/provisioned-llama.js';
import { isRunning } from '../suites/targets/process/reaper.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { TargetError, type TargetInstance } from '../suites/targets/target.js';
import { inCI } from './helpers/real-daemons.js';

/**
 * The llama-server target: llama.cpp's server from scripts/provision-llama.sh's root, two
 * processes behind a front that routes by path. Its routing and byte-for-byte forwarding are
 * checked against stand-in upstreams; the real processes are started once.
 */

const scratch = mkdtempSync('/tmp/ctc-llama-test-');
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

t.test('the spec resolves to a target with only the model runner API, and no settings to change', async (t) => {
  const target = resolveTarget('llama-server', {});
  t.equal(target.kind, 'openai', 'reached as an OpenAI-compatible server');
  t.same([...target.capabilities], []);
  t.same([...target.surfaces], ['model-runner-api']);
  await t.rejects(target.start({ args: ['--verbose'] }), { code: 'TARGET_NOT_CONFIGURABLE' });
  t.throws(() => resolveTarget('llama-server', { emulate: '28.5' }), { code: 'TARGET_SPEC' }, '--emulate is for the simulator');
});

t.test('missing provisioning is a TargetError that names the script', async (t) => {
  const empty = join(scratch, 'empty');
  const error = await new LlamaServerTarget('llama-server', { cache: empty }).start().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  t.ok(error instanceof TargetError, 'a TargetError');
  t.equal((error as TargetError).code, 'TARGET_NOT_PROVISIONED');
  t.match((error as TargetError).message, /llama\.tsv is unreadable \(ENOENT\).*scripts\/provision-llama\.sh/);
  const partial = mkdtempSync(join(scratch, 'partial-'));
  writeFileSync(join(partial, 'llama.tsv'), 'root\t/nonexistent\nserver\t/usr/bin/llama-server\n');
  t.throws(() => provisionedLlama(partial), { code: 'TARGET_NOT_PROVISIONED', message: /lacks a root, server or model line.*provision-llama\.sh/ });
  const noServer = mkdtempSync(join(scratch, 'no-server-'));
  writeFileSync(join(noServer, 'llama.tsv'), 'root\t/nonexistent\nserver\t/usr/bin/llama-server\nmodel\tchat\t/m/a.gguf\tx\nmodel\tembeddings\t/m/b.gguf\tx\n');
  t.throws(() => provisionedLlama(noServer), { code: 'TARGET_NOT_PROVISIONED', message: /\/nonexistent\/usr\/bin\/llama-server is not an executable file/ });
});

t.test('routing: POST …/embeddings to the embeddings process, everything else to the chat one', async (t) => {
  const upstreams = { chat: 1, embeddings: 2 };
  const segment = fc.stringMatching(/^[a-z0-9._-]{1,12}$/);
  fc.assert(
    fc.property(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'HEAD'), fc.array(segment, { maxLength: 4 }), fc.boolean(), (method, segments, query) => {
      const path = `/${segments.join('/')}${query ? '?x=1' : ''}`;
      const last = segments.at(-1);
      const expected = method === 'POST' && last === 'embeddings' ? 2 : 1;
      return upstreamFor(method, path, upstreams) === expected;
    }),
  );
  t.equal(upstreamFor('POST', '/v1/embeddings', upstreams), 2);
  t.equal(upstreamFor('POST', '/v1/embeddings/', upstreams), 2);
  t.equal(upstreamFor('POST', '/v1/chat/completions', upstreams), 1);
  t.equal(upstreamFor('GET', '/v1/embeddings', upstreams), 1, 'a GET is no embeddings request');
});

/** A stand-in llama-server: answers what the test set, says which it is, and echoes the request. */
interface StandIn {
  readonly server: Server;
  readonly port: number;
  answer: { status: number; headers: [string, string][]; chunks: Buffer[] };
  seen: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer } | undefined;
}

/** Clears what the stand-ins saw (a function: an assignment in place would narrow `seen` to undefined for the checks after the request). */
const forget = (...ins: StandIn[]): void => {
  for (const one of ins) one.seen = undefined;
};

async function standIn(): Promise<StandIn> {
  const state: Omit<StandIn, 'server' | 'port'> = { answer: { status: 200, headers: [], chunks: [] }, seen: undefined };
  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', async () => {
      state.seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(body) };
      res.writeHead(state.answer.status, state.answer.headers.flat());
      for (const chunk of state.answer.chunks) {
        res.write(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result = Object.assign(state, { server, port: (server.address() as AddressInfo).port }) as StandIn;
  return result;
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; message: string; raw: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // Framed explicitly: node sends a GET's body without a length otherwise.
    const framed = { ...headers, 'Content-Length': String(body.length) };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: framed, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, message: res.statusMessage ?? '', raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

t.test('the front passes requests and answers through unchanged: status, headers, body, streamed chunks', async (t) => {
  const chat = await standIn();
  const embeddings = await standIn();
  t.teardown(() => {
    chat.server.close();
    embeddings.server.close();
  });
  const front = await startPathFront({ chat: chat.port, embeddings: embeddings.port });
  t.teardown(() => front.close());
  const token = fc
    .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
    .filter((name) => !/^(connection|keep-alive|transfer-encoding|te|trailer|upgrade|date|content-length|host|proxy-connection)$/i.test(name));
  const value = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,30}[\x21-\x7e])?$/);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('/v1/chat/completions', '/v1/completions', '/v1/embeddings', '/v1/models', '/health'),
      fc.constantFrom('GET', 'POST'),
      fc.uint8Array({ maxLength: 300 }),
      fc.integer({ min: 200, max: 599 }).filter((status) => status !== 204 && status !== 304),
      fc.uniqueArray(fc.tuple(token, value), { maxLength: 4, selector: ([name]) => name.toLowerCase() }),
      fc.array(fc.uint8Array({ minLength: 1, maxLength: 50 }), { maxLength: 5 }),
      async (path, method, requestBody, status, headers, chunks) => {
        const expectEmbeddings = method === 'POST' && path === '/v1/embeddings';
        const [hit, missed] = expectEmbeddings ? [embeddings, chat] : [chat, embeddings];
        forget(hit, missed);
        hit.answer = { status, headers, chunks: chunks.map((c) => Buffer.from(c)) };
        const reply = await send(front.port, method, path, { 'X-Probe': 'yes', 'Content-Type': 'application/json' }, Buffer.from(requestBody));
        if (missed.seen !== undefined || hit.seen === undefined) return false;
        if (hit.seen.method !== method || hit.seen.url !== path || hit.seen.headers['x-probe'] !== 'yes') return false;
        if (!hit.seen.body.equals(Buffer.from(requestBody))) return false;
        if (reply.status !== status) return false;
        const got = new Map<string, string>();
        for (let i = 0; i < reply.raw.length; i += 2) got.set(reply.raw[i]!, reply.raw[i + 1]!);
        if (!headers.every(([name, v]) => got.get(name) === v)) return false;
        return reply.body.equals(Buffer.concat(chunks.map((c) => Buffer.from(c))));
      },
    ),
    { numRuns: 60 },
  );
  t.pass('forwarded unchanged');

  chat.server.close();
  chat.server.closeAllConnections();
  const gone = await send(front.port, 'GET', '/v1/models', {}, Buffer.alloc(0));
  t.equal(gone.status, 502, 'an engine that cannot be reached: 502');
  t.equal(gone.body.length, 0, 'with an empty body, as DMR answers');
});

/** Our own llama-server processes: children of this process whose program is the root's llama-server. */
function ourLlamaServers(llama: ProvisionedLlama): number[] {
  const program = join(llama.root, llama.server);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readlinkSync(`/proc/${entry}/exe`) === program) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Mount points at or under `dir` in this process's mount table. */
function mountsUnder(dir: string): string[] {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4] ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`));
}

let llama: ProvisionedLlama | undefined;
let missing: string | null = null;
try {
  llama = provisionedLlama();
} catch (error) {
  if (!(error instanceof TargetError)) throw error;
  missing = error.message;
}

if (llama === undefined) {
  if (inCI()) t.fail(`llama-server is required in CI: ${missing}`);
  else t.test('llama-server against the suite', { skip: missing ?? 'not provisioned' }, async () => {});
} else {
  const provisioned = llama;

  t.test('a llama-server that cannot load its model: the start fails with its output, and nothing remains', async (t) => {
    // A cache whose manifest names a file that is no model (it is inside the root, and readable).
    const cache = mkdtempSync(join(scratch, 'bad-model-'));
    const lines = [
      `root\t${provisioned.root}`,
      `server\t${provisioned.server}`,
      'model\tchat\t/etc/hostname\tx',
      `model\tembeddings\t${provisioned.models.embeddings}\tx`,
    ];
    writeFileSync(join(cache, 'llama.tsv'), `${lines.join('\n')}\n`);
    const outcome = await new LlamaServerTarget('llama-server', { cache, startTimeoutMs: 30_000 }).start();
    if (outcome.ok) {
      await outcome.instance.stop();
      t.fail('a start with a file that is no model served');
      return;
    }
    t.not(outcome.exitCode, null, 'llama-server exited');
    t.match(outcome.output, /the chat llama-server did not serve/);
    t.match(outcome.output, /\/etc\/hostname/, 'its output names the file it could not load');
    t.same(ourLlamaServers(provisioned), [], 'no llama-server of ours remains');
  });

  t.test('llama-server: models, chat, stream and embeddings through the front, then nothing left', async (t) => {
    const outcome = await new LlamaServerTarget('llama-server').start();
    if (!outcome.ok) throw new Error(`llama-server did not start: ${outcome.output}`);
    const instance: TargetInstance = outcome.instance;
    t.teardown(() => instance.stop());
    const pids = ourLlamaServers(provisioned);
    t.equal(pids.length, 2, 'two llama-server processes: chat and embeddings');
    t.ok(pids.includes(instance.pid!), "the instance's pid is one of them");
    const endpoint = instance.endpoints.modelRunner;
    t.match(endpoint, { kind: 'tcp', host: '127.0.0.1', basePath: '/v1' });
    t.same(instance.endpoints.listeners, [endpoint]);
    if (endpoint?.kind !== 'tcp') return;
    const base = `http://127.0.0.1:${endpoint.port}/v1`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });

    const models = await fetch(`${base}/models`, { signal: AbortSignal.timeout(30_000) });
    t.equal(models.status, 200, 'GET /v1/models');
    const list = (await models.json()) as { object?: unknown; data?: { id?: unknown; object?: unknown }[] };
    t.equal(list.object, 'list');
    t.ok(
      list.data?.some((model) => model.id === modelName(provisioned.models.chat) && model.object === 'model'),
      'it lists the chat model, by its name',
    );

    const chat = await post('/chat/completions', { model: 'any', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 4 });
    t.equal(chat.status, 200, 'a chat completion');
    const completion = (await chat.json()) as Record<string, unknown> & { choices?: { message?: { role?: unknown; content?: unknown } }[] };
    t.equal(completion['object'], 'chat.completion');
    t.type(completion['id'], 'string');
    t.equal(completion.choices?.[0]?.message?.role, 'assistant');
    t.type(completion.choices?.[0]?.message?.content, 'string');
    t.match(completion['usage'], { prompt_tokens: Number, completion_tokens: Number, total_tokens: Number });

    const stream = await post('/chat/completions', { model: 'any', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 3, stream: true });
    t.equal(stream.status, 200, 'a streamed chat completion');
    t.match(stream.headers.get('content-type'), /^text\/event-stream/);
    const events = (await stream.text()).trim().split('\n\n');
    t.equal(events.at(-1), 'data: [DONE]', 'the stream ends with data: [DONE]');
    t.match(JSON.parse(events[0]!.replace(/^data: /, '')), { object: 'chat.completion.chunk' });

    const embedding = await post('/embeddings', { model: 'any', input: ['one', 'two'] });
    t.equal(embedding.status, 200, 'an embedding');
    const vectors = (await embedding.json()) as { object?: unknown; data?: { object?: unknown; index?: unknown; embedding?: unknown }[] };
    t.equal(vectors.object, 'list');
    t.same(
      vectors.data?.map((d) => [d.object, d.index, Array.isArray(d.embedding) ? d.embedding.length : null]),
      [
        ['embedding', 0, 64],
        ['embedding', 1, 64],
      ],
      'one 64-wide vector per input, in order',
    );

    await instance.stop();
    t.same(
      pids.filter((pid) => isRunning(pid)),
      [],
      'after stop no llama-server of ours runs',
    );
    t.same(ourLlamaServers(provisioned), [], 'and none is left unreaped');
    t.same(mountsUnder(provisioned.root), [], 'nothing is mounted under the root');
  });
}
