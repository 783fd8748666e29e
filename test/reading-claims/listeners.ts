import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'tap';
import type { StartRequest } from '../../suites/targets/target.js';
import { makeRunDir, removeRunDir } from '../../suites/targets/temp-dir.js';
import { HttpClient, type HttpReply } from '../../suites/http/client.js';
import { errorMessageOf } from '../../suites/http/error-message.js';
import { ALLOW_ALL, type AuthzPlugin, type AuthzPolicy, startAuthzPlugin } from '../../suites/fixtures/authz-plugin.js';
import { sharedTlsMaterial, type TlsMaterial, writeTlsFiles } from '../../suites/listeners/certificates.js';
import { freePort } from '../../suites/listeners/ports.js';
import { plainExchange, tlsPing } from '../../suites/listeners/tls-handshake.js';
import { servingDaemon, type StartedDaemon, startDaemon } from '../helpers/observe-claims.js';
import type { Daemon, ObservedOn, ReadingClaim } from '../helpers/reading-claims.js';

/** What the listeners area's readings say the releases do, and how each is observed. */

const ALL: readonly ObservedOn[] = ['20.10', '26.1', '28.5', '29.7'];

/** A directory of the test's own, removed at its end. */
function ownDir(t: Test): string {
  const dir = makeRunDir();
  t.teardown(() => removeRunDir(dir));
  return dir;
}

/** Starts the daemon and fails the test when it does not serve. */
const served = servingDaemon;

/** Starts the daemon expecting a refusal: its exit code and output, or undefined (a failure) when it served. */
async function refused(t: Test, daemon: Daemon, request: StartRequest): Promise<{ exitCode: number | null; output: string } | undefined> {
  const start = await startDaemon(t, daemon, request);
  if (start.ok) {
    t.fail(`the daemon served with ${JSON.stringify(request.args ?? [])}`);
    await start.started.instance.stop();
    return undefined;
  }
  return { exitCode: start.exitCode, output: start.output };
}

/** One request to a TCP listener on 127.0.0.1 (plain HTTP). */
async function tcpGet(port: number, path: string): Promise<HttpReply> {
  const client = new HttpClient({ kind: 'tcp', host: '127.0.0.1', port });
  return client.request('GET', path, { timeoutMs: 10_000 });
}

/** The test certificates written as ca.pem, cert.pem and key.pem (the key replaced when asked) into a directory of the test's. */
async function tlsDir(t: Test, key?: (m: TlsMaterial) => string): Promise<{ dir: string; material: TlsMaterial; fileArgs: string[] }> {
  const material = await sharedTlsMaterial();
  const dir = ownDir(t);
  writeTlsFiles(dir, { ca: material.ca.cert, cert: material.server.cert, key: key?.(material) ?? material.server.key });
  return { dir, material, fileArgs: ['--tlscacert', join(dir, 'ca.pem'), '--tlscert', join(dir, 'cert.pem'), '--tlskey', join(dir, 'key.pem')] };
}

/** The gid of a group of this machine, from /etc/group. */
function gidOf(name: string): number | undefined {
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  return line === undefined ? undefined : Number(line.split(':')[2]);
}

const PLUGIN = 'ctcclaim';

/**
 * The suite's test plugin in a directory of the test's, the daemon started with it (the target
 * binds the directory on the daemon's plugin directory); `use` runs, then the daemon stops, the
 * plugin closes and the directory goes, in that order.
 */
async function withPlugin(
  t: Test,
  daemon: Daemon,
  policy: AuthzPolicy,
  use: (d: StartedDaemon, plugin: AuthzPlugin) => Promise<void>,
  extraArgs: readonly string[] = [],
): Promise<void> {
  const dir = makeRunDir();
  const plugin = await startAuthzPlugin(dir, PLUGIN, policy);
  try {
    const d = await served(t, daemon, { args: ['--authorization-plugin', PLUGIN, ...extraArgs], pluginDir: dir });
    if (d === undefined) return;
    try {
      await use(d, plugin);
    } finally {
      await d.instance.stop();
    }
  } finally {
    await plugin.close();
    removeRunDir(dir);
  }
}

