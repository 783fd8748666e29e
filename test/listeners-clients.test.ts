import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Docker from 'dockerode';
import t from 'tap';
import { sharedTlsMaterial, tlsVerifyFlags, writeTlsFiles, type PemPair } from '../suites/listeners/certificates.js';
import { freePort } from '../suites/listeners/ports.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { inCI } from './helpers/real-daemons.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * Real clients (the docker CLI 28.2 and dockerode) reach ctrd-sim, started as a process, over
 * each transport a daemon listens on: a unix socket, plain TCP on 127.0.0.1, and TCP with TLS
 * and client verification, where a client without a certificate of the daemon's CA is refused.
 */
const SERVER_VERSION = '28.5.2+ctrd-sim';

const cliMissing = dockerCliMissing;

type Teardown = { teardown(fn: () => unknown): void };

/** Directories of ca.pem, cert.pem and key.pem: the daemon's, a trusted client's and a client of another CA. */
interface CertDirs {
  readonly server: string;
  readonly client: string;
  readonly otherClient: string;
}

interface Daemons {
  /** A private directory, also the CLI's HOME. */
  readonly home: string;
  readonly socket: string;
  readonly tcpPort: number;
  readonly tlsPort: number;
  readonly certs: CertDirs;
}

function writeCertDir(dir: string, ca: string, pair: PemPair): string {
  mkdirSync(dir);
  writeTlsFiles(dir, { ca, ...pair });
  return dir;
}

async function writeCertDirs(home: string): Promise<CertDirs> {
  const material = await sharedTlsMaterial();
  const ca = material.ca.cert;
  return {
    server: writeCertDir(join(home, 'server-certs'), ca, material.server),
    client: writeCertDir(join(home, 'client-certs'), ca, material.client),
    otherClient: writeCertDir(join(home, 'other-client-certs'), ca, material.otherClient),
  };
}

/**
 * Two ctrd-sim processes with Docker's names, emulating 28.5 (the CLI's names and API range):
 * one on a unix socket and plain TCP, one on TCP with --tlsverify (a daemon's -H all share one
 * TLS setting).
 */
