import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Docker from 'dockerode';
import t from 'tap';
import { infoValidator } from '../suites/daemon-config/info-schema.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { inCI } from './helpers/real-daemons.js';
import { startSimProcess, type SimProcess } from './helpers/sim-process.js';

/**
 * GET /info of ctrd-sim through real clients: the docker CLI (28.2) and dockerode read the
 * configured values, and every API version's answer has the shape the suite's schema asks for.
 */

const cliMissing = dockerCliMissing;

interface Started {
  readonly sim: SimProcess;
  readonly home: string;
  readonly socket: string;
}

/** ctrd-sim with labels and debug in its configuration file and --experimental as a flag. */
async function startConfigured(t: { teardown(fn: () => unknown): void }, emulate: string): Promise<Started> {
  const home = mkdtempSync('/tmp/ctc-info-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const file = join(home, 'daemon.json');
  writeFileSync(file, JSON.stringify({ labels: ['a=1', 'b=2'], debug: true }));
  const socket = join(home, 'd.sock');
  const sim = startSimProcess(['--emulate', emulate, '--config-file', file, '--experimental', '-H', `unix://${socket}`]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  return { sim, home, socket };
}

interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function docker(args: readonly string[], socket: string, home: string): Promise<CliOutcome> {
  return new Promise((resolve) => {
    // Only what the CLI needs: its own config directory, no context or host from the runner's environment.
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, DOCKER_CONFIG: join(home, '.docker'), DOCKER_HOST: `unix://${socket}` };
    execFile(DOCKER, [...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

function getJson(socket: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

t.test('dockerode info() against ctrd-sim emulating 28.5', async (t) => {
  const { sim, socket } = await startConfigured(t, '28.5');
  const client = new Docker({ socketPath: socket });
  const info = (await client.info()) as Record<string, unknown>;
  t.equal(info['Debug'], true, 'Debug from the file');
  t.equal(info['ExperimentalBuild'], true, 'ExperimentalBuild from --experimental');
  t.same(info['Labels'], ['a=1', 'b=2'], 'Labels from the file');
  t.equal(info['ServerVersion'], '28.5.2+ctrd-sim');
  t.equal(info['DockerRootDir'], join(sim.dir, 'data'));
  t.equal(info['DefaultRuntime'], 'runc');
  t.equal(info['LoggingDriver'], 'json-file');
  t.equal(info['LiveRestoreEnabled'], false);
  t.match(info['ID'], UUID, 'ID is a UUID from 23.0 on');
  t.equal(readFileSync(join(sim.dir, 'data', 'engine-id'), 'utf8'), info['ID'], 'kept in <data-root>/engine-id');
  const again = (await client.info()) as Record<string, unknown>;
  t.equal(again['ID'], info['ID'], 'the same ID on every call');
});

t.test('every API version of 28.5 answers the shape the suite asks for', async (t) => {
  const { socket } = await startConfigured(t, '28.5');
  for (let minor = 24; minor <= 51; minor++) {
    const api = `1.${minor}`;
    const reply = await getJson(socket, `/v${api}/info`);
    t.equal(reply.status, 200, `/v${api}/info answers 200`);
    t.match(reply.type, /^application\/json/);
    const document = JSON.parse(reply.body) as Record<string, unknown>;
    const registry = document['RegistryConfig'] as Record<string, unknown>;
    // As the document says (null up to 1.48, omitted from 1.49); 28.5.2 itself omits them from 1.47, a known deviation.
    t.equal(
      'AllowNondistributableArtifactsCIDRs' in registry,
      minor < 49,
      `API ${api}: AllowNondistributableArtifactsCIDRs ${minor < 49 ? 'null' : 'omitted'}`,
    );
    if (minor < 47 || minor >= 49) {
      const validate = infoValidator(api, 'null');
      t.ok(validate(document), `API ${api} matches the schema: ${JSON.stringify(validate.errors)}`);
    }
    const keys = Object.keys(document);
    t.same(keys[0], minor < 50 ? 'Architecture' : 'ID', `API ${api}: keys ${minor < 50 ? 'sorted (Go map)' : 'in struct order'}`);
    t.equal('CDISpecDirs' in document, true, 'CDISpecDirs at every API version of 28.5');
    t.equal('Containerd' in document, minor >= 46, `Containerd ${minor >= 46 ? 'from' : 'not before'} 1.46`);
    t.equal('KernelMemory' in document, minor <= 41, 'KernelMemory up to 1.41');
    t.equal('BridgeNfIptables' in document, minor <= 49, 'BridgeNfIptables up to 1.49');
  }
});

t.test('the newest release follows the document at every API version', async (t) => {
  const { socket } = await startConfigured(t, '29.7');
  for (let minor = 24; minor <= 55; minor++) {
    const api = `1.${minor}`;
    const reply = await getJson(socket, `/v${api}/info`);
    if (reply.status !== 200) continue; // below 29.7's minimum
    const validate = infoValidator(api, 'null');
    t.ok(validate(JSON.parse(reply.body)), `API ${api} matches the schema: ${JSON.stringify(validate.errors)}`);
  }
});

t.test('20.10 keeps its ID as a trust key, and shows the nondistributable fields as lists', async (t) => {
  const { sim, socket } = await startConfigured(t, '20.10');
  const reply = await getJson(socket, '/v1.41/info');
  const document = JSON.parse(reply.body) as Record<string, unknown>;
  t.match(document['ID'], /^([A-Z2-7]{4}:){11}[A-Z2-7]{4}$/, 'a libtrust key id');
  const key = JSON.parse(readFileSync(join(sim.dir, 'data', 'key.json'), 'utf8')) as Record<string, unknown>;
  t.equal(key['kid'], document['ID'], 'the key id of <data-root>/key.json');
  t.same(Object.keys(key), ['crv', 'd', 'kid', 'kty', 'x', 'y']);
  t.same(document['RegistryConfig'], {
    AllowNondistributableArtifactsCIDRs: [],
    AllowNondistributableArtifactsHostnames: [],
    InsecureRegistryCIDRs: ['127.0.0.0/8'],
    IndexConfigs: { 'docker.io': { Name: 'docker.io', Mirrors: [], Secure: true, Official: true } },
    Mirrors: [],
  });
  // The document gives CDISpecDirs no release: plain --emulate 20.10 (the reference) shows it;
  // the real 20.10 lacks it (observed.config.cdi.spec-dirs, --as-observed).
  t.ok('CDISpecDirs' in document, 'CDISpecDirs on 20.10 too');
  const old = JSON.parse((await getJson(socket, '/v1.24/info')).body) as Record<string, unknown>;
  t.equal(Object.keys(old).at(-1), 'ExecutionDriver', 'ExecutionDriver last, up to 1.24');
  t.same(old['SecurityOptions'], ['seccomp'], 'option names only before 1.25');
});

if (cliMissing !== null) {
  if (inCI()) t.fail(`the docker CLI is required in CI: ${cliMissing}`);
  else t.test('docker info against ctrd-sim', { skip: cliMissing }, async () => {});
} else {
  t.test('docker info against ctrd-sim emulating 28.5', async (t) => {
    const { socket, home } = await startConfigured(t, '28.5');
    const run = await docker(['info'], socket, home);
    t.equal(run.code, 0, `docker info exits 0: ${run.stderr}`);
    const server = run.stdout.slice(run.stdout.indexOf('\nServer:'));
    t.match(server, /\n Server Version: 28\.5\.2\+ctrd-sim\n/);
    t.match(server, /\n Debug Mode: true\n/, 'the server is in debug mode');
    t.match(server, /\n Experimental: true\n/);
    t.match(server, /\n Logging Driver: json-file\n/);
    t.match(server, /\n Cgroup Driver: cgroupfs\n/);
    t.match(server, /\n Default Runtime: runc\n/);
    t.match(server, /\n Insecure Registries:\n {2}::1\/128\n {2}127\.0\.0\.0\/8\n/);
    t.match(server, /\n CDI spec directories:\n {2}\/etc\/cdi\n {2}\/var\/run\/cdi\n/);
    t.match(server, /\n Live Restore Enabled: false\n/);
    t.match(server, /\n Labels:\n {2}a=1\n {2}b=2\n/, 'the labels');
    t.notMatch(run.stderr, /not implemented|page not found/i);

    const json = await docker(['info', '--format', '{{json .}}'], socket, home);
    t.equal(json.code, 0, `docker info --format '{{json .}}' exits 0: ${json.stderr}`);
    const info = JSON.parse(json.stdout) as Record<string, unknown>;
    t.equal(info['Debug'], true);
    t.equal(info['ExperimentalBuild'], true);
    t.equal(info['ServerVersion'], '28.5.2+ctrd-sim');
    t.match(info['ID'], UUID);
    t.same(info['Labels'], ['a=1', 'b=2'], 'Labels');
  });
}
