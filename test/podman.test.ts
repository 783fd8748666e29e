import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { RELEASES } from '../specs/versions.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { HttpClient } from '../suites/http/client.js';
import { runSuites } from '../suites/run/index.js';
import { readFacts } from '../suites/targets/facts.js';
import { judgeRelease } from '../suites/targets/judged-release.js';
import { hasPidsController, MACHINE_CGROUPS, needsUnifiedCgroups, unifiedHierarchy } from '../suites/targets/podman/podman-cgroups.js';
import { cgroupMounts, containerCgroups, containerIds, containerProcesses, eventContainerIds } from '../suites/targets/podman/podman-leftovers.js';
import { delegatedCgroupPath, PodmanTarget } from '../suites/targets/podman/podman-target.js';
import { podmanInstall, type PodmanInstall } from '../suites/targets/podman/provisioned-podman.js';
import { isRunning, type ProcessRef } from '../suites/targets/process/reaper.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { readTranscript } from '../suites/targets/transcript.js';
import { runCli } from './helpers/cli.js';
import { escapedDots, PODMAN_RELEASES, podmanRecording } from './helpers/podman-releases.js';
import { inCI } from './helpers/real-daemons.js';

/**
 * Podman as a second real implementation, at every release Debian carries
 * (scripts/provision-podman.sh): bookworm's 4.3 on the machine; trixie's 5.4, sid's 5.8 and
 * experimental's 6.1 each in a minimal root of its own. Each one's API service started by the suite
 * and everything it made ended and removed; judged by the API version it claims; and each one's
 * recording replayed. In CI a missing podman is a failure.
 */

const scratch = mkdtempSync('/tmp/ctc-podman-test-');
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

/** The provisioned podman of a release, or why the live tests cannot run it. */
function provisioned(release: string): { install: PodmanInstall | null; missing: string | null } {
  let install: PodmanInstall;
  try {
    install = podmanInstall(`podman@${release}`);
  } catch (error) {
    return { install: null, missing: (error as Error).message };
  }
  if (process.getuid?.() !== 0) return { install, missing: 'the podman target runs Podman rootful: the test needs root' };
  return { install, missing: null };
}

/** Live tests are skipped with the reason outside CI; in CI they run, and fail on the reason. */
const skipUnless = (missing: string | null): string | false => (missing !== null && !inCI() ? missing : false);

const mountsUnder = (dir: string): string[] =>
  readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .filter((line) => line.split(' ')[1]?.startsWith(dir) === true);