const INSTALL =
  "The suite's test plugin (suites/fixtures/authz-plugin.ts) listens on <dir>/<name>.sock; the target makes the daemon look in <dir> (real daemons: a private mount namespace with <dir> bound on /run/docker/plugins; ctrd-sim: --plugin-dir).";

/** The plugin, installed as the reading says, is found and asked: the daemon's mount namespace has the directory on /run/docker/plugins. */
const installObserved = async (t: Test, daemon: Daemon): Promise<void> =>
  withPlugin(t, daemon, ALLOW_ALL, async (d, plugin) => {
    const pid = d.instance.pid;
    const mounts = pid === undefined ? '' : readFileSync(`/proc/${pid}/mountinfo`, 'utf8');
    t.ok(
      mounts.split('\n').some((line) => line.split(' ')[4] === '/run/docker/plugins'),
      "the daemon's mount namespace has a mount on /run/docker/plugins",
    );
    t.equal((await d.get('/_ping')).status, 200, 'GET /_ping answers 200');
    t.ok(
      plugin.calls.some((c) => c.kind === 'request' && c.message?.RequestUri === '/_ping'),
      `the plugin on <dir>/${PLUGIN}.sock was asked about GET /_ping`,
    );
  });

const installClaim = (rule: string): ReadingClaim => ({
  rule,
  reading: 'reading',
  words: INSTALL,
  observed: { kind: 'probe', on: ALL, observe: installObserved },
});

/** The builds installed here, as GET /version names them: Debian's, and 29.7.2 built from the tag. */
const BUILDS: Partial<Record<ObservedOn, string>> = { '20.10': '20.10.24+dfsg1', '26.1': '26.1.5+dfsg1', '28.5': '28.5.2+dfsg4', '29.7': '29.7.2' };

/** A JSON container config of exactly `size` bytes naming an image no one has, `marker` at its end. */
function bodyOf(size: number, image: string, marker: string): Buffer {
  const skeleton = JSON.stringify({ Image: image, Labels: { ctcpad: '', ctcmark: marker } });
  const at = skeleton.indexOf('"ctcpad":""') + '"ctcpad":"'.length;
  return Buffer.concat([
    Buffer.from(skeleton.slice(0, at)),
    Buffer.alloc(Math.max(0, size - Buffer.byteLength(skeleton)), 'a'),
    Buffer.from(skeleton.slice(at)),
  ]);
}

const MARKER = 'ctcmarkClaim1';
const IMAGE = 'ctcnone-claim';
const SEEN = 'body seen';
/** Denies a request whose body it is shown with the marker in it; allows the rest. */
const MARKER_POLICY: AuthzPolicy = {
  request: (m) =>
    m.RequestBody !== undefined && m.RequestBody !== null && Buffer.from(m.RequestBody, 'base64').toString('utf8').includes(MARKER)
      ? { Allow: false, Msg: SEEN }
      : { Allow: true },
};
const denial = (msg: string): string => `authorization denied by plugin ${PLUGIN}: ${msg}`;

/** POST <uri> with the body as asked: the answer, and what the plugin was shown of it (null: not asked; undefined: asked, no body). */
async function postBody(
  d: StartedDaemon,
  plugin: AuthzPlugin,
  uri: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ reply: HttpReply; shown: Buffer | null | undefined }> {
  const mark = plugin.calls.length;
  const reply = await d.client.request('POST', uri, { headers, body, timeoutMs: 60_000 });
  const call = plugin.calls.slice(mark).find((c) => c.kind === 'request' && c.message?.RequestUri === uri);
  const raw = call?.message?.RequestBody;
  return { reply, shown: call === undefined ? null : raw === undefined || raw === null ? undefined : Buffer.from(raw, 'base64') };
}

const maxApi = async (d: StartedDaemon): Promise<string> => ((await d.get('/version')).body as { ApiVersion: string }).ApiVersion;