async function startDaemons(t: Teardown): Promise<Daemons> {
  const home = mkdtempSync('/tmp/ctc-listeners-clients-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const certs = await writeCertDirs(home);
  const socket = join(home, 'd.sock');
  const tcpPort = await freePort();
  const tlsPort = await freePort();
  const base = ['--brand', 'docker', '--emulate', '28.5'];
  const plain = startSimProcess([...base, '-H', `unix://${socket}`, '-H', `tcp://127.0.0.1:${tcpPort}`]);
  t.teardown(() => plain.kill());
  const tls = startSimProcess([
    ...base,
    '--tlsverify',
    '--tlscacert',
    join(certs.server, 'ca.pem'),
    '--tlscert',
    join(certs.server, 'cert.pem'),
    '--tlskey',
    join(certs.server, 'key.pem'),
    '-H',
    `tcp://127.0.0.1:${tlsPort}`,
  ]);
  t.teardown(() => tls.kill());
  await Promise.all([plain.waitFor(/completed initialization/), tls.waitFor(/completed initialization/)]);
  return { home, socket, tcpPort, tlsPort, certs };
}

interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function docker(args: readonly string[], home: string, env: Record<string, string>): Promise<CliOutcome> {
  return new Promise((resolve) => {
    // Only what the CLI needs: its own config directory, no context or host from the runner's environment.
    const isolated = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, DOCKER_CONFIG: join(home, '.docker'), ...env };
    execFile(DOCKER, [...args], { env: isolated, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** One way of reaching a daemon with the CLI: global flags before the command, and the environment. */
interface CliRoute {
  readonly name: string;
  readonly flags: readonly string[];
  readonly env: Record<string, string>;
}

function cliRoutes(daemons: Daemons): CliRoute[] {
  const tlsHost = `tcp://127.0.0.1:${daemons.tlsPort}`;
  return [
    { name: 'unix socket', flags: [], env: { DOCKER_HOST: `unix://${daemons.socket}` } },
    { name: 'plain TCP', flags: [], env: { DOCKER_HOST: `tcp://127.0.0.1:${daemons.tcpPort}` } },
    { name: 'TLS, flags', flags: tlsVerifyFlags(daemons.certs.client), env: { DOCKER_HOST: tlsHost } },
    {
      name: 'TLS, DOCKER_TLS_VERIFY and DOCKER_CERT_PATH',
      flags: [],
      env: { DOCKER_HOST: tlsHost, DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: daemons.certs.client },
    },
  ];
}

if (cliMissing !== null) {
  if (inCI()) t.fail(`the docker CLI is required in CI: ${cliMissing}`);
  else t.test('docker CLI over unix, TCP and TLS', { skip: cliMissing }, async () => {});
} else {
  t.test('docker version and info over a unix socket, plain TCP and TLS (flags and environment)', async (t) => {
    const daemons = await startDaemons(t);
    for (const route of cliRoutes(daemons)) {
      const version = await docker(
        [...route.flags, 'version', '--format', '{{.Server.Version}} {{.Server.APIVersion}} {{.Server.MinAPIVersion}}'],
        daemons.home,
        route.env,
      );
      t.equal(version.code, 0, `${route.name}: docker version works: ${version.stderr}`);
      t.equal(version.stdout.trim(), `${SERVER_VERSION} 1.51 1.24`, `${route.name}: the server's versions`);
      const info = await docker([...route.flags, 'info', '--format', '{{.ServerVersion}}'], daemons.home, route.env);
      t.equal(info.code, 0, `${route.name}: docker info works: ${info.stderr}`);
      t.equal(info.stdout.trim(), SERVER_VERSION, `${route.name}: the server version in docker info`);
    }
  });

  t.test('docker without a client certificate gets no answer from the --tlsverify daemon', async (t) => {
    const daemons = await startDaemons(t);
    const env = { DOCKER_HOST: `tcp://127.0.0.1:${daemons.tlsPort}` };
    // The CLI verifies the daemon (so the refusal is the daemon's), but has no certificate to show.
    const run = await docker(
      ['--tlsverify', '--tlscacert', join(daemons.certs.client, 'ca.pem'), 'version', '--format', '{{.Server.Version}}'],
      daemons.home,
      env,
    );
    t.not(run.code, 0, 'docker version fails');
    t.notMatch(run.stdout, SERVER_VERSION, 'no server version was read');
    t.match(run.stderr, /remote error: tls: certificate required/, `the handshake is refused: ${run.stderr}`);

    const trusted = await docker([...tlsVerifyFlags(daemons.certs.client), 'info', '--format', '{{.ServerVersion}}'], daemons.home, env);
    t.equal(trusted.stdout.trim(), SERVER_VERSION, `a client with a certificate is still served: ${trusted.stderr}`);
  });
}

/** Every dockerode request gives up after this, so a daemon that never answers fails the test instead of hanging it. */
const DOCKERODE_TIMEOUT_MS = 10_000;

interface DockerodeRoute {
  readonly name: string;
  readonly client: Docker;
}

function dockerodeRoutes(daemons: Daemons, material: { ca: string; client: PemPair }): DockerodeRoute[] {
  return [
    { name: 'unix socket', client: new Docker({ socketPath: daemons.socket, timeout: DOCKERODE_TIMEOUT_MS }) },
    { name: 'plain TCP', client: new Docker({ host: '127.0.0.1', port: daemons.tcpPort, protocol: 'http', timeout: DOCKERODE_TIMEOUT_MS }) },
    {
      name: 'TLS',
      client: new Docker({ host: '127.0.0.1', port: daemons.tlsPort, protocol: 'https', ca: material.ca, ...material.client, timeout: DOCKERODE_TIMEOUT_MS }),
    },
  ];
}

t.test('dockerode ping() and version() over a unix socket, plain TCP and TLS', async (t) => {
  const daemons = await startDaemons(t);
  const material = await sharedTlsMaterial();
  for (const { name, client } of dockerodeRoutes(daemons, { ca: material.ca.cert, client: material.client })) {
    const pong = await client.ping();
    t.equal(String(pong), 'OK', `${name}: ping answers OK`);
    const version = await client.version();
    t.equal(version.Version, SERVER_VERSION, `${name}: the server version`);
    t.equal(version.ApiVersion, '1.51', `${name}: the newest API version of 28.5`);
    t.equal(version.MinAPIVersion, '1.24', `${name}: the oldest API version of 28.5`);
  }
});

t.test('dockerode with a client certificate of another CA is refused, and the daemon keeps serving', async (t) => {
  const daemons = await startDaemons(t);
  const material = await sharedTlsMaterial();
  const tlsClient = (pair: PemPair): Docker =>
    new Docker({ host: '127.0.0.1', port: daemons.tlsPort, protocol: 'https', ca: material.ca.cert, ...pair, timeout: DOCKERODE_TIMEOUT_MS });
  await t.rejects(tlsClient(material.otherClient).ping(), 'ping with a certificate of another CA is refused');
  await t.rejects(tlsClient(material.otherClient).version(), 'and so is version');
  t.equal(String(await tlsClient(material.client).ping()), 'OK', 'a client of the daemon’s CA is still answered');
});
