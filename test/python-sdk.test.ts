import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { RELEASES } from '../specs/versions.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { inCI, realDaemons } from './helpers/real-daemons.js';
import { startSimProcess } from './helpers/sim-process.js';
import { send } from './helpers/unix-send.js';

/**
 * The Python docker SDK (Debian's python3-docker, scripts/provision-python-sdk.sh) does what a user
 * does first, against ctrd-sim and against the real 28.5: version; get, tag, inspect and remove an
 * image by its familiar names; save two names of it and load them back (a stream of one line per
 * name, which the SDK reads chunk by chunk); run a container detached, then stop, wait, read its logs and remove
 * it; run one attached, which returns when a second thread stops it. Each flow is a run of
 * test/python-sdk/flows.py; the simulator never interprets the command (it runs nothing).
 */

/** Debian's interpreter, whose dist-packages hold python3-docker (not whatever python3 is first on PATH). */
const PYTHON = '/usr/bin/python3';
const FLOWS = fileURLToPath(new URL('../../test/python-sdk/flows.py', import.meta.url));
const IMAGE = 'ctc-base/busybox:1';

/** Why the SDK cannot be run here, or null when it can. */
const sdkMissing = ((): string | null => {
  const probe = spawnSync(PYTHON, ['-c', 'import docker; print(docker.__version__)'], { encoding: 'utf8', timeout: 30_000 });
  if (probe.status === 0) return null;
  return `python3-docker is missing (${PYTHON}: ${(probe.stderr ?? probe.error?.message ?? '').trim().split('\n').pop()}): run scripts/provision-python-sdk.sh as root`;
})();

interface Flow {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** One flow of flows.py against `socket`, with nothing of the runner's environment but PATH. */
function flow(name: string, socket: string, home: string): Promise<Flow> {
  return new Promise((resolve) => {
    const env = { PATH: '/usr/bin:/bin', HOME: home, DOCKER_HOST: `unix://${socket}` };
    execFile(PYTHON, [FLOWS, name, IMAGE], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Imports the suites' base image the way the other tests do (fromSrc of a tarball); a real daemon may take a while. */
const importBase = async (socket: string): Promise<number> =>
  (await send(socket, 'POST', '/images/create?fromSrc=-&repo=ctc-base/busybox&tag=1', await baseTarball(), 'application/x-tar', 30_000)).status;

/** The flows against a daemon of `release` on `socket`; `versionIs` checks the Version it reports against the release's. */
async function flows(t: Test, release: string, socket: string, versionIs: (reported: string, version: string) => boolean): Promise<void> {
  const entry = RELEASES.find((r) => r.release === release);
  if (entry === undefined) throw new Error(`no release ${release} in specs/versions.ts`);
  const home = mkdtempSync('/tmp/ctc-pysdk-home-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  t.equal(await importBase(socket), 200, 'the base image is imported');
  const old = release === '20.10';
  const run = async (name: string): Promise<Record<string, unknown>> => {
    const outcome = await flow(name, socket, home);
    t.equal(outcome.code, 0, `flows.py ${name} ends well: ${outcome.stderr}`);
    return outcome.code === 0 ? (JSON.parse(outcome.stdout) as Record<string, unknown>) : {};
  };

  const { Version: version, ...api } = await run('version');
  t.same(api, { ApiVersion: entry.maxApi, MinAPIVersion: entry.defaultMinApi }, 'client.version(): the API versions');
  t.ok(versionIs(String(version), entry.version), `client.version(): Version ${String(version)} is ${entry.version}'s`);

  t.same(
    await run('images'),
    {
      found: { 'other/name:x': true, 'docker.io/other/name:x': true, 'other/name:y': true },
      tags: [IMAGE, 'other/name:x', 'other/name:y'],
      removed: [[{ Untagged: 'other/name:x' }], [{ Untagged: 'other/name:y' }]],
      gone: old ? 'no such image: other/name:x: No such image: other/name:x' : 'No such image: other/name:x',
    },
    'images.get, image.tag, api.tag with docker.io/, inspect_image and remove_image by familiar names',
  );

  // images.load reads the load's answer as a stream of JSON lines (chunked): one image per name.
  t.same(
    await run('saveload'),
    { count: 2, tags: ['ctc-base/busybox:1', 'ctc/two:1'], same: true },
    'a save of two names, then images.load of the archive: both names, the same image',
  );

  // The containers run under an init, so the stopped busybox sleep dies of SIGTERM on the real daemon too: 143.
  const exit = 128 + 15;
  t.same(
    await run('detached'),
    { running: 'running', stopped: 'exited', wait: old ? { Error: null, StatusCode: exit } : { StatusCode: exit }, logs: '', removed: true },
    'containers.run(detach=True), then stop, wait, logs and remove',
  );
  t.same(await run('attached'), { exit_status: exit, stderr: '', stopper: [] }, 'an attached containers.run returns when the container is stopped');
}

if (sdkMissing !== null) {
  if (inCI()) t.fail(`the Python docker SDK is required in CI: ${sdkMissing}`);
  else t.test('the Python docker SDK', { skip: sdkMissing }, async () => {});
} else {
  for (const release of ['28.5', '20.10']) {
    t.test(`the Python docker SDK against ctrd-sim emulating ${release}`, async (t) => {
      const dir = mkdtempSync('/tmp/ctc-pysdk-');
      t.teardown(() => rmSync(dir, { recursive: true, force: true }));
      const socket = join(dir, 'd.sock');
      const sim = startSimProcess(['--brand', 'docker', '--emulate', release, '-H', `unix://${socket}`]);
      t.teardown(() => sim.kill());
      await sim.waitFor(/completed initialization/);
      await flows(t, release, socket, (reported, version) => reported === `${version}+ctrd-sim`);
    });
  }

  const real = realDaemons();
  const newest = real.daemons.find((daemon) => daemon.release === '28.5');
  const realMissing = newest === undefined ? `no real dockerd 28.5: ${real.missing ?? 'not listed'}` : null;
  if (realMissing !== null && inCI()) t.fail(`the real dockerd 28.5 is required in CI: ${realMissing}`);
  else
    t.test('the Python docker SDK against the real dockerd 28.5', { skip: realMissing ?? false }, async (t) => {
      const outcome = await new SpawnedDaemonTarget({ spec: `daemon:${newest!.path}`, command: [newest!.path] }).start();
      if (!outcome.ok) throw new Error(`dockerd 28.5 did not start: ${outcome.output}`);
      t.teardown(() => outcome.instance.stop());
      const { endpoint } = outcome.instance;
      if (endpoint.kind !== 'unix') throw new Error('dockerd 28.5 listens on no unix socket');
      // Debian's build names itself 28.5.2+dfsg…: the release's version and its suffix.
      await flows(t, '28.5', endpoint.path, (reported, version) => reported.startsWith(`${version}+`));
    });
}
