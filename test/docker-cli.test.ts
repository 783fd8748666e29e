import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { inCI } from './helpers/real-daemons.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * The docker CLI against ctrd-sim: what the simulator does not implement ends in a clear "not
 * implemented" answer from the daemon, never in "page not found".
 */

const missing = dockerCliMissing;

interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function docker(args: readonly string[], host: string, home: string): Promise<CliOutcome> {
  return new Promise((resolve) => {
    // Only what the CLI needs: its own config directory, no context or host from the runner's environment.
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, DOCKER_CONFIG: join(home, '.docker'), DOCKER_HOST: host };
    execFile(DOCKER, [...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** ctrd-sim as a process emulating 28.5 under the docker brand, on a socket in a fresh home for the CLI; both gone at the test's end. */
async function simForCli(t: Test): Promise<{ readonly home: string; readonly host: string }> {
  const home = mkdtempSync('/tmp/ctc-cli-home-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const host = `unix://${join(home, 'd.sock')}`;
  const sim = startSimProcess(['--brand', 'docker', '--emulate', '28.5', '-H', host]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  return { home, host };
}

if (missing !== null) {
  if (inCI()) t.fail(`the docker CLI is required in CI: ${missing}`);
  else t.test('docker CLI against ctrd-sim', { skip: missing }, async () => {});
} else {
  t.test('docker version, ps, network create, inspect and rm against ctrd-sim emulating 28.5 (docker info: test/info-clients.test.ts)', async (t) => {
    const { home, host } = await simForCli(t);

    const version = await docker(['version', '--format', '{{.Server.Version}} {{.Server.APIVersion}} {{.Server.MinAPIVersion}}'], host, home);
    t.equal(version.code, 0, `docker version works: ${version.stderr}`);
    t.equal(version.stdout.trim(), '28.5.2+ctrd-sim 1.51 1.24');

    const ps = await docker(['ps', '--all'], host, home);
    t.equal(ps.code, 0, `docker ps works (ctrd-sim lists containers): ${ps.stderr}`);
    t.match(ps.stdout, /^CONTAINER ID\s+IMAGE/, 'with the table header and no container');

    const created = await docker(['network', 'create', 'ctc-cli-net'], host, home);
    t.equal(created.code, 0, `docker network create (the bridge driver): ${created.stderr}`);
    t.match(created.stdout.trim(), /^[0-9a-f]{64}$/, 'prints the network ID');
    const shown = await docker(['network', 'inspect', '--format', '{{.Driver}} {{(index .IPAM.Config 0).Subnet}}', 'ctc-cli-net'], host, home);
    t.same([shown.code, shown.stdout.trim()], [0, 'bridge 172.17.0.0/16'], `docker network inspect: the first predefined pool: ${shown.stderr}`);
    t.equal((await docker(['network', 'rm', 'ctc-cli-net'], host, home)).code, 0, 'docker network rm');

    // The simulated host has the link eth0 (networks/parent-link-network.ts) and cannot add a dummy link for a network without a parent.
    const macvlan = await docker(['network', 'create', '--driver', 'macvlan', '-o', 'parent=eth0', 'ctc-cli-mac'], host, home);
    t.equal(macvlan.code, 0, `docker network create --driver macvlan -o parent=eth0: ${macvlan.stderr}`);
    const onParent = await docker(['network', 'inspect', '--format', '{{.Driver}} {{index .Options "parent"}}', 'ctc-cli-mac'], host, home);
    t.same([onParent.code, onParent.stdout.trim()], [0, 'macvlan eth0'], `docker network inspect of the macvlan network: ${onParent.stderr}`);
    const noParent = await docker(['network', 'create', '--driver', 'ipvlan', 'ctc-cli-ipv'], host, home);
    t.same(
      [noParent.code, noParent.stderr.trim()],
      [1, 'Error response from daemon: operation not supported'],
      'docker network create --driver ipvlan without a parent',
    );

    for (const [args, endpoint] of [[['swarm', 'init', '--advertise-addr', '127.0.0.1'], 'POST /swarm/init']] as const) {
      const run = await docker(args, host, home);
      t.equal(run.code, 1, `docker ${args.join(' ')} fails`);
      t.match(run.stderr, `Error response from daemon: ${endpoint} is not implemented by ctrd-sim`, `docker ${args.join(' ')} says what is not implemented`);
      t.notMatch(run.stderr + run.stdout, /page not found/i, 'and never "page not found"');
    }
  });

  t.test('docker tag, inspect and rmi by familiar names; run -d, stop, wait, logs, ps with filters and rm (the container runs nothing)', async (t) => {
    const { home, host } = await simForCli(t);
    const tarball = join(home, 'image.tar');
    writeFileSync(tarball, await baseTarball());
    t.equal((await docker(['image', 'import', tarball, 'ctc-cli/busybox:1'], host, home)).code, 0, 'docker image import');

    // The CLI sends the tag's full name (docker.io/other/name); the daemon keeps and shows the familiar one.
    const tagged = await docker(['tag', 'ctc-cli/busybox:1', 'other/name:x'], host, home);
    t.equal(tagged.code, 0, `docker tag: ${tagged.stderr}`);
    const tags = await docker(['image', 'inspect', '--format', '{{json .RepoTags}}', 'other/name:x'], host, home);
    t.same([tags.code, tags.stdout.trim()], [0, '["ctc-cli/busybox:1","other/name:x"]'], `docker image inspect other/name:x: ${tags.stderr}`);
    const removed = await docker(['rmi', 'other/name:x'], host, home);
    t.same([removed.code, removed.stdout.trim()], [0, 'Untagged: other/name:x'], `docker rmi other/name:x: ${removed.stderr}`);

    const run = await docker(['run', '-d', '--network', 'none', '--init', 'ctc-cli/busybox:1', '/bin/busybox', 'sleep', '1000'], host, home);
    t.equal(run.code, 0, `docker run -d: ${run.stderr}`);
    const id = run.stdout.trim();
    const stop = await docker(['stop', id], host, home);
    t.same([stop.code, stop.stdout.trim()], [0, id], `docker stop: ${stop.stderr}`);
    const wait = await docker(['wait', id], host, home);
    t.same([wait.code, wait.stdout.trim()], [0, '143'], `docker wait prints the exit code of a process the stop signal ended: ${wait.stderr}`);
    const logs = await docker(['logs', id], host, home);
    t.same([logs.code, logs.stdout, logs.stderr], [0, '', ''], 'docker logs: nothing, the container printed nothing');
    const exited = await docker(['ps', '--all', '--quiet', '--no-trunc', '--filter', 'status=exited', '--filter', 'exited=143'], host, home);
    t.same([exited.code, exited.stdout.trim()], [0, id], `docker ps --filter status=exited --filter exited=143: ${exited.stderr}`);
    const running = await docker(['ps', '--quiet', '--filter', `id=${id.slice(0, 12)}`], host, home);
    t.same([running.code, running.stdout.trim()], [0, ''], 'docker ps --filter id=…: a stopped container is not listed without --all');
    const refused = await docker(['ps', '--filter', 'status=bogus'], host, home);
    t.equal(refused.code, 1, 'docker ps --filter status=bogus fails');
    t.match(refused.stderr, "invalid filter 'status=bogus'", "with the daemon's words");
    t.equal((await docker(['rm', id], host, home)).code, 0, 'docker rm');
  });

  t.test(
    'docker service, node, secret, config ls and swarm leave against ctrd-sim: the answers of a daemon in no swarm; plugin ls and inspect: none',
    async (t) => {
      const { home, host } = await simForCli(t);
      const plugins = await docker(['plugin', 'ls'], host, home);
      t.equal(plugins.code, 0, `docker plugin ls works: ${plugins.stderr}`);
      t.match(plugins.stdout, /^ID\s+NAME\s+DESCRIPTION\s+ENABLED\s*$/, 'the table header and no plugin');
      const inspect = await docker(['plugin', 'inspect', 'ctc-x'], host, home);
      t.equal(inspect.code, 1, 'docker plugin inspect of a missing plugin fails');
      t.match(inspect.stderr, 'plugin "ctc-x" not found', "with the daemon's words");
      const notManager = 'This node is not a swarm manager. Use "docker swarm init" or "docker swarm join" to connect this node to swarm and try again.';
      for (const [args, message] of [
        [['service', 'ls'], notManager],
        [['node', 'ls'], notManager],
        [['secret', 'ls'], notManager],
        [['config', 'ls'], notManager],
        [['swarm', 'leave'], 'This node is not part of a swarm'],
      ] as const) {
        const run = await docker(args, host, home);
        t.equal(run.code, 1, `docker ${args.join(' ')} fails`);
        t.match(run.stderr, `Error response from daemon: ${message}`, `docker ${args.join(' ')} prints the daemon's words`);
      }
    },
  );

  t.test(
    "docker volume create, ls with filters, inspect, rm and prune: volumes of the local driver, with the daemon's words for what it refuses",
    async (t) => {
      const { home, host } = await simForCli(t);
      const created = await docker(['volume', 'create', '--label', 'k=v', 'ctc-vol'], host, home);
      t.equal(created.code, 0, `docker volume create: ${created.stderr}`);
      t.equal(created.stdout.trim(), 'ctc-vol', 'prints the name');
      const anonymous = await docker(['volume', 'create'], host, home);
      t.equal(anonymous.code, 0, 'docker volume create without a name');
      t.match(anonymous.stdout.trim(), /^[0-9a-f]{64}$/, 'names it with a random ID');
      const tmpfs = await docker(['volume', 'create', '--opt', 'type=tmpfs', '--opt', 'device=tmpfs', 'ctc-tmpfs'], host, home);
      t.equal(tmpfs.code, 0, 'docker volume create with options');

      const listed = await docker(['volume', 'ls', '--format', '{{.Name}} {{.Driver}}', '--filter', 'label=k=v'], host, home);
      t.equal(listed.code, 0, `docker volume ls --filter label=k=v: ${listed.stderr}`);
      t.equal(listed.stdout.trim(), 'ctc-vol local', 'finds the labelled volume only');
      const inspect = await docker(['volume', 'inspect', '--format', '{{.Name}} {{.Labels}} {{.Scope}}', 'ctc-vol'], host, home);
      t.equal(inspect.stdout.trim(), 'ctc-vol map[k:v] local', 'docker volume inspect');
      const missingVolume = await docker(['volume', 'inspect', 'ctc-none'], host, home);
      t.equal(missingVolume.code, 1, 'docker volume inspect of a missing volume fails');
      t.match(missingVolume.stderr, 'get ctc-none: no such volume', "with the daemon's words");
      const badName = await docker(['volume', 'create', 'x y'], host, home);
      t.equal(badName.code, 1, 'docker volume create with a name the local driver refuses fails');
      t.match(badName.stderr, 'includes invalid characters for a local volume name', "with the daemon's words");

      // Without --all, a prune from API 1.42 on removes the anonymous volumes only; options keep a volume from any prune.
      const pruned = await docker(['volume', 'prune', '--force'], host, home);
      t.equal(pruned.code, 0, `docker volume prune: ${pruned.stderr}`);
      t.match(pruned.stdout, anonymous.stdout.trim(), 'removes the anonymous volume');
      const prunedAll = await docker(['volume', 'prune', '--all', '--force'], host, home);
      t.match(prunedAll.stdout, 'ctc-vol', 'with --all, the named volume too');
      const left = await docker(['volume', 'ls', '--quiet'], host, home);
      t.equal(left.stdout.trim(), 'ctc-tmpfs', 'the volume with options is left');
      t.equal((await docker(['volume', 'rm', 'ctc-tmpfs'], host, home)).code, 0, 'docker volume rm');
      t.equal((await docker(['volume', 'ls', '--quiet'], host, home)).stdout.trim(), '', 'and none is left');
    },
  );

  t.test('docker container prune and network prune, with an until filter: the stopped containers go, the running one stays', async (t) => {
    const { home, host } = await simForCli(t);
    const tarball = join(home, 'image.tar');
    writeFileSync(tarball, await baseTarball());
    t.equal((await docker(['image', 'import', tarball, 'ctc-cli/busybox:1'], host, home)).code, 0, 'docker image import');
    const created = await docker(['create', '--network', 'none', 'ctc-cli/busybox:1', '/bin/busybox', 'sleep', '1000'], host, home);
    const running = await docker(['run', '-d', '--network', 'none', 'ctc-cli/busybox:1', '/bin/busybox', 'sleep', '1000'], host, home);
    t.equal(running.code, 0, `docker run -d: ${running.stderr}`);
    const early = await docker(['container', 'prune', '--force', '--filter', 'until=2020-01-01T00:00:00Z'], host, home);
    t.equal(early.code, 0, `docker container prune --filter until=2020-01-01T00:00:00Z: ${early.stderr}`);
    t.notMatch(early.stdout, created.stdout.trim(), 'keeps a container made after the bound');
    const bad = await docker(['container', 'prune', '--force', '--filter', 'until=2020-13-01'], host, home);
    t.equal(bad.code, 1, 'an until Go cannot read fails');
    t.match(bad.stderr, 'parsing time "2020-13-01": month out of range', "with Go's words");
    const pruned = await docker(['container', 'prune', '--force'], host, home);
    t.match(pruned.stdout, created.stdout.trim(), 'prunes the stopped container');
    t.notMatch(pruned.stdout, running.stdout.trim(), 'not the running one');
    const left = await docker(['ps', '--all', '--quiet', '--no-trunc'], host, home);
    t.equal(left.stdout.trim(), running.stdout.trim(), 'the running container is left');
    const networks = await docker(['network', 'prune', '--force'], host, home);
    t.equal(networks.code, 0, `docker network prune: ${networks.stderr}`);
    t.equal((await docker(['rm', '--force', running.stdout.trim()], host, home)).code, 0, 'docker rm --force');
  });

  t.test("docker history: the import's step, then a commit's above it", async (t) => {
    const { home, host } = await simForCli(t);
    const tarball = join(home, 'image.tar');
    writeFileSync(tarball, await baseTarball());
    t.equal((await docker(['image', 'import', '--message', 'from the suite', tarball, 'ctc-cli/busybox:1'], host, home)).code, 0, 'docker image import');
    const created = await docker(['create', '--network', 'none', 'ctc-cli/busybox:1', '/bin/busybox', 'true'], host, home);
    t.equal((await docker(['commit', '--message', 'my commit', created.stdout.trim(), 'ctc-cli/committed:1'], host, home)).code, 0, 'docker commit');
    const history = await docker(['history', '--format', '{{.CreatedBy}}|{{.Comment}}', 'ctc-cli/committed:1'], host, home);
    t.equal(history.code, 0, `docker history: ${history.stderr}`);
    t.same(history.stdout.trim().split('\n'), ['/bin/busybox true|my commit', '|from the suite'], 'newest first, each step with its command and comment');
  });

  t.test(
    'docker system df, its verbose form and ps --size: the sizes of images, containers and volumes; diff and exec of a container that never ran',
    async (t) => {
      const { home, host } = await simForCli(t);
      const tarball = join(home, 'image.tar');
      writeFileSync(tarball, await baseTarball());
      t.equal((await docker(['image', 'import', tarball, 'ctc-cli/busybox:1'], host, home)).code, 0, 'docker image import');
      const created = await docker(['create', '--network', 'none', '--name', 'ctc-df', 'ctc-cli/busybox:1', '/bin/busybox', 'true'], host, home);
      t.equal(created.code, 0, `docker create: ${created.stderr}`);
      t.equal((await docker(['volume', 'create', 'ctc-vol'], host, home)).code, 0, 'docker volume create');

      const df = await docker(['system', 'df', '--format', '{{.Type}}|{{.TotalCount}}|{{.Active}}|{{.Size}}|{{.Reclaimable}}'], host, home);
      t.equal(df.code, 0, `docker system df: ${df.stderr}`);
      t.same(
        df.stdout.trim().split('\n'),
        ['Images|1|1|1.982MB|0B (0%)', 'Containers|1|0|0B|0B', 'Local Volumes|1|0|0B|0B', 'Build Cache|0|0|0B|0B'],
        'one image in use by the one container, one volume in use by none, no build cache',
      );
      const verbose = await docker(['system', 'df', '--verbose'], host, home);
      t.equal(verbose.code, 0, `docker system df --verbose: ${verbose.stderr}`);
      t.match(
        verbose.stdout,
        /ctc-cli\/busybox\s+1\s+\S+\s+.*ago\s+1\.98MB\s+0B\s+1\.982MB\s+1\n/,
        'the image: its size, none of it shared (no other image holds its layer), used by one container',
      );
      t.match(verbose.stdout, /ctc-vol\s+0\s+0B/, 'the volume: no link, no size');
      const ps = await docker(['ps', '--all', '--size', '--format', '{{.Names}} {{.Size}}'], host, home);
      t.equal(ps.code, 0, `docker ps --size: ${ps.stderr}`);
      t.equal(ps.stdout.trim(), 'ctc-df 0B (virtual 1.98MB)', 'the container wrote nothing; its image is its virtual size');
      const diff = await docker(['diff', 'ctc-df'], host, home);
      t.equal(diff.code, 0, `docker diff: ${diff.stderr}`);
      t.equal(diff.stdout.trim(), '', 'a container that never ran changed nothing');
      const exported = await docker(['export', '--output', join(home, 'ctc-df.tar'), 'ctc-df'], host, home);
      t.equal(exported.code, 0, `docker export: ${exported.stderr}`);
      t.ok(readFileSync(join(home, 'ctc-df.tar')).includes('.dockerenv'), "the export holds the init layer's entries");
      const execOff = await docker(['exec', 'ctc-df', 'ls'], host, home);
      t.equal(execOff.code, 1, 'docker exec in a container that is not running fails');
      t.match(execOff.stderr, /container [0-9a-f]{64} is not running/, "with the daemon's words");
    },
  );

  t.test('docker image prune: dangling images only, then with --all every image no container uses; rmi takes an untagged parent', async (t) => {
    const { home, host } = await simForCli(t);
    const tarball = join(home, 'image.tar');
    writeFileSync(tarball, await baseTarball());
    t.equal((await docker(['image', 'import', tarball, 'ctc-cli/base:1'], host, home)).code, 0, 'docker image import');
    t.equal((await docker(['image', 'import', tarball, 'ctc-cli/used:1'], host, home)).code, 0, 'docker image import');
    t.equal((await docker(['create', '--network', 'none', 'ctc-cli/used:1', '/bin/busybox', 'true'], host, home)).code, 0, 'docker create');
    const child = await docker(['create', '--network', 'none', 'ctc-cli/base:1', '/bin/busybox', 'true'], host, home);
    t.equal((await docker(['commit', child.stdout.trim(), 'ctc-cli/child:1'], host, home)).code, 0, 'docker commit');
    t.equal((await docker(['rm', child.stdout.trim()], host, home)).code, 0, 'docker rm');
    t.equal((await docker(['rmi', 'ctc-cli/base:1'], host, home)).stdout.trim(), 'Untagged: ctc-cli/base:1', 'docker rmi of a parent only untags it');

    const dangling = await docker(['image', 'prune', '--force'], host, home);
    t.equal(dangling.code, 0, `docker image prune: ${dangling.stderr}`);
    t.match(dangling.stdout, 'Total reclaimed space: 0B', 'no dangling image without a child: nothing to prune');
    const removed = await docker(['rmi', 'ctc-cli/child:1'], host, home);
    t.equal(
      removed.stdout
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('Deleted: ')).length,
      2,
      'docker rmi of the child takes its untagged parent too',
    );

    t.equal((await docker(['image', 'import', tarball, 'ctc-cli/unused:1'], host, home)).code, 0, 'docker image import');
    const all = await docker(['image', 'prune', '--all', '--force'], host, home);
    t.equal(all.code, 0, `docker image prune --all: ${all.stderr}`);
    t.match(all.stdout, 'untagged: ctc-cli/unused:1', 'the unused image goes');
    t.notMatch(all.stdout, 'ctc-cli/used:1', 'the one a container uses stays');
    const left = await docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}'], host, home);
    t.equal(left.stdout.trim(), 'ctc-cli/used:1', 'only the image in use is left');
  });
}
