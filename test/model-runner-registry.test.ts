import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { resolveModelRegistry } from '../simulator/config/model-registry.js';
import { ModelRunner, runnerHandler } from '../simulator/model-runner/index.js';
import type { RegistryMode } from '../simulator/model-runner/store/index.js';
import { MODEL_REGISTRY } from '../specs/model-registry.js';
import { SimError } from '../simulator/errors.js';

/**
 * The model runner's registry (specs/model-registry.ts, ctrd-sim --model-registry): under
 * `catalogue`, a create asks the registry first, as Docker Model Runner does (docker/model-runner
 * @ 642c7211: pkg/inference/models/http_handler.go handleCreateModel): a reference it lacks is 404
 * "Model not found", even one the store holds under that name; under `any`, every reference is there.
 */

const SEED = 20261127;
const CATALOGUE = MODEL_REGISTRY.flatMap((model) => model.tags.map((tag) => `${model.name}:${tag}`));

async function startRunner(t: Test, registry: RegistryMode): Promise<string> {
  const dir = mkdtempSync('/tmp/ctc-mrregistry-');
  const handle = runnerHandler(ModelRunner.open(dir, new Set(), new Set(), registry));
  const server = createServer((req, res) => handle(req, res, (req.url ?? '/').replace(/\?.*$/, '')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const create = (root: string, from: string): Promise<Response> =>
  fetch(`${root}/models/create`, { method: 'POST', body: JSON.stringify({ from }), headers: { Accept: 'application/json' } });

const component = fc.stringMatching(/^[a-z0-9]{1,8}(?:[._-][a-z0-9]{1,8}){0,2}$/);
const tag = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,12}$/);
const outside = fc
  .tuple(component, component, fc.option(tag, { nil: undefined }))
  .map(([ns, name, t]) => `${ns}/${name}${t === undefined ? '' : `:${t}`}`)
  .filter((reference) => !CATALOGUE.includes(reference.includes(':') ? reference : `${reference}:latest`));

t.test('catalogue: a reference the registry lacks is 404 "Model not found"; one it has is pulled', async (t) => {
  const root = await startRunner(t, 'catalogue');
  await fc.assert(
    fc.asyncProperty(outside, async (reference) => {
      const reply = await create(root, reference);
      t.equal(reply.status, 404, reference);
      t.equal(reply.headers.get('content-type'), 'text/plain; charset=utf-8');
      t.equal(await reply.text(), 'Model not found\n');
      t.equal((await (await fetch(`${root}/models`)).json()).length, 0, 'nothing held');
    }),
    { seed: SEED, numRuns: 50 },
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...CATALOGUE), async (reference) => {
      const reply = await create(root, reference);
      t.equal(reply.status, 200, reference);
      t.match(await reply.text(), /"type":"success"/);
    }),
    { seed: SEED, numRuns: 30 },
  );
});

t.test('the runner opened without a registry mode has the catalogue', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-mrregistry-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  t.equal(ModelRunner.open(dir, new Set()).registry, 'catalogue');
});

t.test('catalogue: the namespace and name are matched lower-cased, the tag as written', async (t) => {
  const root = await startRunner(t, 'catalogue');
  t.equal((await create(root, 'AI/SmolLM2:360M-Q4_K_M')).status, 200);
  t.equal((await create(root, 'ai/smollm2')).status, 200, 'no tag: latest');
  t.equal((await create(root, 'ai/smollm2:360m-q4_k_m')).status, 404, 'the tag keeps its case');
});

t.test('catalogue: a held model under a name the registry lacks is 404; a held registry reference is cached', async (t) => {
  const root = await startRunner(t, 'catalogue');
  t.equal((await create(root, 'ai/gemma3:1B-Q4_K_M')).status, 200);
  const tagged = await fetch(`${root}/models/ai/gemma3:1B-Q4_K_M/tag?repo=acme%2Fcopy&tag=v1`, { method: 'POST' });
  t.equal(tagged.status, 201);
  const again = await create(root, 'acme/copy:v1');
  t.equal(again.status, 404, 'the registry is asked first');
  t.equal(await again.text(), 'Model not found\n');
  const cached = await create(root, 'ai/gemma3:1B-Q4_K_M');
  t.equal(cached.status, 200);
  t.match(await cached.text(), /Using cached model/);
});

t.test('any: every well-formed reference is pulled', async (t) => {
  const root = await startRunner(t, 'any');
  await fc.assert(
    fc.asyncProperty(outside, async (reference) => {
      t.equal((await create(root, reference)).status, 200, reference);
    }),
    { seed: SEED, numRuns: 20 },
  );
});

t.test('--model-registry takes catalogue or any, and catalogue when not given (as Docker Model Runner)', (t) => {
  t.equal(resolveModelRegistry(new Map()), 'catalogue');
  t.equal(resolveModelRegistry(new Map([['model-registry', 'catalogue']])), 'catalogue');
  t.equal(resolveModelRegistry(new Map([['model-registry', 'any']])), 'any');
  t.throws(() => resolveModelRegistry(new Map([['model-registry', 'hub']])), SimError);
  t.end();
});
