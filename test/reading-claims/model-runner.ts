import type { Test } from 'tap';
import { HttpClient } from '../../suites/http/client.js';
import { stopCuts } from '../../suites/model-runner/generation-checks.js';
import { provisionedLlama } from '../../suites/targets/llama-server/provisioned-llama.js';
import { resolveTarget } from '../../suites/targets/resolve.js';
import type { ReadingClaim } from '../helpers/reading-claims.js';

/**
 * llama-server started as the suite starts it (scripts/provision-llama.sh's root, its chat and
 * embeddings processes behind the path front), stopped by PID at the test's end: a client on its
 * OpenAI base and the model it lists.
 */
async function llama(t: Test): Promise<{ client: HttpClient; model: string } | undefined> {
  const outcome = await resolveTarget('llama-server', {}).start();
  if (!outcome.ok) return void t.fail(`llama-server did not start: ${outcome.output}`);
  const { instance } = outcome;
  const client = new HttpClient(instance.endpoints.modelRunner!);
  t.teardown(async () => {
    client.close();
    await instance.stop();
  });
  const listed = JSON.parse((await client.request('GET', '/models', { timeoutMs: 15_000 })).body) as { data: { id: string }[] };
  return { client, model: listed.data[0]!.id };
}

/** POST `path` with `json` (30 s at most): status and parsed body. */
async function post(client: HttpClient, path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const reply = await client.request('POST', path, { json, timeoutMs: 30_000 });
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(reply.body) as Record<string, unknown>;
  } catch {}
  return { status: reply.status, body, text: reply.body };
}

/** The data chunks of an SSE answer, parsed (up to data: [DONE]). */
const chunksOf = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);

/** An embedding as float32 values: a JSON array rounded to float32, or base64 read as little-endian float32. */
const float32s = (embedding: unknown): number[] => {
  if (typeof embedding !== 'string') return (embedding as number[]).map(Math.fround);
  const bytes = Buffer.from(embedding, 'base64');
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
};

/** The float32 ulp of `x` (|x| > 0). */
const ulp = (x: number): number => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 23);

/** Two conversations and seeds whose greedy answer has "&re " with no "r" before it (found 2026-12-05 among generated cases). */
const AMPERSAND_RE = [
  {
    messages: [
      { role: 'system', content: '9#pv' },
      { role: 'user', content: ' iz' },
      { role: 'user', content: 'aaJe8Ka`)o' },
      { role: 'user', content: 'omlenz odgj coxbof' },
    ],
    seed: 23,
  },
  {
    messages: [
      { role: 'system', content: 'amrdbex skgeoaf' },
      { role: 'user', content: ']o:8hE"' },
    ],
    seed: 14,
  },
];