const pids = (): string[] => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** The processes in a mount namespace (`mnt:[4026532…]`): while there is one, the namespace and its mounts live. */
const inNamespace = (namespace: string): string[] =>
  pids().filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/ns/mnt`) === namespace;
    } catch {
      return false;
    }
  });

/** The mount points at or below `path` in any process's mount table (as that process names them: a chrooted one names them from its root). */
function mountsAnywhere(path: string): string[] {
  const found = new Set<string>();
  for (const pid of pids()) {
    let table = '';
    try {
      table = readFileSync(`/proc/${pid}/mountinfo`, 'utf8');
    } catch {
      continue;
    }
    for (const line of table.split('\n')) {
      const point = line.split(' ')[4]?.replace(/\\040/g, ' ');
      if (point !== undefined && (point === path || point.startsWith(`${path}/`))) found.add(`${point} (pid ${pid})`);
    }
  }
  return [...found];
}

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

t.test("Podman 6 is shown a cgroup v2 hierarchy: the machine's own where it is unified, the v2 one beside v1 on a hybrid machine", async (t) => {
  const line = (id: number, point: string, type: string) => `${id} 23 0:${id} / ${point} rw,relatime - ${type} ${type} rw`;
  const hybrid = [line(31, '/sys/fs/cgroup', 'tmpfs'), line(32, '/sys/fs/cgroup/cpu', 'cgroup'), line(41, '/sys/fs/cgroup/unified', 'cgroup2')].join('\n');
  t.equal(unifiedHierarchy(hybrid), '/sys/fs/cgroup/unified', 'hybrid: the v2 mount is bound at /sys/fs/cgroup');
  t.equal(unifiedHierarchy(line(31, '/sys/fs/cgroup', 'cgroup2')), null, 'unified: nothing to bind');
  t.throws(
    () => unifiedHierarchy(line(32, '/sys/fs/cgroup/cpu', 'cgroup')),
    { code: 'TARGET_START', message: /mounts none/ },
    'v1 alone: refused at the start',
  );
  t.same(
    PODMAN_RELEASES.filter((p) => needsUnifiedCgroups(p.release)).map((p) => p.release),
    ['6.1'],
    'only 6.x needs it',
  );
  const dir = mkdtempSync(join(scratch, 'cgroup-'));
  writeFileSync(join(dir, 'cgroup.controllers'), 'hugetlb\n');
  t.notOk(hasPidsController(dir), 'a v2 hierarchy holding hugetlb alone has no pids controller: pids_limit = 0');
  writeFileSync(join(dir, 'cgroup.controllers'), 'cpuset cpu io memory hugetlb pids rdma misc\n');
  t.ok(hasPidsController(dir));
  // Observed lines of 6.1's file events log: the containers it made, removed ones too, have their cgroups removed at the stop.
  const [image, container] = ['a', 'b'].map((c) => c.repeat(64));
  writeFileSync(
    join(dir, 'events.log'),
    [
      '{"Status":"refresh","Time":"2026-12-05T08:24:19.817857534Z","Type":"system","Attributes":null}',
      `{"ID":"${image}","Name":"docker.io/library/ctc-r","Status":"tag","Time":"2026-12-05T08:24:20.246089189Z","Type":"image","Attributes":null}`,
      `{"ID":"${container}","Image":"docker.io/library/ctc-r:latest","Name":"sleepy_goodall","Status":"create","Time":"2026-12-05T08:24:20.336275837Z","Type":"container","Attributes":{}}`,
      `{"ID":"${container}","Image":"docker.io/library/ctc-r:latest","Name":"sleepy_goodall","Status":"remove","Time":"2026-12-05T08:24:21.336275837Z","Type":"container","Attributes":{}}`,
    ].join('\n'),
  );
  t.same(eventContainerIds(join(dir, 'events.log')), [container], 'the containers of the events log, each once');
  t.same(eventContainerIds(join(dir, 'none.log')), [], 'no log, no ids');
});

const IN_ROOTS = PODMAN_RELEASES.filter((p) => p.inRoot).map((p) => p.release);
const rootsMissing = IN_ROOTS.map((release) => provisioned(release).missing).find((missing) => missing !== null) ?? null;

t.test('a spec names a provisioned release, or the first one; a podman kept in a root runs there', { skip: skipUnless(rootsMissing) }, async (t) => {
  if (rootsMissing !== null) return void t.fail(`every podman in a root is required in CI: ${rootsMissing}`);
  const first = podmanInstall('podman');
  t.equal(first.release, '4.3', '`podman` alone is the first provisioned release, bookworm 4.3');
  t.equal(first.root, null, 'on the machine itself');
  for (const release of IN_ROOTS) {
    const install = podmanInstall(`podman@${release}`);
    t.match(install.root, new RegExp(`/podman-${escapedDots(release)}/root$`), `podman@${release} runs in its own root`);
    t.equal(install.path, '/usr/bin/podman', 'its path inside the root');
    t.same(podmanInstall(`podman:${install.root}/usr/bin/podman`), install, 'podman:PATH of that binary runs it in its root too');
  }
  t.throws(() => podmanInstall('podman@9.9'), {
    code: 'TARGET_NOT_PROVISIONED',
    message: new RegExp(`Podman 9\\.9 is not provisioned .*lists ${PODMAN_RELEASES.map((p) => escapedDots(p.release)).join(', ')}\\);.*provision-podman\\.sh`),
  });
});

t.test(
  'a podman that provisioning does not name tells its release by --version; one that cannot is refused at the start',
  { skip: process.getuid?.() !== 0 && !inCI() ? 'the podman target runs Podman rootful: the test needs root' : false },
  async (t) => {
    for (const [path, why] of [
      ['/bin/false', /--version failed/],
      ['/bin/echo', /--version printed no version/],
    ] as const) {
      const target = new PodmanTarget(`podman:${path}`, { install: { path, root: null, release: null } });
      await t.rejects(target.start(), { code: 'TARGET_START', message: why }, path);
    }
  },
);

for (const { release, inRoot, claims, judgedAs } of PODMAN_RELEASES) {
  const spec = `podman@${release}`;
  const { install, missing } = provisioned(release);
  const skip = skipUnless(missing);

  t.test(`${spec}: the spec resolves to a started process with the daemon API only, fixed settings`, { skip }, async (t) => {
    if (missing !== null) return void t.fail(`podman ${release} is required in CI: ${missing}`);
    const target = resolveTarget(spec, {});
    t.equal(target.kind, 'process');
    t.same([...target.surfaces], ['daemon-api']);
    t.match(target.surfaceGaps?.['daemon-process'], /no daemon\.json and no reload/, 'the daemon-process rules are skipped with the reason');
    t.notOk(target.capabilities.has('reload'), 'no reload');
    await t.rejects(target.start({ args: ['--debug'] }), { code: 'TARGET_NOT_CONFIGURABLE' });
    await t.rejects(target.start({ config: {} }), { code: 'TARGET_NOT_CONFIGURABLE' });
    t.throws(() => resolveTarget('podman:/nonexistent/podman', {}), { code: 'TARGET_SPEC' });
  });

  t.test(
    `${spec}: a started service runs a container; stop ends the service, conmon and the container by PID, unmounts and removes everything`,
    { skip, timeout: 240_000 },
    async (t) => {
      if (missing !== null || install === null) return void t.fail(`podman ${release} is required in CI: ${missing}`);
      const hostStores = ['/var/lib/containers', '/root/.local/share/containers'].filter((p) => !existsSync(p));
      const root = install.root;
      t.equal(root !== null, inRoot, inRoot ? 'provisioned in a root of its own' : "on the machine's own root");
      // Where the machine's processes are in each hierarchy: a service must not move them (Podman 6 moved them all into /init).
      const hostCgroups = (): string[] => ['/proc/1/cgroup', '/proc/self/cgroup'].map((file) => readFileSync(file, 'utf8'));
      const before = hostCgroups();
      const v2 = needsUnifiedCgroups(release) ? (unifiedHierarchy() ?? MACHINE_CGROUPS) : null;
      const started = await new PodmanTarget(spec).start();
      if (!started.ok) return void t.fail(`podman did not start: ${started.output}`);
      const { instance } = started;
      const socket = instance.endpoint.kind === 'unix' ? instance.endpoint.path : '';
      const dir = socket.replace(/\/d\.sock$/, '');
      t.match(dir, /^\/tmp\/ctc-/, 'a private directory');
      const client = new HttpClient(instance.endpoint);
      let processes: ProcessRef[] = [];
      let ids: string[] = [];
      let namespace = '';
      try {
        const facts = await readFacts(client);
        t.equal(facts.engine?.name, 'Podman Engine', 'GET /version names the Podman Engine component');
        t.match(facts.engine?.version, new RegExp(`^${escapedDots(release)}\\.\\d+$`), `the release provisioned, ${release}`);
        t.equal(facts.brand, 'docker', "the Docker-Experimental header of its /_ping gives Docker's names");
        const judged = judgeRelease(facts);
        t.equal(judged.release?.maxApi, facts.apiMax, 'judged by the API version it claims');
        t.equal(judged.release?.defaultMinApi, facts.apiMin, 'with the minimum it claims');
        t.match(judged.judgement, new RegExp(`^Podman Engine ${facts.version}, judged as API ${facts.apiMax} as it claims`));
        if (root !== null && instance.pid !== undefined) {
          namespace = readlinkSync(`/proc/${instance.pid}/ns/mnt`);
          t.not(namespace, readlinkSync('/proc/self/ns/mnt'), 'the service has a mount namespace of its own');
          t.equal(realpathSync(`/proc/${instance.pid}/root`), root, 'chrooted in its root');
          // A chrooted process's mount table names the points as it sees them.
          const table = readFileSync(`/proc/${instance.pid}/mountinfo`, 'utf8').split('\n');
          const points = table.map((line) => line.split(' ')[4]);
          for (const point of ['/', '/proc', '/sys', '/dev', '/run', '/var/lib', '/tmp', dir])
            t.ok(points.includes(point), `in its namespace, ${point} is mounted`);
          // The last mount at a point is the one it sees.
          const cgroups = table.filter((line) => line.split(' ')[4] === '/sys/fs/cgroup').at(-1);
          if (needsUnifiedCgroups(release)) t.match(cgroups, / - cgroup2 /, 'Podman 6 sees a cgroup v2 hierarchy at /sys/fs/cgroup');
          t.same(mountsUnder(root), [], "none of it in the machine's mount table");
        }

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
          containerCgroups(ids, v2 === null ? cgroupMounts() : [delegatedCgroupPath(v2, dir)]).some((group) => existsSync(group)),
          v2 === null ? 'it has cgroups of its own' : 'it has cgroups of its own, in the group delegated to the service',
        );
        t.same(hostCgroups(), before, "the machine's processes stay in their cgroups while it runs");
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
      t.same(mountsAnywhere(dir), [], 'nothing mounted under the directory, in any namespace');
      t.notOk(existsSync(dir), 'the directory is removed');
      t.same(
        containerCgroups(ids, cgroupMounts()).filter((group) => existsSync(group)),
        [],
        "the container's cgroups are removed",
      );
      t.same(hostCgroups(), before, "and after it ended: PID 1's cgroups and the test's are as they were");
      if (v2 !== null) t.notOk(existsSync(delegatedCgroupPath(v2, dir)), 'the group delegated to the service is removed');
      t.same(
        hostStores.filter((p) => existsSync(p)),
        [],
        "the machine's /var/lib/containers and ~/.local/share/containers are not made",
      );
      if (root !== null) {
        t.same(inNamespace(namespace), [], 'the namespace is gone, and its mounts with it: no process is left in it');
        t.same(mountsAnywhere(root), [], 'nothing mounted in the root, in any namespace');
        t.same(readdirSync(join(root, 'tmp')), [], "nothing written into the root's /tmp (its tmpfs held the run directory's mount point)");
      }
    },
  );

  t.test(
    `${spec}: a short run: the description says Podman judged by its claimed API, release-dependent rules fail with the exchange or are skipped with a true reason`,
    { skip, timeout: 300_000 },
    async (t) => {
      if (missing !== null) return void t.fail(`podman ${release} is required in CI: ${missing}`);
      const run = await runSuites({
        target: resolveTarget(spec, {}),
        seed: 20261127,
        numRuns: 5,
        numStarts: 1,
        only: ['api.version.prefix', 'api.ping', 'api.version.too-old', 'api.error.legacy-plain-text', 'reload.sighup.applies'],
      });
      t.equal(run.target.profile, 'docker');
      t.equal(run.target.kind, 'process');
      t.match(
        run.target.judgedAs,
        new RegExp(
          `^Podman Engine ${escapedDots(release)}\\.\\d+, judged as API ${escapedDots(claims.max)} as it claims .*dockerd ${escapedDots(judgedAs)}.*minimum it claims, ${escapedDots(claims.min)}`,
        ),
      );
      t.same(run.target.apiRange, claims, 'the range it claims');
      const of = (rule: string) => run.results.filter((r) => r.rule === rule);
      t.ok(
        of('api.version.prefix').some((r) => r.status === 'pass') &&
          of('api.version.prefix').every((r) => r.status === 'pass' || r.status === 'not-applicable'),
        'the version prefix passes',
      );
      t.ok(
        of('api.ping').some((r) => r.status === 'fail' && /Cache-Control/.test(r.evidence.summary)),
        "its /_ping's Cache-Control (no-cache) is not dockerd's: an implementation rule fails",
      );
      const tooOld = of('api.version.too-old').filter((r) => r.status !== 'not-applicable');
      t.ok(
        tooOld.length > 0 && tooOld.every((r) => r.api !== null && Number(r.api.split('.')[1]) < Number(claims.min.split('.')[1])),
        `judged below ${claims.min} only`,
      );
      t.ok(
        tooOld.every((r) => r.status === 'fail' && (r.evidence.exchanges?.length ?? 0) > 0),
        'a path below the minimum it claims is answered: a failure, with the exchange',
      );
      const legacy = of('api.error.legacy-plain-text').filter((r) => r.status !== 'not-applicable');
      t.ok(legacy.length > 0, 'the legacy content type is judged below 1.24');
      t.ok(
        legacy.every(
          (r) =>
            r.status === 'skipped' &&
            new RegExp(
              `^Podman Engine is not dockerd \\(judged as dockerd ${escapedDots(judgedAs)} by the API version it claims\\): what real dockerd daemons were observed to do is not carried over to it`,
            ).test(r.evidence.reason ?? ''),
        ),
        `what was observed of dockerd ${judgedAs} is not carried over, and the reason says so (not that no dockerd ${judgedAs} was observed): ${legacy[0]?.evidence.reason}`,
      );
      t.ok(
        of('reload.sighup.applies').every((r) => r.status === 'skipped' && /no daemon\.json and no reload/.test(r.evidence.reason ?? '')),
        'a rule about dockerd as a process is skipped with the reason',
      );
    },
  );

  t.test(`the recording of Podman ${release} replays: judged as it was, no request missing, its failures kept`, async (t) => {
    const file = podmanRecording(release);
    const transcript = readTranscript(file);
    t.match(transcript.recordedFrom, /^podman/);
    const only = ['api.version.prefix', 'api.version.too-old', 'api.version.below-1.24-disabled'];
    const dir = join(scratch, `replay-${release}`);
    const run = await runCli([
      'run',
      '--target',
      `replay:${file}`,
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
    t.match(report.target.judgedAs, new RegExp(`^Podman Engine ${escapedDots(release)}\\.\\d+, judged as API ${escapedDots(claims.max)} as it claims`));
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
}