export const CLAIMS: readonly ReadingClaim[] = [
  {
    rule: 'listen.unix.mode',
    reading: 'reading',
    words: '"Root-only access or group membership" is mode 0660 owned by the daemon\'s user and the socket group (srw-rw----, observed on every release).',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const d = await served(t, daemon);
        if (d === undefined || d.instance.endpoint.kind !== 'unix') return;
        const stat = lstatSync(d.instance.endpoint.path);
        t.ok(stat.isSocket(), 'the path is a socket');
        t.equal((stat.mode & 0o7777).toString(8), '660', 'mode 0660 (srw-rw----)');
        t.equal(stat.uid, process.getuid?.(), "owned by the daemon's user");
        const docker = gidOf('docker');
        if (docker !== undefined) t.equal(stat.gid, docker, 'and the socket group (docker, the default)');
      },
    },
  },
  {
    rule: 'listen.unix.mode',
    reading: 'reading',
    words: "The group is given by name or by number (`-G 0` gives root, observed); the default group is the brand's (`ctr`, `docker`).",
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const docker = gidOf('docker');
        for (const [group, gid] of [['0', 0], ['root', 0], ...(docker === undefined ? [] : ([['docker', docker]] as const))] as const) {
          const d = await served(t, daemon, { args: ['-G', group] });
          if (d === undefined || d.instance.endpoint.kind !== 'unix') continue;
          const stat = lstatSync(d.instance.endpoint.path);
          t.equal(stat.gid, gid, `-G ${group}: the socket's group is ${gid}`);
          t.equal((stat.mode & 0o7777).toString(8), '660', '(mode 0660)');
          await d.instance.stop();
        }
        const d = await served(t, daemon);
        if (d === undefined || d.instance.endpoint.kind !== 'unix') return;
        t.equal(lstatSync(d.instance.endpoint.path).gid, docker, "without -G the group is docker, the brand's");
      },
    },
  },
  {
    rule: 'listen.unix.group-missing',
    reading: 'reading',
    words: "what a missing group does is the real daemons' answer.",
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const out = await refused(t, daemon, { args: ['-G', 'ctcnosuchgroup'] });
        if (out === undefined) return;
        t.equal(out.exitCode, 1, 'exit 1');
        t.match(out.output, 'failed to load listeners: group ctcnosuchgroup not found', 'the output names the group');
      },
    },
  },
  {
    rule: 'listen.tcp.path',
    reading: 'reading',
    words:
      '(The real releases refuse such an address: 26.1 and 28.5 "invalid bind address (…): should not contain a path element", 20.10 "listen tcp: address tcp/<port>/<path>: unknown port"; see specs/known-deviations.ts.)',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const port = await freePort();
        const address = `tcp://127.0.0.1:${port}/ctcbase`;
        const out = await refused(t, daemon, { args: ['-H', address] });
        if (out === undefined) return;
        if (daemon.release === '20.10') t.match(out.output, `listen tcp: address tcp/${port}/ctcbase: unknown port`, `20.10 refuses ${address}`);
        else t.match(out.output, `invalid bind address (${address}): should not contain a path element`, `${daemon.release} refuses ${address}`);
      },
    },
  },
  {
    rule: 'listen.tcp.unauthenticated-notice',
    reading: 'reading',
    words: 'the releases from 26.0 do, for each TCP listener without TLS.',
    observed: {
      kind: 'probe',
      // 20.10 is the release below the boundary: it prints no notice.
      on: ALL,
      observe: async (t, daemon) => {
        const listeners = [
          { host: '127.0.0.1', port: await freePort() },
          { host: 'localhost', port: await freePort() },
        ];
        const d = await served(t, daemon, { args: listeners.flatMap(({ host, port }) => ['-H', `tcp://${host}:${port}`]) });
        if (d === undefined) return;
        for (const { port } of listeners) t.equal((await tcpGet(port, '/_ping')).status, 200, `the listener on ${port} serves`);
        const lines = d.instance.output().split('\n');
        for (const { host, port } of listeners) {
          const notice = lines.find((l) => l.includes('DEPRECATION NOTICE') && l.includes('without encryption') && l.includes(String(port)));
          if (daemon.release === '20.10') t.equal(notice, undefined, `20.10: no notice for tcp://${host}:${port}`);
          else t.ok(notice, `a notice for tcp://${host}:${port}: ${notice ?? 'none'}`);
        }
        if (daemon.release === '20.10')
          t.notOk(
            lines.some((l) => l.includes('DEPRECATION NOTICE')),
            '20.10 prints no deprecation notice at all',
          );
      },
    },
  },
  {
    rule: 'tls.encrypts',
    reading: 'reading',
    words: 'The CA file is read even then (observed: `--tls` without a CA file fails with "could not read CA certificate"), so the suite always gives one.',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const tls = await tlsDir(t);
        // The default CA file is <cert path>/ca.pem: an empty directory has none.
        const empty = ownDir(t);
        const out = await refused(t, daemon, {
          args: ['--tls', '--tlscert', join(tls.dir, 'cert.pem'), '--tlskey', join(tls.dir, 'key.pem'), '-H', `tcp://127.0.0.1:${await freePort()}`],
          env: { DOCKER_CERT_PATH: empty },
        });
        if (out === undefined) return;
        t.match(out.output, 'could not read CA certificate', '--tls without a CA file fails');
      },
    },
  },
  {
    rule: 'tls.env-verify',
    reading: 'reading',
    words:
      'The real releases ignore the variable (observed: with DOCKER_TLS_VERIFY=x and DOCKER_CERT_PATH set, 20.10, 26.1 and 28.5 serve plain HTTP); see specs/known-deviations.ts.',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const tls = await tlsDir(t);
        const port = await freePort();
        const d = await served(t, daemon, { args: ['-H', `tcp://127.0.0.1:${port}`], env: { DOCKER_TLS_VERIFY: 'x', DOCKER_CERT_PATH: tls.dir } });
        if (d === undefined) return;
        const plain = await plainExchange(port, 'GET /_ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
        t.match(plain.answer, /^HTTP\/1\.1 200 OK\r\n/, `a plain-HTTP GET /_ping is served: ${JSON.stringify(plain.answer.split('\r\n')[0])}`);
      },
    },
  },
  {
    rule: 'tls.versions.supported',
    reading: 'reading',
    words:
      "The real releases refuse 1.0 and 1.1 (Go's tlsconfig.ServerDefault minimum is 1.2, observed: protocol_version alert) and negotiate 1.2 and 1.3 (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2: test/reading-claims/listeners.ts); see specs/known-deviations.ts.",
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const tls = await tlsDir(t);
        const port = await freePort();
        const d = await served(t, daemon, { args: ['--tlsverify', ...tls.fileArgs, '-H', `tcp://127.0.0.1:${port}`] });
        if (d === undefined) return;
        const client = { ca: tls.material.ca.cert, cert: tls.material.client.cert, key: tls.material.client.key };
        for (const version of ['TLSv1', 'TLSv1.1'] as const) {
          const got = await tlsPing(port, { ...client, minVersion: version, maxVersion: version });
          t.equal(got.protocol, null, `${version}: no handshake`);
          t.match(got.error ?? '', /PROTOCOL_VERSION/, `${version}: the protocol_version alert (${got.error ?? ''})`);
        }
        for (const version of ['TLSv1.2', 'TLSv1.3'] as const) {
          const got = await tlsPing(port, { ...client, minVersion: version, maxVersion: version });
          t.equal(got.protocol, version, `${version} is negotiated`);
          t.equal(got.status, 200, `and GET /_ping answers 200 over it (${got.error ?? ''})`);
        }
      },
    },
  },
  {
    rule: 'tls.plain-request',
    reading: 'reading',
    words: "what a plain request gets there is the implementation's, taken as observed.",
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const tls = await tlsDir(t);
        const port = await freePort();
        const d = await served(t, daemon, { args: ['--tlsverify', ...tls.fileArgs, '-H', `tcp://127.0.0.1:${port}`] });
        if (d === undefined) return;
        const plain = await plainExchange(port, 'GET /_ping HTTP/1.1\r\nHost: localhost\r\n\r\n');
        t.equal(plain.answer, 'HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n', "Go's fixed 400 answer");
        t.ok(plain.closed, 'and the connection closed');
      },
    },
  },
  {
    rule: 'tls.encrypted-key',
    reading: 'reading',
    words:
      'Observed: exit 1 and "… tls: failed to parse private key … Make sure the key is not encrypted." on 26.1 and 28.5 (and on 20.10, which the rule does not cover); 29.7.2 exits 1 with "invalid TLS configuration: error reading X509 key pair - make sure the key is not encrypted (…): tls: failed to parse private key" (observed).',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const tls = await tlsDir(t, (m) => m.encryptedServerKey);
        const out = await refused(t, daemon, { args: ['--tlsverify', ...tls.fileArgs, '-H', `tcp://127.0.0.1:${await freePort()}`] });
        if (out === undefined) return;
        t.equal(out.exitCode, 1, 'exit 1');
        const said = out.output.split('\n').find((l) => l.includes('encrypted')) ?? '';
        if (daemon.release === '29.7')
          t.match(
            said,
            /invalid TLS configuration: error reading X509 key pair - make sure the key is not encrypted \(.*\): tls: failed to parse private key/,
            `29.7.2's words: ${said}`,
          );
        else t.match(said, /tls: failed to parse private key.*Make sure the key is not encrypted\./, `the output says why: ${said}`);
      },
    },
  },
  {
    rule: 'tls.remote-requires-verify',
    reading: 'reading',
    words: '28.5.2 starts anyway with a deprecation notice ("In future versions this will be a hard failure", observed); see specs/known-deviations.ts.',
    observed: { kind: 'known-deviation', quirk: 'observed.tls.remote-requires-verify' },
  },
  installClaim('authz.allow'),
  {
    rule: 'authz.deny',
    reading: 'reading',
    words:
      'Refused = 403 with the body {"message":"authorization denied by plugin <name>: <Msg>"} (moby pkg/authorization; observed on 20.10.24, 26.1.5 and 28.5.2 with the suite\'s test plugin, 2026-11-25), in the error format of the request\'s API version; the request is not served, so no AuthZRes is sent for it.',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: (t, daemon) =>
        withPlugin(
          t,
          daemon,
          { request: (m) => (m.RequestUri.includes('/info') ? { Allow: false, Msg: 'ctc says no' } : { Allow: true }) },
          async (d, plugin) => {
            const max = await maxApi(d);
            for (const uri of ['/info', `/v${max}/info`]) {
              const reply = await d.client.request('GET', uri, { timeoutMs: 15_000 });
              t.equal(reply.status, 403, `GET ${uri}: 403`);
              t.same(JSON.parse(reply.body), { message: denial('ctc says no') }, `the body: ${reply.body.trim()}`);
              t.notOk(
                plugin.calls.some((c) => c.kind === 'response' && c.message?.RequestUri === uri),
                'no AuthZRes for it',
              );
            }
            t.equal((await d.get('/_ping')).status, 200, 'an allowed request is served');
            // Below API 1.24 the error format is the release's (specs/versions.ts legacyPlainTextErrors): plain text except on 26.1.
            const legacy = await d.client.request('GET', '/v1.12/info', { timeoutMs: 15_000 });
            t.equal(legacy.status, 403, 'GET /v1.12/info: 403 (the plugins come before the version check)');
            t.equal(errorMessageOf(legacy), denial('ctc says no'), `the same message: ${legacy.body.trim()}`);
            t.match(
              legacy.headers['content-type'] ?? '',
              daemon.release === '26.1' ? 'application/json' : 'text/plain',
              `in the release's format below 1.24: ${legacy.headers['content-type'] ?? ''}`,
            );
          },
        ),
    },
  },
  {
    rule: 'authz.response-deny',
    reading: 'reading',
    words:
      'The document\'s "allowed" covers the answer too: a plugin that denies in AuthZRes replaces the answer with 403 "authorization denied by plugin <name>: <Msg>" (moby pkg/authorization ResponseModifier; observed on 20.10.24, 26.1.5 and 28.5.2 with the suite\'s test plugin, 2026-11-25).',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: (t, daemon) =>
        withPlugin(
          t,
          daemon,
          { request: () => ({ Allow: true }), response: (m) => (m.RequestUri.includes('/version') ? { Allow: false, Msg: 'ctc hides it' } : { Allow: true }) },
          async (d) => {
            const reply = await d.client.request('GET', '/version', { timeoutMs: 15_000 });
            t.equal(reply.status, 403, 'GET /version: 403');
            t.equal(errorMessageOf(reply), denial('ctc hides it'), `the plugin's message: ${reply.body.trim()}`);
            t.notMatch(reply.body, /ApiVersion/, "none of the route's answer");
            t.equal((await d.get('/_ping')).status, 200, 'an answer allowed is delivered');
          },
        ),
    },
  },
  {
    rule: 'authz.unreachable',
    reading: 'reading',
    words:
      'The real daemons retry the connection (warnings "Unable to connect to plugin: …, retrying in 1s" … 8s), then answer 500 {"message":"plugin <name> failed with error: …"} (observed on 20.10.24, 26.1.5 and 28.5.2 with the suite\'s test plugin, 2026-11-25: about 15 s per request).',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: (t, daemon) =>
        withPlugin(t, daemon, ALLOW_ALL, async (d, plugin) => {
          t.equal((await d.get('/_ping')).status, 200, 'served while the plugin runs');
          await plugin.close();
          const mark = d.instance.logMark();
          const began = Date.now();
          const reply = await d.client.request('GET', '/version', { timeoutMs: 60_000 });
          const seconds = (Date.now() - began) / 1000;
          t.equal(reply.status, 500, 'GET /version after the plugin went: 500');
          t.match(errorMessageOf(reply), new RegExp(`^plugin ${PLUGIN} failed with error: `), `the message: ${errorMessageOf(reply)}`);
          // The retries sleep 1 + 2 + 4 + 8 s: at least 15 s, and "about" that.
          t.ok(seconds >= 14.5 && seconds < 30, `the answer took about 15 s: ${seconds.toFixed(1)} s`);
          const log = d.instance.logSince(mark);
          for (const wait of ['1s', '2s', '4s', '8s'])
            t.ok(
              log.split('\n').some((l) => l.includes('Unable to connect to plugin') && l.includes(`retrying in ${wait}`)),
              `the warning "Unable to connect to plugin: …, retrying in ${wait}"`,
            );
        }),
    },
  },
  {
    rule: 'authz.missing',
    reading: 'reading',
    words:
      'The real daemons look a name up in their plugin directories with retries (1, 2, 4, 8 s), then end the start with status 1 and `failed to validate authorization plugin: plugin "<name>" not found` (observed on 20.10.24, 26.1.5 and 28.5.2 with the suite\'s test plugin, 2026-11-25).',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const dir = ownDir(t);
        const out = await refused(t, daemon, { args: ['--authorization-plugin', 'ctcnosuch'], pluginDir: dir });
        if (out === undefined) return;
        t.equal(out.exitCode, 1, 'status 1');
        t.match(out.output, 'failed to validate authorization plugin: plugin "ctcnosuch" not found', 'the output names the plugin');
        for (const wait of ['1s', '2s', '4s', '8s'])
          t.ok(
            out.output.split('\n').some((l) => l.includes('ctcnosuch') && l.includes(`retrying in ${wait}`)),
            `a look-up retried after ${wait}`,
          );
      },
    },
  },
  {
    rule: 'authz.spec-path',
    reading: 'reading',
    words: 'The real releases look up names only and end the start with `plugin "<path>" not found` (see specs/known-deviations.ts).',
    observed: { kind: 'known-deviation', quirk: 'observed.authz.spec-path' },
  },
  installClaim('authz.spec-path'),
  installClaim('authz.model-runner'),
  {
    rule: 'authz.body.chunked',
    reading: 'reading',
    words:
      'A JSON body under 1 MiB sent with Transfer-Encoding: chunked (no Content-Length) is shown to the plugins whole (RequestBody), or the request is refused; a daemon that acts on it unseen lets it past the plugins (CVE-2024-41110: upstream moby pkg/authorization before 25.0.6 / 26.1.5 / 27.1.1 looks at Content-Length only, 20.10.24 among them; the Debian build 20.10.24+dfsg1 carries the fix: all three builds here show such a body whole, observed 2026-11-26 on 20.10.24+dfsg1, 26.1.5+dfsg1 and 28.5.2+dfsg4 (suites/listeners/authz-body-checks.ts)).',
    observed: {
      kind: 'probe',
      // 29.7.2, built from the tag, is upstream after the fix.
      on: ALL,
      observe: (t, daemon) =>
        withPlugin(t, daemon, MARKER_POLICY, async (d, plugin) => {
          t.equal(((await d.get('/version')).body as { Version?: string }).Version, BUILDS[daemon.release as ObservedOn], 'the build');
          const uri = `/v${await maxApi(d)}/containers/create`;
          for (const size of [200, 1024 * 1024 - 1]) {
            const body = bodyOf(size, IMAGE, MARKER);
            const { reply, shown } = await postBody(d, plugin, uri, body, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
            t.ok(shown instanceof Buffer && shown.equals(body), `a chunked body of ${size} bytes is shown whole (${shown?.length ?? String(shown)} bytes)`);
            t.equal(reply.status, 403, `and the plugin's denial answers: ${reply.status} ${errorMessageOf(reply)}`);
          }
        }),
    },
  },
  installClaim('authz.body.chunked'),
  {
    rule: 'authz.body.large',
    reading: 'reading',
    words:
      'Upstream moby before 29.4 shows JSON bodies under 1 MiB and lets larger ones through unseen ("Request body is larger than: \'1048576\' skipping body"), as 20.10.24+dfsg1 does; from 29.4 (moby 7a767b27, ec76e941) it shows them up to 4 MiB and refuses larger ones, as 26.1.5+dfsg1 and 28.5.2+dfsg4 do (observed 2026-11-26 on 20.10.24+dfsg1, 26.1.5+dfsg1 and 28.5.2+dfsg4 (suites/listeners/authz-body-checks.ts)).',
    observed: {
      kind: 'probe',
      // 29.7.2, built from the tag, is upstream from 29.4.
      on: ALL,
      observe: (t, daemon) =>
        withPlugin(t, daemon, MARKER_POLICY, async (d, plugin) => {
          const uri = `/v${await maxApi(d)}/containers/create`;
          const json = { 'Content-Type': 'application/json' };
          const under = bodyOf(1024 * 1024 - 1, IMAGE, MARKER);
          const small = await postBody(d, plugin, uri, under, json);
          t.ok(small.shown instanceof Buffer && small.shown.equals(under), 'a body of 1 MiB - 1 is shown whole');
          if (daemon.release === '20.10') {
            for (const [size, headers] of [
              [1024 * 1024, json],
              [1024 * 1024 + 100, { ...json, 'Transfer-Encoding': 'chunked' }],
            ] as const) {
              const { reply, shown } = await postBody(d, plugin, uri, bodyOf(size, IMAGE, MARKER), headers);
              const what = `a body of ${size} bytes${'Transfer-Encoding' in headers ? ', chunked,' : ''}`;
              t.equal(shown, undefined, `${what} is not shown (the plugin is asked without it)`);
              t.equal(reply.status, 404, `and the route acts on it: ${reply.status} ${errorMessageOf(reply)}`);
              t.match(errorMessageOf(reply), `No such image: ${IMAGE}`, "the body's image");
            }
            t.match(d.instance.output(), "Request body is larger than: '1048576' skipping body", 'the log says it skipped the body');
            return;
          }
          for (const size of [1024 * 1024, 4 * 1024 * 1024]) {
            const body = bodyOf(size, IMAGE, MARKER);
            const { reply, shown } = await postBody(d, plugin, uri, body, json);
            t.ok(shown instanceof Buffer && shown.equals(body), `a body of ${size} bytes is shown whole`);
            t.equal(reply.status, 403, "and the plugin's denial answers");
          }
          const over = await postBody(d, plugin, uri, bodyOf(4 * 1024 * 1024 + 1, IMAGE, MARKER), json);
          t.equal(over.shown, null, 'a body of 4 MiB + 1 is not put to the plugin');
          t.equal(over.reply.status, 500, 'it is refused with 500');
          t.equal(errorMessageOf(over.reply), 'request body too large for authorization plugin: size exceeds 4194304 bytes', 'saying why');
        }),
    },
  },
  installClaim('authz.body.large'),
  {
    rule: 'authz.body.untyped',
    reading: 'reading',
    words: `dockerd shows the plugins JSON-typed bodies only; a JSON body sent without a Content-Type, or under another one, must then be refused by the route (moby's CheckForJSON answers 400: 20.10.24+dfsg1 "Content-Type specified (<type>) must be 'application/json'", with an empty type when there is none; 26.1.5+dfsg1 and 28.5.2+dfsg4 "unsupported Content-Type header (<type>): must be 'application/json'", and "malformed Content-Type header (): mime: no media type" when there is none; the plugins are asked without the body (the words observed 2026-12-05 on the three builds, test/reading-claims/listeners.ts; the refusal observed 2026-11-26 on 20.10.24+dfsg1, 26.1.5+dfsg1 and 28.5.2+dfsg4 (suites/listeners/authz-body-checks.ts))) or shown.`,
    observed: {
      kind: 'probe',
      on: ['20.10', '26.1', '28.5'],
      observe: (t, daemon) =>
        withPlugin(t, daemon, MARKER_POLICY, async (d, plugin) => {
          const uri = `/v${await maxApi(d)}/containers/create`;
          const body = bodyOf(300, IMAGE, MARKER);
          for (const headers of [{}, { 'Content-Type': 'text/plain' }, { 'Transfer-Encoding': 'chunked' }]) {
            const { reply, shown } = await postBody(d, plugin, uri, body, headers);
            const what = JSON.stringify(headers);
            t.equal(shown, undefined, `${what}: the plugin is asked without the body`);
            t.equal(reply.status, 400, `${what}: refused by the route: ${reply.status} ${errorMessageOf(reply)}`);
            const type = (headers as Record<string, string>)['Content-Type'] ?? '';
            const words =
              daemon.release === '20.10'
                ? `Content-Type specified (${type}) must be 'application/json'`
                : type === ''
                  ? 'malformed Content-Type header (): mime: no media type'
                  : `unsupported Content-Type header (${type}): must be 'application/json'`;
            t.equal(errorMessageOf(reply), words, `by CheckForJSON: ${words}`);
          }
        }),
    },
  },
  installClaim('authz.body.untyped'),
  installClaim('authz.body.limit'),
  {
    rule: 'metrics.requires-experimental',
    reading: 'reading',
    words: 'The real releases serve metrics without experimental mode (observed on 20.10, 26.1 and 28.5); see specs/known-deviations.ts.',
    observed: {
      kind: 'probe',
      on: ALL,
      observe: async (t, daemon) => {
        const port = await freePort();
        const d = await served(t, daemon, { args: ['--metrics-addr', `127.0.0.1:${port}`] });
        if (d === undefined) return;
        const metrics = await tcpGet(port, '/metrics');
        t.equal(metrics.status, 200, 'GET /metrics answers 200 without --experimental');
        t.match(metrics.headers['content-type'] ?? '', 'text/plain; version=0.0.4', 'in the text format');
      },
    },
  },
  {
    rule: 'listen.cors-header',
    reading: 'reading',
    words:
      'Before 27.0 `--api-cors-header <origin>` adds `Access-Control-Allow-Origin: <origin>` to every answer (observed on 20.10 and 26.1, with Allow-Methods and Allow-Headers); in 27.x it has no effect unless CTRD_DEPRECATED_CORS_HEADER is set non-empty (Errors table; checked both ways: no real 27.x release is installed here, the simulator emulates them); from 28.0 the option is refused at start (28.5: `The "api-cors-header" config parameter and the dockerd "--api-cors-header" option have been removed`, observed).',
    observed: {
      kind: 'probe',
      // 26.1 and 28.5 are the installed releases on each side of 27.x.
      on: ALL,
      observe: async (t, daemon) => {
        const origin = 'http://ctc-origin.invalid';
        const request: StartRequest = { args: ['--api-cors-header', origin] };
        if (daemon.release === '20.10' || daemon.release === '26.1') {
          const d = await served(t, daemon, request);
          if (d === undefined) return;
          for (const path of ['/_ping', '/version']) {
            const reply = await d.client.request('GET', path, { timeoutMs: 15_000 });
            t.equal(reply.headers['access-control-allow-origin'], origin, `GET ${path}: Access-Control-Allow-Origin is the origin`);
            t.ok(reply.headers['access-control-allow-methods'], `with Allow-Methods: ${reply.headers['access-control-allow-methods'] ?? 'none'}`);
            t.ok(reply.headers['access-control-allow-headers'], `and Allow-Headers: ${reply.headers['access-control-allow-headers'] ?? 'none'}`);
          }
          return;
        }
        const out = await refused(t, daemon, request);
        if (out === undefined) return;
        t.match(out.output, 'api-cors-header', `refused at start, naming the option: ${out.output.trim().split('\n').slice(-1)[0] ?? ''}`);
        if (daemon.release === '28.5')
          t.match(out.output, 'The "api-cors-header" config parameter and the dockerd "--api-cors-header" option have been removed', "28.5's words");
      },
    },
  },
];