/** What the model-runner area's readings say llama-server does, and how each is observed. */
export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'mr.chat.stream.usage',
    reading: 'reading',
    words: 'The other chunks carry usage null (OpenAI) or none (llama-server omits it)',
    observed: {
      kind: 'probe',
      on: ['llama-server'],
      observe: async (t) => {
        const server = await llama(t);
        if (server === undefined) return;
        const request = { model: server.model, messages: [{ role: 'user', content: 'hello there' }], temperature: 0, seed: 7, max_tokens: 4, stream: true };
        const asked = await post(server.client, '/chat/completions', { ...request, stream_options: { include_usage: true } });
        t.equal(asked.status, 200, 'the stream with include_usage is answered');
        const chunks = chunksOf(asked.text);
        const last = chunks.at(-1);
        t.ok(
          last !== undefined && 'usage' in last && Array.isArray(last['choices']) && last['choices'].length === 0,
          `the last chunk has usage and no choices: ${JSON.stringify(last)}`,
        );
        const others = chunks.slice(0, -1);
        t.ok(others.length > 0, `${others.length} other chunks`);
        t.same(
          others.filter((c) => 'usage' in c),
          [],
          'no other chunk has a usage key (not even null)',
        );
        const plain = chunksOf((await post(server.client, '/chat/completions', request)).text);
        t.same(
          plain.filter((c) => 'usage' in c),
          [],
          'without include_usage no chunk has a usage key',
        );
      },
    },
  },
  {
    rule: 'mr.embeddings.base64',
    reading: 'reading',
    words:
      "an engine may round an input otherwise from one request to the next (llama-server: on one machine a fresh server's first answer to a request of three inputs differed from every later one, by up to 2 float32 ulps of each vector's largest component and up to 21 ulps of a small component's own; on another every answer agreed; observed 2026-12-05), while a wrong byte order or width never agrees",
    observed: {
      kind: 'probe',
      on: ['llama-server'],
      observe: async (t) => {
        const server = await llama(t);
        if (server === undefined) return;
        const input = ['zeqdbyfd i qrt fvgbnbh', 'J Y<ckXv/', 'ooil f orhsfuj uyq'];
        const answers: { format: string; vectors: number[][]; raw: unknown[] }[] = [];
        for (let i = 0; i < 8; i++) {
          const format = i % 2 === 0 ? 'float' : 'base64';
          const reply = await post(server.client, '/embeddings', { model: server.model, input, encoding_format: format });
          t.equal(reply.status, 200, `request ${i + 1} (${format}) is answered`);
          const data = (reply.body['data'] ?? []) as { embedding: unknown }[];
          answers.push({ format, vectors: data.map((d) => float32s(d.embedding)), raw: data.map((d) => d.embedding) });
        }
        const keys = answers.map((a) => JSON.stringify(a.vectors));
        const distinct = [...new Set(keys)];
        t.comment(`answers (format:which distinct one): ${answers.map((a, i) => `${a.format}:${distinct.indexOf(keys[i]!)}`).join(' ')}`);
        t.same(new Set(keys.slice(1)).size, 1, 'every later answer, float or base64, is the same');
        // The two machines differ here (the words): the first answer agrees, or it differs within the bounds.
        const [first, later] = [answers[0]!.vectors, answers[1]!.vectors];
        let ofLargest = 0;
        let ofOwn = 0;
        for (const [v, vector] of first.entries()) {
          const largest = Math.max(...vector.map(Math.abs));
          for (const [j, x] of vector.entries()) {
            const d = Math.abs(x - later[v]![j]!);
            if (d === 0) continue;
            ofLargest = Math.max(ofLargest, d / ulp(largest));
            ofOwn = Math.max(ofOwn, d / ulp(x));
          }
        }
        t.comment(keys[0] === keys[2] ? 'the first answer agreed with every later one' : 'the first answer differed from every later one');
        t.ok(ofLargest <= 2, `the first differs from a later one by up to ${ofLargest} float32 ulps of each vector's largest component (at most 2)`);
        t.ok(ofOwn <= 21, `and by up to ${ofOwn} ulps of a component's own value (at most 21)`);
        const [float, encoded] = [answers[2]!, answers[3]!];
        t.same(encoded.vectors, float.vectors, 'a later pair agrees exactly: the base64 string is the float vector as little-endian float32');
        const bytes = Buffer.from(encoded.raw[0] as string, 'base64');
        const bigEndian = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatBE(i * 4));
        const doubles = Array.from({ length: bytes.length / 8 }, (_, i) => bytes.readDoubleLE(i * 8));
        t.notSame(bigEndian, float.vectors[0], 'read big-endian it does not agree');
        t.notSame(doubles, float.vectors[0], 'read as float64 it does not agree');
      },
    },
  },
  {
    rule: 'mr.generation.stop',
    reading: 'reading',
    words: '(llama-server 0.7.0 cuts `…&re` at "r" for ["r", "&re "], observed 2026-11-27)',
    observed: {
      kind: 'probe',
      on: ['llama-server'],
      observe: async (t) => {
        t.match(provisionedLlama().build, /\b0\.7\.0\b/, `llama-server is 0.7.0: ${provisionedLlama().build}`);
        const server = await llama(t);
        if (server === undefined) return;
        for (const { messages, seed } of AMPERSAND_RE) {
          const request = { model: server.model, messages, temperature: 0, seed, max_tokens: 24 };
          const content = ((await post(server.client, '/chat/completions', request)).body['choices'] as { message: { content: string } }[])[0]!.message.content;
          const r = content.indexOf('r');
          t.ok(r > 0 && content.indexOf('&re ') === r - 1, `the unstopped answer ${JSON.stringify(content)} has "&re " and no "r" before it`);
          t.same(
            [...stopCuts(content, ['r', '&re '])].sort((a, b) => a - b),
            [r - 1, r],
            'the cuts due: before "&" or before "r"',
          );
          for (const stop of [
            ['r', '&re '],
            ['&re ', 'r'],
          ]) {
            const answer = (await post(server.client, '/chat/completions', { ...request, max_tokens: 32, stop })).body;
            const choice = (answer['choices'] as { message: { content: string }; finish_reason: string }[])[0]!;
            t.equal(
              choice.message.content,
              content.slice(0, r),
              `stop ${JSON.stringify(stop)}: cut at "r", "&" kept (${JSON.stringify(choice.message.content)})`,
            );
            t.equal(choice.finish_reason, 'stop', 'finish_reason "stop"');
          }
        }
      },
    },
  },
  {
    rule: 'mr.openai.bad-request',
    reading: 'reading',
    words: 'Empty messages are refused by OpenAI and accepted by llama-server',
    observed: {
      kind: 'probe',
      on: ['llama-server'],
      observe: async (t) => {
        const server = await llama(t);
        if (server === undefined) return;
        const reply = await post(server.client, '/chat/completions', { model: server.model, messages: [], max_tokens: 4 });
        t.equal(reply.status, 200, `messages [] is answered 200: ${reply.text.slice(0, 200)}`);
        t.equal(reply.body['object'], 'chat.completion', 'with a chat.completion');
      },
    },
  },
  {
    rule: 'mr.inference.work-bounds',
    reading: 'reading',
    words: 'OpenAI does, llama-server has no param',
    observed: {
      kind: 'probe',
      on: ['llama-server'],
      observe: async (t) => {
        const server = await llama(t);
        if (server === undefined) return;
        for (const [path, body] of [
          ['/chat/completions', { messages: [{ role: 'user', content: 'hi' }] }],
          ['/completions', { prompt: 'hi' }],
        ] as const) {
          const reply = await post(server.client, path, { model: server.model, ...body, n: 128, max_tokens: 1 });
          const error = reply.body['error'] as Record<string, unknown> | undefined;
          t.equal(reply.status, 400, `${path} with n 128: 400 (${reply.text.slice(0, 200)})`);
          t.ok(
            error !== undefined && typeof error['message'] === 'string' && /'n'/.test(error['message']),
            'an error object whose message is a string naming n',
          );
          t.notOk(error !== undefined && 'param' in error, 'no param in the error object');
        }
      },
    },
  },
];
