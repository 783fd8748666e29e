import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import OpenAI from 'openai';
import { Agent, fetch as undiciFetch } from 'undici';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * The official openai SDK drives ctrd-sim's model runner, over TCP and over the daemon socket under
 * /exp/vENG4.40: every call succeeds and parses. The SDK asks for base64 embeddings by default and
 * decodes them itself; retrieve escapes the "/" of a model id.
 */
const MODEL = 'ai/smollm2:latest';

/** A fetch for the SDK that goes through a unix socket (undici's Agent; the SDK takes any fetch). */
function unixFetch(socketPath: string): typeof globalThis.fetch {
  const dispatcher = new Agent({ connect: { socketPath } });
  return ((input: string | URL, init?: RequestInit) => undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof globalThis.fetch;
}

t.test('the openai SDK against ctrd-sim, over TCP and over the unix socket', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-openai-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const socket = join(dir, 'd.sock');
  const sim = startSimProcess(['-H', `unix://${socket}`, '--model-runner-tcp', '0']);
  t.teardown(() => sim.kill());
  const [, tcp] = await sim.waitFor(/Model runner listen on (tcp:\/\/127\.0\.0\.1:\d+)/);
  await sim.waitFor(/completed initialization/);
  const root = tcp!.replace('tcp://', 'http://');
  const created = await fetch(`${root}/models/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: 'ai/smollm2' }),
  });
  t.equal(created.status, 200, 'the model is created');
  await created.text();

  const clients: [string, OpenAI][] = [
    ['TCP', new OpenAI({ baseURL: `${root}/engines/v1`, apiKey: 'not-needed', maxRetries: 0 })],
    [
      'unix socket + /exp/vENG4.40',
      new OpenAI({ baseURL: 'http://localhost/exp/vENG4.40/engines/v1', apiKey: 'not-needed', maxRetries: 0, fetch: unixFetch(socket) }),
    ],
  ];
  for (const [over, client] of clients) {
    await t.test(over, async (t) => {
      const models = await client.models.list();
      t.same(
        models.data.map((m) => m.id),
        [MODEL],
        'models.list',
      );
      const model = await client.models.retrieve(MODEL);
      t.equal(model.id, MODEL, 'models.retrieve (the id escaped as one segment)');
      t.equal(model.object, 'model');

      const chat = await client.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello there' },
        ],
        max_tokens: 12,
        seed: 7,
      });
      t.equal(chat.object, 'chat.completion');
      t.equal(chat.choices[0]?.message.role, 'assistant');
      t.ok((chat.choices[0]?.message.content ?? '').length > 0, 'chat content');
      t.ok((chat.usage?.completion_tokens ?? 99) <= 12, 'max_tokens honoured');

      const stream = await client.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hello there' }],
        max_tokens: 12,
        seed: 7,
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      const again = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hello there' }], max_tokens: 12, seed: 7 });
      t.equal(text, again.choices[0]?.message.content, 'the streamed deltas are the same text');
      t.same(usage, again.usage, 'the usage chunk');

      const completion = await client.completions.create({ model: MODEL, prompt: 'Once upon a time', max_tokens: 8 });
      t.equal(completion.object, 'text_completion');
      t.ok(completion.choices[0]!.text.length > 0, 'completion text');
      const streamed = await client.completions.create({ model: MODEL, prompt: 'Once upon a time', max_tokens: 8, stream: true });
      let streamedText = '';
      for await (const chunk of streamed) streamedText += chunk.choices[0]?.text ?? '';
      t.equal(streamedText, completion.choices[0]!.text, 'streamed completion');

      const base64 = await client.embeddings.create({ model: MODEL, input: ['one', 'two'] });
      const floats = await client.embeddings.create({ model: MODEL, input: ['one', 'two'], encoding_format: 'float' });
      t.equal(base64.data.length, 2, 'one vector per input (base64, the SDK default, decoded by the SDK)');
      for (const [i, item] of base64.data.entries()) {
        const float = floats.data[i]!.embedding;
        t.equal(item.embedding.length, float.length, `vector ${i}: same length`);
        t.ok(
          item.embedding.every((x, j) => Math.abs(x - float[j]!) < 1e-6),
          `vector ${i}: same values`,
        );
      }

      const status = (call: Promise<unknown>): Promise<unknown> =>
        call.then(
          () => 'no error',
          (error: unknown) => (error instanceof OpenAI.APIError ? `${error.constructor.name} ${error.status}` : String(error)),
        );
      t.equal(
        await status(client.chat.completions.create({ model: 'ai/absent', messages: [{ role: 'user', content: 'x' }] })),
        'NotFoundError 404',
        "an unknown model is the SDK's NotFoundError",
      );
      t.equal(
        await status(client.embeddings.create({ model: MODEL, input: 'x', encoding_format: 'hex' as 'float' })),
        'BadRequestError 400',
        'a bad encoding_format is its BadRequestError',
      );
    });
  }
});
