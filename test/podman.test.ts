import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { RELEASES } from '../specs/versions.js';
import type { ConformanceReport } from '../reports/index.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { HttpClient } from '../suites/http/client.js';
import { runSuites } from '../suites/run/index.js';
import { readFacts } from '../suites/targets/facts.js';
import { judgeRelease } from '../suites/targets/judged-release.js';
import { cgroupMounts, containerCgroups, containerIds, containerProcesses } from '../suites/targets/podman/podman-leftovers.js';
import { PodmanTarget } from '../suites/targets/podman/podman-target.js';
import { podmanPath } from '../suites/targets/podman/provisioned-podman.js';
import { isRunning, type ProcessRef } from '../suites/targets/process/reaper.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { readTranscript } from '../suites/targets/transcript.js';
import { runCli } from './helpers/cli.js';
import { inCI } from './helpers/real-daemons.js';

/**
 * Podman 4.3 (Debian bookworm, scripts/provision-podman.sh) as a second real implementation: its
 * API service started by the suite and everything it made ended and removed; judged by the API
 * version it claims; and its recording replayed. In CI a missing podman is a failure.
 */

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/podman-4.3.json.gz', import.meta.url));
const scratch = mkdtempSync('/tmp/ctc-podman-test-');
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

const missing = ((): string | null => {
  try {
    podmanPath('podman');
  } catch (error) {
    return (error as Error).message;
  }
  if (process.getuid?.() !== 0) return 'the podman target runs Podman rootful: the test needs root';
  return null;
})();

const mountsUnder = (dir: string): string[] =>
  readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .filter((line) => line.split(' ')[1]?.startsWith(dir) === true);

