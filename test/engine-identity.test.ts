import fc from 'fast-check';
import t from 'tap';
import type { HttpReply } from '../suites/http/client.js';
import { identifyEngine, type EngineProbes } from '../suites/targets/engine-identity.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpReply => ({ status, headers, body: JSON.stringify(body) });
const list = (owners: readonly string[], headers: Record<string, string> = {}): HttpReply =>
  json(200, { object: 'list', data: owners.map((owned_by, i) => ({ id: `m${i}`, object: 'model', created: 1, owned_by })) }, headers);
const none: EngineProbes = { models: null, props: null, ollamaVersion: null, version: null };
const notFound = json(404, { error: { message: 'not found' } });

/** Probes as each engine answers them, with what varies between servers generated. */
const engines = {
  'llama.cpp (llama-server)': fc
    .record({ n: fc.integer({ min: 1, max: 3 }), server: fc.boolean(), build: fc.stringMatching(/^b[0-9]{3,5}(-[A-Za-z]{1,8})?$/) })
    .map(({ n, server, build }) => ({
      probes: {
        ...none,
        models: list(Array(n).fill('llamacpp'), server ? { server: 'llama.cpp' } : {}),
        props: json(200, { build_info: build }),
        version: notFound,
      },
      version: build as string | null,
    })),
  'Docker Model Runner': fc
    .integer({ min: 1, max: 3 })
    .map((n) => ({ probes: { ...none, models: list(Array(n).fill('docker')), props: notFound, ollamaVersion: notFound, version: notFound }, version: null })),
  Ollama: fc
    .stringMatching(/^0\.[0-9]{1,2}\.[0-9]$/)
    .map((v) => ({ probes: { ...none, models: list(['library']), ollamaVersion: json(200, { version: v }) }, version: v as string | null })),
  vLLM: fc
    .stringMatching(/^0\.[0-9]{1,2}\.[0-9]$/)
    .map((v) => ({ probes: { ...none, models: list(['vllm']), version: json(200, { version: v }) }, version: v as string | null })),
};

t.test('each engine is named from its own answers, with its version where it gives one', async (t) => {
  for (const [name, probes] of Object.entries(engines)) {
    fc.assert(
      fc.property(probes, ({ probes, version }) => {
        const found = identifyEngine(probes);
        return found.name === name && found.version === version && found.evidence.length > 0;
      }),
    );
    t.pass(name);
  }
});

t.test('conflicting signs name no engine and show every sign', async (t) => {
  const owners = fc.uniqueArray(fc.constantFrom('llamacpp', 'docker', 'library', 'vllm'), { minLength: 2, maxLength: 4 });
  fc.assert(
    fc.property(owners, (owned) => {
      const found = identifyEngine({ ...none, models: list(owned) });
      return found.name === null && found.evidence.length === owned.length;
    }),
  );
  t.same(
    identifyEngine({ ...none, models: list(['docker']), props: json(200, { build_info: 'b1' }) }).name,
    null,
    'a list of one engine, the props of another',
  );
});

t.test('nothing is assumed where nothing shows', async (t) => {
  t.same(identifyEngine(none), { name: null, version: null, evidence: ['no sign of a known engine'] });
  t.same(identifyEngine({ ...none, models: list(['someone']) }).name, null, 'an owner no engine writes');
  // A daemon's /version, or any version answer, dates an engine the list named; alone it names none.
  fc.assert(
    fc.property(
      fc.string(),
      fc.string(),
      (a, b) => identifyEngine({ ...none, models: list([]), ollamaVersion: json(200, { version: a }), version: json(200, { version: b }) }).name === null,
    ),
  );
  t.same(
    identifyEngine({ ...none, models: { status: 200, headers: {}, body: 'not json' }, props: { status: 200, headers: {}, body: '[1]' } }).name,
    null,
    'answers that are not JSON objects',
  );
});
