import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { parseArgv, resolveConfig } from '../simulator/index.js';
import { Exchange, type ServingState } from '../simulator/http/exchange.js';
import { LIFECYCLE_ROUTES } from '../simulator/engine/containers/lifecycle-routes.js';
import { ContainerLayer, EMPTY_IMAGE_CONFIG, ObjectStore, makeImage, nowNanos, type Container } from '../simulator/engine/objects/index.js';
import { buildResponseKit } from '../simulator/engine/system/response-kit.js';
import { resolveVariants } from '../simulator/http/variants.js';

/**
 * The waits and followed logs of ctrd-sim's lifecycle routes hold a listener on the event log
 * while they wait: whatever ends them (the container's exit or removal, the client going), none
 * is left behind. The routes are served by a bare HTTP server over one store the test can count.
 */

interface Served {
  readonly socket: string;
  readonly objects: ObjectStore;
  container(state: Container['state']): Container;
}

async function serve(t: { teardown(fn: () => unknown): void }): Promise<Served> {
  const dir = mkdtempSync('/tmp/ctc-lifecycle-listeners-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const roots = Object.entries({ '--data-root': 'data', '--exec-root': 'exec', '--pidfile': 'pid' }).flatMap(([flag, name]) => [flag, join(dir, name)]);
  const flags = parseArgv(['--emulate', '28.5', '--brand', 'docker', ...roots]);
  const config = resolveConfig(flags, { env: {}, readFile: () => null });
  const objects = new ObjectStore();
  const state = {
    config,
    kit: buildResponseKit(config),
    routes: { match: () => null, hasPathUnderOtherMethod: () => false },
    logger: { log: () => {} },
    authz: null,
    objects,
    variants: resolveVariants(config),
  } satisfies ServingState;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const [, , name = '', action = ''] = url.pathname.split('/');
    const route = LIFECYCLE_ROUTES.find((r) => r.method === req.method && r.path === `/containers/{name}/${action}`);
    const x = new Exchange(req, res, state);
    x.path = url.pathname;
    x.query = url.search;
    x.params = { name };
    if (route === undefined) {
      res.writeHead(404).end();
      return;
    }
    void route.handle(x);
  });
  const socket = join(dir, 's.sock');
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const image = makeImage(Buffer.alloc(0), [], EMPTY_IMAGE_CONFIG, nowNanos());
  let made = 0;
  return {
    socket,
    objects,
    container(state) {
      made += 1;
      const container: Container = {
        id: `${String(made).padStart(4, '0')}${'c'.repeat(60)}`,
        name: `c${made}`,
        image,
        imageRef: 'x',
        created: nowNanos(),
        config: {},
        hostConfig: {},
        state,
        paused: false,
        startedAt: null,
        finishedAt: null,
        exitCode: 0,
        sandboxId: null,
        layer: new ContainerLayer(),
        networks: new Map(),
      };
      objects.addContainer(container);
      return container;
    },
  };
}

/** A request: its status once answered, or 'cut' once the test cut it; every one has a 10 s deadline. */
function ask(socket: string, method: string, path: string): { readonly done: Promise<number | 'cut'>; cut(): void } {
  const req = request({ socketPath: socket, method, path, agent: false });
  const done = new Promise<number | 'cut'>((resolve, reject) => {
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)), 10_000);
    const settle = (outcome: number | 'cut'): void => {
      clearTimeout(timer);
      resolve(outcome);
    };
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      // The head of a wait comes at once: the answer is whole only if its body ended.
      res.on('close', () => settle(res.complete ? (res.statusCode ?? 0) : 'cut'));
    });
    req.on('close', () => {
      if (!answered) settle('cut');
    });
    req.on('error', (error) => (error.message.includes('no answer') ? reject(error) : settle('cut')));
  });
  req.end();
  return { done, cut: () => req.destroy() };
}

/** Whether the event log comes to hold `count` listeners within 2 s. */
const listeningReaches = async (objects: ObjectStore, count: number): Promise<boolean> => {
  for (let i = 0; i < 200 && objects.events.listening !== count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return objects.events.listening === count;
};

t.test('property: however waits and followed logs end, no listener is left', async (t) => {
  const served = await serve(t);
  const end = fc.constantFrom('client goes', 'stop, then remove', 'die, then remove');
  const asked = fc.constantFrom(['POST', 'wait'], ['POST', 'wait?condition=next-exit'], ['POST', 'wait?condition=removed'], ['GET', 'logs?stdout=1&follow=1']);
  await fc.assert(
    fc.asyncProperty(fc.array(asked, { minLength: 1, maxLength: 6 }), end, async (requests, how) => {
      const container = served.container('running');
      const pending = requests.map(([method, path]) => ask(served.socket, method, `/containers/${container.id}/${path}`));
      const holding = await listeningReaches(served.objects, requests.length);
      if (how === 'client goes') for (const one of pending) one.cut();
      if (how === 'stop, then remove') await ask(served.socket, 'POST', `/containers/${container.id}/stop`).done;
      if (how === 'die, then remove') served.objects.containerEvent(container, 'die', { exitCode: '137' });
      if (how !== 'client goes') {
        served.objects.removeContainer(container);
        served.objects.containerEvent(container, 'destroy');
      }
      const outcomes = await Promise.all(pending.map((one) => one.done));
      const answered = outcomes.every((outcome) => outcome === (how === 'client goes' ? 'cut' : 200));
      return holding && answered && (await listeningReaches(served.objects, 0));
    }),
    { numRuns: 40, seed: 20261127 },
  );
  t.equal(served.objects.events.listening, 0, 'no listener left on the event log');
});