t.test('an engine that is not dockerd is judged by the API version it claims, with nothing observed of dockerd carried over', async (t) => {
  const claimed = fc.constantFrom(...RELEASES);
  fc.assert(
    fc.property(claimed, fc.constantFrom('1.12', '1.24', '1.30'), fc.constantFrom('4.3.1', '5.4.2', '20.10.24'), (series, min, version) => {
      const judged = judgeRelease({ version, apiMax: series.maxApi, apiMin: min, engine: { name: 'Podman Engine', version } });
      const newest = [...RELEASES].reverse().find((r) => r.maxApi === series.maxApi)!;
      return (
        judged.release?.release === newest.release &&
        judged.release.maxApi === series.maxApi &&
        judged.release.defaultMinApi === min &&
        [judged.release.messages, judged.release.flags, judged.release.legacyPlainTextErrors, judged.release.headerLineLimit].every((v) => v === null) &&
        judged.judgement?.startsWith(`Podman Engine ${version}, judged as API ${series.maxApi} as it claims`) === true
      );
    }),
  );
  const unknown = judgeRelease({ version: '4.3.1', apiMax: '1.99', apiMin: '1.24', engine: { name: 'Podman Engine', version: '4.3.1' } });
  t.equal(unknown.release, null, 'an API no dockerd release serves at most: release unknown');
  t.match(unknown.judgement, /claims \(1\.99\) is no dockerd release's newest/);
  const dockerd = judgeRelease({ version: '20.10.24', apiMax: '1.41', apiMin: '1.12', engine: { name: 'Engine', version: '20.10.24' } });
  t.equal(dockerd.release?.release, '20.10', "dockerd's own version names its release");
  t.equal(dockerd.release?.defaultMinApi, '1.12', 'as the table has it');
  t.equal(dockerd.judgement, null);
  t.equal(judgeRelease({ version: '28.5.2', apiMax: '1.51', apiMin: '1.24', engine: null }).release?.release, '28.5', 'no component named: as before');
});

t.test(
  'the spec resolves to a started process with the daemon API only, fixed settings',
  { skip: missing !== null && !inCI() ? missing : false },
  async (t) => {
    if (missing !== null) return void t.fail(`podman is required in CI: ${missing}`);
    const target = resolveTarget('podman', {});
    t.equal(target.kind, 'process');
    t.same([...target.surfaces], ['daemon-api']);
    t.match(target.surfaceGaps?.['daemon-process'], /no daemon\.json and no reload/, 'the daemon-process rules are skipped with the reason');
    t.notOk(target.capabilities.has('reload'), 'no reload');
    await t.rejects(target.start({ args: ['--debug'] }), { code: 'TARGET_NOT_CONFIGURABLE' });
    await t.rejects(target.start({ config: {} }), { code: 'TARGET_NOT_CONFIGURABLE' });
    t.throws(() => resolveTarget('podman:/nonexistent/podman', {}), { code: 'TARGET_SPEC' });
  },
);

t.test(
  'a started service runs a container; stop ends the service, conmon and the container by PID, unmounts and removes everything',
  { skip: missing !== null && !inCI() ? missing : false, timeout: 240_000 },
  async (t) => {
    if (missing !== null) return void t.fail(`podman is required in CI: ${missing}`);
    const hostStores = ['/var/lib/containers', '/root/.local/share/containers'].filter((p) => !existsSync(p));
    const started = await new PodmanTarget('podman').start();
    if (!started.ok) return void t.fail(`podman did not start: ${started.output}`);
    const { instance } = started;
    const socket = instance.endpoint.kind === 'unix' ? instance.endpoint.path : '';
    const dir = socket.replace(/\/d\.sock$/, '');
    t.match(dir, /^\/tmp\/ctc-/, 'a private directory');
    const client = new HttpClient(instance.endpoint);
    let processes: ProcessRef[] = [];
    let ids: string[] = [];
    try {
      const facts = await readFacts(client);
      t.equal(facts.engine?.name, 'Podman Engine', 'GET /version names the Podman Engine component');
      t.equal(facts.brand, 'docker', "the Docker-Experimental header of its /_ping gives Docker's names");
      const judged = judgeRelease(facts);
      t.equal(judged.release?.maxApi, facts.apiMax, 'judged by the API version it claims');
      t.equal(judged.release?.defaultMinApi, facts.apiMin, 'with the minimum it claims');
      t.match(judged.judgement, new RegExp(`^Podman Engine ${facts.version}, judged as API ${facts.apiMax} as it claims`));

      const imported = await client.request('POST', '/images/create?fromSrc=-&repo=ctc-podman-test', {
        body: await baseTarball(),
        headers: { 'Content-Type': 'application/x-tar' },
        timeoutMs: 60_000,
      });
      t.equal(imported.status, 200, 'the base image is imported');
      const created = await client.request('POST', '/containers/create', {
        json: { Image: 'ctc-podman-test', Cmd: ['/bin/busybox', 'sleep', '600'], HostConfig: { NetworkMode: 'none' } },
        timeoutMs: 30_000,
      });
      t.equal(created.status, 201, `a container is created: ${created.body}`);
      const id = (JSON.parse(created.body) as { Id: string }).Id;
      const run = await client.request('POST', `/containers/${id}/start`, { timeoutMs: 60_000 });
      t.equal(run.status, 204, `and started: ${run.body}`);
      processes = containerProcesses(dir).filter((ref) => ref.pid !== instance.pid);
      ids = containerIds(join(dir, 'root'));
      t.ok(processes.length >= 2, `conmon and the container's process run (${processes.length} found)`);
      t.same(ids, [id], 'the storage holds the container');
      t.ok(
        containerCgroups(ids).some((group) => existsSync(group)),
        'it has cgroups of its own',
      );
      t.match(instance.output(), /API service listening/, 'the service logs');
    } finally {
      client.close();
      await instance.stop();
    }
    t.notOk(instance.pid !== undefined && isRunning(instance.pid), 'the service ended');
    t.same(
      processes.filter((ref) => isRunning(ref.pid)).map((ref) => ref.pid),
      [],
      'conmon and the container ended',
    );
    t.same(containerProcesses(dir), [], 'nothing names the directory any more');
    t.same(mountsUnder(dir), [], 'nothing mounted under the directory');
    t.notOk(existsSync(dir), 'the directory is removed');
    t.same(
      containerCgroups(ids, cgroupMounts()).filter((group) => existsSync(group)),
      [],
      "the container's cgroups are removed",
    );
    t.same(
      hostStores.filter((p) => existsSync(p)),
      [],
      "the machine's /var/lib/containers and ~/.local/share/containers are not made",
    );
  },
);

t.test(
  'a short run: the description says Podman judged by its claimed API, release-dependent rules fail with the exchange',
  { skip: missing !== null && !inCI() ? missing : false, timeout: 300_000 },
  async (t) => {
    if (missing !== null) return void t.fail(`podman is required in CI: ${missing}`);
    const run = await runSuites({
      target: resolveTarget('podman', {}),
      seed: 20261127,
      numRuns: 5,
      numStarts: 1,
      only: ['api.version.prefix', 'api.ping', 'api.version.too-old', 'reload.sighup.applies'],
    });
    t.equal(run.target.profile, 'docker');
    t.equal(run.target.kind, 'process');
    t.match(run.target.judgedAs, /^Podman Engine 4\.3\.\d+, judged as API 1\.41 as it claims .*dockerd 20\.10.*minimum it claims, 1\.24/);
    t.same(run.target.apiRange, { min: '1.24', max: '1.41' }, 'the range it claims');
    const of = (rule: string) => run.results.filter((r) => r.rule === rule);
    t.ok(
      of('api.version.prefix').some((r) => r.status === 'pass') && of('api.version.prefix').every((r) => r.status === 'pass' || r.status === 'not-applicable'),
      'the version prefix passes',
    );
    t.ok(
      of('api.ping').some((r) => r.status === 'fail' && /Cache-Control/.test(r.evidence.summary)),
      "its /_ping's Cache-Control (no-cache) is not dockerd's: an implementation rule fails",
    );
    const tooOld = of('api.version.too-old').filter((r) => r.status !== 'not-applicable');
    t.ok(tooOld.length > 0 && tooOld.every((r) => r.api !== null && Number(r.api.split('.')[1]) < 24), 'judged below 1.24 only');
    t.ok(
      tooOld.every((r) => r.status === 'fail' && (r.evidence.exchanges?.length ?? 0) > 0),
      'a path below the minimum it claims is answered: a failure, with the exchange',
    );
    t.ok(
      of('reload.sighup.applies').every((r) => r.status === 'skipped' && /no daemon\.json and no reload/.test(r.evidence.reason ?? '')),
      'a rule about dockerd as a process is skipped with the reason',
    );
  },
);

t.test('the recording of Podman 4.3 replays: judged as it was, no request missing, its failures kept', async (t) => {
  const transcript = readTranscript(FIXTURE);
  t.match(transcript.recordedFrom, /^podman/);
  const only = ['api.version.prefix', 'api.version.too-old', 'api.version.below-1.24-disabled'];
  const dir = join(scratch, 'replay');
  const run = await runCli([
    'run',
    '--target',
    `replay:${FIXTURE}`,
    '--seed',
    String(transcript.seed),
    '--num-runs',
    String(transcript.numRuns),
    ...only.flatMap((id) => ['--only', id]),
    '--out',
    dir,
    '-q',
  ]);
  t.equal(run.code, 1, `rules fail, nothing else goes wrong: ${run.stderr}`);
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;
  t.equal(report.target.profile, 'docker');
  t.match(report.target.judgedAs, /^Podman Engine 4\.3\.\d+, judged as API 1\.41 as it claims/);
  t.same(
    report.results.filter((r) => r.status === 'error').map((r) => `${r.rule}@${r.api}: ${r.evidence.summary}`),
    [],
    'no cell lacks a recorded request',
  );
  const failing = new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.rule));
  t.ok(failing.has('api.version.too-old'), 'paths below the claimed minimum are answered: fail');
  t.ok(
    report.results.some((r) => r.rule === 'api.version.prefix' && r.status === 'pass') &&
      report.results.filter((r) => r.rule === 'api.version.prefix').every((r) => r.status === 'pass' || r.status === 'not-applicable'),
    'the version prefix passes',
  );
});
