import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * The docker CLI (28.2) drives ctrd-sim's image, container, archive and events API, emulating 28.5:
 * import from a tarball with changes, inspect at the negotiated version and at a forced older one,
 * create on the network none, copy a file out (the archive endpoint), read the events of a window.
 */
interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

t.test('the docker CLI imports, inspects, creates, copies and reads events on ctrd-sim', { skip: dockerCliMissing ?? false }, async (t) => {
  const home = mkdtempSync('/tmp/ctc-deprecations-clients-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const socket = join(home, 'd.sock');
  const sim = startSimProcess(['--brand', 'docker', '--emulate', '28.5', '-H', `unix://${socket}`]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  const docker = (args: readonly string[], env: Record<string, string> = {}): Promise<CliOutcome> =>
    new Promise((resolve) => {
      const isolated = {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: home,
        DOCKER_CONFIG: join(home, '.docker'),
        DOCKER_HOST: `unix://${socket}`,
        ...env,
      };
      execFile(DOCKER, [...args], { env: isolated, timeout: 30_000, encoding: 'buffer' }, (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout: stdout.toString('latin1'), stderr: stderr.toString('utf8') });
      });
    });

  const tarball = join(home, 'image.tar');
  writeFileSync(tarball, await baseTarball());
  const imported = await docker(['image', 'import', '--change', 'CMD ["/bin/busybox","true"]', '--change', 'LABEL ctc=cli', tarball, 'ctc-cli/busybox:1']);
  t.equal(imported.code, 0, `docker image import: ${imported.stderr}`);
  t.match(imported.stdout, /^sha256:[0-9a-f]{64}\s*$/, 'import prints the image id');

  const cmd = await docker(['image', 'inspect', '--format', '{{json .Config.Cmd}} {{json .Config.Labels}}', 'ctc-cli/busybox:1']);
  t.equal(cmd.stdout.trim(), '["/bin/busybox","true"] {"ctc":"cli"}', 'the changes are the image configuration');

  const newest = await docker(['image', 'inspect', 'ctc-cli/busybox:1']);
  const older = await docker(['image', 'inspect', 'ctc-cli/busybox:1'], { DOCKER_API_VERSION: '1.44' });
  t.notMatch(newest.stdout, /"ContainerConfig"/, 'at the negotiated 1.51 image inspect has no ContainerConfig');
  t.notMatch(newest.stdout, /"Hostname"/, 'at 1.51 the non-standard image-config fields are gone');
  t.match(older.stdout, /"ContainerConfig"/, 'with DOCKER_API_VERSION=1.44 ContainerConfig is back');
  t.match(older.stdout, /"Hostname"/, 'and so are the non-standard fields');

  const since = String(Math.floor(Date.now() / 1000) - 1);
  const created = await docker(['create', '--network', 'none', 'ctc-cli/busybox:1']);
  t.equal(created.code, 0, `docker create --network none: ${created.stderr}`);
  const id = created.stdout.trim();
  t.match(id, /^[0-9a-f]{64}$/, 'create prints the container id');

  // A file of the image the init layer does not shadow (a created container's /etc/hostname is the init layer's empty one, as on the releases).
  const copied = await docker(['cp', `${id}:/etc/ctc-release`, '-']);
  t.equal(copied.code, 0, `docker cp: ${copied.stderr}`);
  t.ok(
    copied.stdout.startsWith('ctc-release\0') && copied.stdout.includes('ctr-conformance base image\n'),
    'docker cp - writes a tar of the file, through the archive endpoint',
  );

  const until = String(Math.floor(Date.now() / 1000) + 1);
  const events = await docker(['events', '--since', since, '--until', until, '--format', '{{json .}}']);
  t.equal(events.code, 0, `docker events: ${events.stderr}`);
  const lines = events.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const create = lines.find((event) => event['Type'] === 'container' && event['Action'] === 'create');
  t.ok(create !== undefined, 'the events of the window hold the create');
  t.equal(create?.['status'], 'create', 'below 1.52 the create event still has status');
  t.equal(create?.['from'], 'ctc-cli/busybox:1', 'and from, the image');

  const removed = await docker(['rm', '-f', id]);
  t.equal(removed.code, 0, `docker rm -f: ${removed.stderr}`);
  const untagged = await docker(['image', 'rm', 'ctc-cli/busybox:1']);
  t.equal(untagged.code, 0, `docker image rm: ${untagged.stderr}`);
});
