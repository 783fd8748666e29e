import fc from 'fast-check';
import t from 'tap';
import { findRelease } from '../specs/versions.js';
import type { SuiteContext } from '../suites/harness/context.js';
import { HttpClient } from '../suites/http/client.js';
import { profileFor } from '../suites/profiles.js';
import { flawedFiles, notFlagged, startSetups, validDocs, type ReloadFile, type StartSetup } from '../suites/reload/files.js';
import { FULL_LENS, runReloadModel } from '../suites/reload/model-run.js';
import { InProcessSimTarget } from '../suites/targets/in-process-sim.js';
import { runSuites } from '../suites/run/index.js';

/**
 * The whole reload model on ctrd-sim: every prediction asserted after every command (write a
 * valid or broken file, SIGHUP, read /info), many sequences per release. The rules' checks run
 * the same model through one lens each, on every target (real daemons included).
 */
const RUNS = 25;
/** Half the daemons start without flags, so that files can reload every option. */
const SETUPS: fc.Arbitrary<StartSetup> = fc.oneof(fc.constant({}), startSetups);

function contextFor(release: string, target: InProcessSimTarget, signal: AbortSignal): SuiteContext {
  const clients: HttpClient[] = [];
  return {
    target,
    instance: undefined as never,
    client: undefined as never,
    facts: { version: null, apiMax: null, apiMin: null, os: 'linux', brand: 'docker', observedApi: {} as never, engine: null, server: null },
    release: findRelease(release) === undefined ? null : { release },
    observed: null,
    profile: profileFor('docker')!,
    expectedMin: '1.24',
    expectedMax: '1.51',
    numRuns: RUNS,
    numStarts: RUNS,
    signal,
    clientFor(endpoint) {
      const client = new HttpClient(endpoint, undefined, { signal });
      clients.push(client);
      return { endpoint, request: (method, path, options) => client.request(method, path, options), close: () => client.close() };
    },
  };
}

const everyFile = (setup: Parameters<typeof flawedFiles>[0]): fc.Arbitrary<ReloadFile> =>
  fc.oneof(
    {
      weight: 2,
      arbitrary: notFlagged(setup, validDocs(undefined, { runtimes: true, nonReloadable: true })).map((doc): ReloadFile => ({ doc, flaw: 'none' })),
    },
    { weight: 1, arbitrary: flawedFiles(setup, validDocs(undefined, { runtimes: true })) },
  );

for (const release of ['20.10', '26.1', '28.5']) {
  t.test(`the reload model holds on ctrd-sim emulating ${release} (${RUNS} command sequences)`, async (t) => {
    const controller = new AbortController();
    const target = new InProcessSimTarget('sim', ['--emulate', release, '--brand', 'docker']);
    const verdict = await runReloadModel(
      contextFor(release, target, controller.signal),
      { seed: 20261123, numRuns: RUNS },
      {
        lens: FULL_LENS,
        files: everyFile,
        summary: 'every prediction of the reload model',
        setups: SETUPS,
        maxCommands: 10,
      },
    );
    t.equal(
      verdict.status,
      'pass',
      `${verdict.summary}${verdict.counterexample === undefined ? '' : ` — counterexample ${verdict.counterexample.input} (seed ${verdict.counterexample.seed}, path ${JSON.stringify(verdict.counterexample.path)})`}`,
    );
  });
}

t.test('the model catches a simulator that merges labels instead of replacing them', async (t) => {
  const controller = new AbortController();
  const target = new InProcessSimTarget('sim', ['--emulate', '28.5', '--brand', 'docker', '--fault', 'reload.option.labels']);
  const verdict = await runReloadModel(
    contextFor('28.5', target, controller.signal),
    { seed: 7, numRuns: 100 },
    {
      lens: FULL_LENS,
      files: everyFile,
      summary: 'every prediction of the reload model',
      setups: SETUPS,
      maxCommands: 6,
      numRuns: () => 40,
      timeLimitMs: 20_000,
    },
  );
  t.equal(verdict.status, 'fail', verdict.summary);
  t.match(verdict.summary, /labels is/);
  t.ok(verdict.counterexample !== undefined && verdict.counterexample.path !== '', `seed and path reported: ${JSON.stringify(verdict.counterexample)}`);
});

/**
 * dockerd logs "Reloaded configuration" just before it stores the configuration (moby
 * daemon.Reload), so under load /info can still show the old one after the line: the checks give
 * it a moment, and must not take an old value they do not judge for the daemon's (26.1 in CI did).
 */
t.test('the reload checks hold on ctrd-sim serving a reloaded configuration 60 ms after its log line', async (t) => {
  const lagging = new InProcessSimTarget('sim', ['--emulate', '26.1', '--brand', 'docker', '--reload-store-delay-ms', '60', '--plugin-retry-ms', '10']);
  const run = await runSuites({
    profile: profileFor('docker')!,
    seed: 11,
    numRuns: 10,
    numStarts: 2,
    concurrency: 4,
    shrink: false,
    target: lagging,
    only: ['reload.*'],
  });
  const judged = run.results.filter((result) => result.status === 'pass' || result.status === 'fail' || result.status === 'error');
  t.ok(
    judged.some((result) => result.rule === 'reload.absent-keys' && result.status !== 'error'),
    'reload.absent-keys was judged',
  );
  t.same(
    judged.filter((result) => result.status !== 'pass').map((result) => `${result.rule}: ${result.status}: ${result.evidence.summary}`),
    [],
    'every judged reload rule passes',
  );
});

t.test('--reload-store-delay-ms: /info still shows the old configuration just after the line, the new one once the delay is over', async (t) => {
  const target = new InProcessSimTarget('sim', ['--emulate', '26.1', '--brand', 'docker', '--reload-store-delay-ms', '150']);
  const started = await target.start();
  if (!started.ok) throw new Error(`ctrd-sim did not start: ${started.output}`);
  const { instance } = started;
  t.teardown(() => instance.stop());
  const client = new HttpClient(instance.endpoint);
  t.teardown(() => client.close());
  const labels = async (): Promise<unknown> => JSON.parse((await client.request('GET', '/info')).body)['Labels'];
  await instance.writeConfig({ labels: ['ctc-late=1'] });
  await instance.reload();
  t.same(await labels(), [], 'the old labels right after SIGHUP');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.same(await labels(), ['ctc-late=1'], 'the new labels after the delay');
});
