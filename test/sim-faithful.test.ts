import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { send } from './helpers/unix-send.js';
import { startInProcessSim, type InProcessSim } from './helpers/in-process-sim.js';
import { INFO_STYLES, IPV4_FORWARDING_WARNING, OBSERVED_RUNC_FEATURES } from '../specs/info-fields.js';
import { DEBUG_ROUTE_METHODS } from '../specs/engine-routes.js';
import { ipv4ForwardingOf, ipv4ForwardingShown, readIpv4Forwarding } from '../simulator/engine/system/info/forwarding.js';
import { forwardingWarned } from '../simulator/engine/containers/create.js';
import type { Exchange } from '../simulator/http/exchange.js';
import { goTarProblem } from '../simulator/engine/images/tar-check.js';
import { goJsonSyntaxError } from '../simulator/engine/go-json.js';
import { packTar } from '../simulator/engine/objects/index.js';

/**
 * ctrd-sim answering as 20.10.24, 26.1.5 and 28.5.2 answer where the differential explorer found
 * them apart (observed 2026-11-27 with --bridge=none --iptables=false, each fact cited where the
 * simulator keeps it): /info's IPv4 forwarding and runtime features, a load of what is no
 * archive in the save format, the images list's filters, the /debug routes of the releases that
 * mount them apart, CONNECT, and the create body as Go decodes it.
 */

const RELEASES = ['20.10', '26.1', '28.5'] as const;
type Release = (typeof RELEASES)[number];

const simulator = (t: { teardown(fn: () => unknown): void }, release: Release): Promise<InProcessSim> =>
  startInProcessSim(t, 'ctc-faithful-', ['--emulate', release]);

const json = (body: string): unknown => JSON.parse(body);
const messageOf = (body: string): string => (json(body) as { message: string }).message;
const JSON_TYPE = 'application/json';
/** The network modes a create is given; the container one names no container (a hex name could be an ID's prefix, as `abc` once was, seed -1843420834). */
const NETWORK_MODES = ['', 'default', 'bridge', 'foo', 'host', 'none', 'container:ctc-none'];
const PREFLIGHT_PATHS = ['/networks/', '/ctc-x/', '/containers/', '/v1.41/images/'];

t.test('IPv4Forwarding: set at the start by 20.10 and 26.1 with ip-forward, else the sysctl (read at every /info by 20.10, once by the others)', async (t) => {
  // The observed table (specs/info-fields.ts: Ipv4ForwardingStyle).
  fc.assert(
    fc.property(fc.constantFrom(...RELEASES), fc.boolean(), fc.boolean(), fc.boolean(), (release, ipForward, once, now) => {
      const shown = ipv4ForwardingShown(
        INFO_STYLES[release].ipv4Forwarding,
        ipForward,
        () => once,
        () => now,
      );
      if (release !== '28.5' && ipForward) return shown;
      return shown === (release === '20.10' ? now : once);
    }),
  );
  const dir = mkdtempSync('/tmp/ctc-forward-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'ip_forward');
  for (const [text, on] of [
    ['1\n', true],
    [' 1 ', true],
    ['0\n', false],
    ['2', false],
  ] as const) {
    writeFileSync(file, text);
    t.equal(readIpv4Forwarding(file), on, JSON.stringify(text));
  }
  t.equal(readIpv4Forwarding(join(dir, 'none')), false, 'an unreadable sysctl is off');
});

t.test("/info: the warning exactly when forwarding is off, and the built-in runtimes' features as observed", async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    // The process's own sysctl decides 28.5 (other daemons on the machine may turn it on or off:
    // it is read around the request); 20.10 and 26.1 turned it on at their start.
    const before = readIpv4Forwarding();
    const info = json((await send(socket, 'GET', '/info')).body) as {
      IPv4Forwarding: boolean;
      Warnings: string[] | null;
      Runtimes: Record<string, { status?: Record<string, string> }>;
    };
    if (release !== '28.5') t.equal(info.IPv4Forwarding, true, `${release} IPv4Forwarding`);
    else if (before === readIpv4Forwarding()) t.equal(info.IPv4Forwarding, before, `${release} IPv4Forwarding`);
    else t.comment('net.ipv4.ip_forward changed during the request: IPv4Forwarding not compared');
    t.same(info.Warnings, info.IPv4Forwarding ? null : [IPV4_FORWARDING_WARNING], `${release} Warnings`);
    for (const [name, runtime] of Object.entries(info.Runtimes)) {
      const features = runtime.status?.['org.opencontainers.runtime-spec.features'];
      if (release === '20.10') t.equal(features, undefined, `${release} ${name}: no status`);
      else t.same(json(features ?? 'null'), OBSERVED_RUNC_FEATURES, `${release} ${name}: the observed runc features`);
    }
  }
});

/** A body that Go's tar reader ends in: a block cut short. */
const cutBlock = fc.uint8Array({ minLength: 1, maxLength: 511 }).filter((bytes) => bytes.some((b) => b !== 0));

t.test("Go's tar reader: a clean end, a block cut short, a header that does not add up", async () => {
  const entry = fc.record({ name: fc.constantFrom('a', 'dir/b', 'manifest.json'), content: fc.uint8Array({ maxLength: 1500 }) });
  const pack = (entries: readonly { name: string; content: Uint8Array }[]) =>
    packTar(
      entries.map(({ name, content }) => ({
        name,
        path: `/${name}`,
        type: 'file' as const,
        size: content.length,
        mode: 0o644,
        mtime: new Date(0),
        linkname: '',
        content: Buffer.from(content),
      })),
    );
  await fc.assert(fc.asyncProperty(fc.array(entry, { maxLength: 3 }), async (entries) => goTarProblem(await pack(entries)) === null));
  // Cut inside an entry's data: unexpected EOF; cut inside its padding only: a clean end (Go's tryReadFull).
  await fc.assert(
    fc.asyncProperty(
      entry.filter((e) => e.content.length > 0),
      fc.nat(),
      async (e, at) => {
        const whole = await pack([e]);
        const dataEnd = 512 + e.content.length;
        const inData = whole.subarray(0, 512 + (at % e.content.length));
        const inPadding = whole.subarray(0, dataEnd + (at % (Math.ceil(e.content.length / 512) * 512 - e.content.length + 1)));
        return goTarProblem(inData) === 'unexpected EOF' && goTarProblem(inPadding) === null;
      },
    ),
  );
  fc.assert(fc.property(cutBlock, (bytes) => goTarProblem(Buffer.from(bytes)) === 'unexpected EOF'));
  // A whole block that is no header (its checksum does not hold).
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 512, maxLength: 512 }).filter((b) => b.some((x) => x !== 0)),
      (block) => {
        const problem = goTarProblem(Buffer.from(block));
        return problem === 'archive/tar: invalid tar header' || problem === 'unexpected EOF';
      },
    ),
  );
});

t.test("POST /images/load of what is no archive in the save format: 200 and the error line, in each release's words", async (t) => {
  for (const release of RELEASES) {
    const { socket, dataRoot } = await simulator(t, release);
    const wrap = (words: string) => (release === '20.10' ? `Error processing tar file(exit status 1): ${words}` : words);
    const errorOf = (reply: { status: number; body: string }) => {
      t.equal(reply.status, 200);
      const line = json(reply.body) as { errorDetail: { message: string }; error: string };
      t.equal(line.errorDetail.message, line.error);
      return line.error;
    };
    // Observed: the explorer's JSON body, cut short as a tar header.
    t.equal(errorOf(await send(socket, 'POST', '/v1.41/images/load', Buffer.from('{"Ctc":1}'), JSON_TYPE)), wrap('unexpected EOF'));
    await fc.assert(
      fc.asyncProperty(cutBlock, async (bytes) => errorOf(await send(socket, 'POST', '/images/load', Buffer.from(bytes))) === wrap('unexpected EOF')),
      { numRuns: 25 },
    );
    // Observed: no body, a form body (read by ParseForm) and an archive of nothing: the legacy format's file is missing.
    const missing = new RegExp(`^open ${dataRoot}/tmp/docker-import-\\d+/repositories: no such file or directory$`);
    t.match(errorOf(await send(socket, 'POST', '/images/load', Buffer.alloc(0))), missing);
    t.match(errorOf(await send(socket, 'POST', '/images/load', Buffer.from('garbage'), 'application/x-www-form-urlencoded')), missing);
    t.match(errorOf(await send(socket, 'POST', '/images/load', Buffer.alloc(1024))), missing);
    const manifest = await packTar([
      { name: 'manifest.json', path: '/manifest.json', type: 'file', size: 3, mode: 0o644, mtime: new Date(0), linkname: '', content: Buffer.from('AAA') },
    ]);
    t.equal(errorOf(await send(socket, 'POST', '/images/load', manifest)), "invalid character 'A' looking for beginning of value");
  }
});

const filtersPath = (filters: string): string => `/images/json?filters=${encodeURIComponent(filters)}`;

/** Filters texts that are no JSON: 20.10 answers Go's syntax error (500), later releases 400 "invalid filter". */
const notJsonFilters = fc
  .string({ unit: fc.constantFrom(...'{}[]":,tfn01x '.split('')), minLength: 1, maxLength: 12 })
  .filter((s) => goJsonSyntaxError(Buffer.from(s)) !== null);

function assertNotJsonRefused(socket: string, pathOf: (filters: string) => string, old: boolean): Promise<void> {
  return fc.assert(
    fc.asyncProperty(notJsonFilters, async (filters) => {
      const reply = await send(socket, 'GET', pathOf(filters));
      return old
        ? reply.status === 500 && messageOf(reply.body) === goJsonSyntaxError(Buffer.from(filters))
        : reply.status === 400 && messageOf(reply.body) === 'invalid filter';
    }),
    { numRuns: 30 },
  );
}

t.test('GET /images/json filters: the decoding error, names the release does not accept, dangling', async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    const old = release === '20.10';
    await assertNotJsonRefused(socket, filtersPath, old);
    const unknown = await send(socket, 'GET', filtersPath('{"x":["y"]}'));
    t.same([unknown.status, messageOf(unknown.body)], [400, `${old ? 'Invalid' : 'invalid'} filter 'x'`], `${release}: an unknown filter`);
    const one = await send(socket, 'GET', filtersPath('{"dangling":["1"]}'));
    t.same(old ? [one.status, messageOf(one.body)] : [one.status], old ? [400, "Invalid filter 'dangling=[1]'"] : [200], `${release}: dangling=1`);
    const before = await send(socket, 'GET', filtersPath('{"before":["nope"]}'));
    t.same([before.status, messageOf(before.body)], [404, 'No such image: nope:latest'], `${release}: before an image it lacks`);
    t.same(json((await send(socket, 'GET', filtersPath('{"label":["a=b"],"since":[]}'))).body), [], `${release}: label and since`);
  }
});

t.test('GET /events filters are read as GET /images/json reads them (observed 2026-11-27 on 20.10.24, 26.1.5, 28.5.2)', async (t) => {
  // An until already past: the stream ends with what was recorded.
  const eventsPath = (filters: string): string => `/events?since=1&until=${Math.floor(Date.now() / 1000)}&filters=${encodeURIComponent(filters)}`;
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    const old = release === '20.10';
    await assertNotJsonRefused(socket, eventsPath, old);
    const refusal = (goWords: string): [number, string] => (old ? [500, goWords] : [400, 'invalid filter']);
    for (const [filters, wanted] of [
      ['[]', refusal('json: cannot unmarshal array into Go value of type map[string]map[string]bool')],
      ['{"type":"container"}', refusal('json: cannot unmarshal string into Go value of type map[string]bool')],
      ['{"type":[1]}', refusal('json: cannot unmarshal array into Go value of type map[string]bool')],
      ['{"type":null}', [200]],
      ['{"type":{"container":false}}', [200]],
      ['null', [200]],
    ] as const) {
      const reply = await send(socket, 'GET', eventsPath(filters));
      t.same(reply.status === 200 ? [reply.status] : [reply.status, messageOf(reply.body)], wanted, `${release}: filters=${filters}`);
    }
  }
});

t.test('/debug routes: 20.10 and 26.1 mount them at the bare path for every method, 28.5 as GET routes', async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    for (const method of DEBUG_ROUTE_METHODS) {
      const bare = await send(socket, method, '/debug/vars');
      const versioned = await send(socket, method, '/v1.40/debug/vars');
      if (release === '28.5') {
        t.equal(bare.status, method === 'GET' ? 200 : 404, `${release} ${method} /debug/vars`);
        t.equal(versioned.status, method === 'GET' ? 200 : 404, `${release} ${method} /v1.40/debug/vars`);
      } else {
        t.equal(bare.status, 200, `${release} ${method} /debug/vars`);
        t.same(
          [versioned.status, method === 'HEAD' ? 'page not found' : messageOf(versioned.body)],
          [404, 'page not found'],
          `${release} ${method} /v1.40/debug/vars`,
        );
      }
    }
  }
});

/** One raw request; the whole answer until the simulator closes the connection. */
function raw(socket: string, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = createConnection(socket, () => conn.write(head));
    conn.setTimeout(5000, () => conn.destroy(new Error('no end in 5 s')));
    conn.on('data', (chunk) => chunks.push(chunk));
    conn.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    conn.on('error', reject);
  });
}

t.test('CONNECT is routed like any request: a path is not found, an authority is redirected to "/"', async (t) => {
  const { socket } = await simulator(t, '28.5');
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('/_ping', '/v1.40/_ping', '/info', '/containers/json'), async (path) => {
      const answer = await raw(socket, `CONNECT ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return answer.startsWith('HTTP/1.1 404 ') && answer.endsWith('{"message":"page not found"}\n');
    }),
    { numRuns: 8 },
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('localhost', 'example.test', '127.0.0.1'), fc.integer({ min: 1, max: 65535 }), async (host, port) => {
      const answer = await raw(socket, `CONNECT ${host}:${port} HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`);
      return answer.startsWith('HTTP/1.1 301 ') && answer.includes(`\r\nLocation: //${host}:${port}/\r\n`) && answer.endsWith('\r\n\r\n');
    }),
    { numRuns: 8 },
  );
});

/** Every spelling of a name in upper and lower case letters. */
const spelled = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

t.test('POST /containers/create: the body as Go decodes it, and a container without an image', async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    const old = release === '20.10';
    const create = (body: string) => send(socket, 'POST', '/containers/create', Buffer.from(body), JSON_TYPE);
    await fc.assert(
      fc.asyncProperty(spelled('Image'), async (key) => {
        const reply = await create(JSON.stringify({ [key]: 'nope' }));
        return reply.status === 404 && messageOf(reply.body) === 'No such image: nope:latest';
      }),
      { numRuns: 12 },
    );
    const twice = await create('{} {}');
    t.same(
      [twice.status, messageOf(twice.body)],
      old ? [400, 'Config cannot be empty in order to create a container'] : [400, 'unexpected content after JSON'],
      `${release}: two documents`,
    );
    const closed = await create('{"Image":"nope"}}');
    t.equal(closed.status, 404, `${release}: a closing bracket after the value is no content`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('[]', '1', '"x"', 'true'), async (body) => {
        const reply = await create(body);
        const kind = body === '[]' ? 'array' : body === '1' ? 'number' : body === 'true' ? 'bool' : 'string';
        const words = `json: cannot unmarshal ${kind} into Go value of type ${release === '28.5' ? 'container.CreateRequest' : 'runconfig.ContainerConfigWrapper'}`;
        return old ? reply.status === 500 && messageOf(reply.body) === words : reply.status === 400 && messageOf(reply.body) === `invalid JSON: ${words}`;
      }),
      { numRuns: 8 },
    );
    // A command and no image: created, on whatever network it names (none of them exists).
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NETWORK_MODES), async (mode) => {
        const body = { Cmd: ['sh'], ...(mode === '' ? {} : { HostConfig: { NetworkMode: mode } }) };
        const made = await create(JSON.stringify(body));
        if (made.status !== 201) return false;
        const { Id } = json(made.body) as { Id: string };
        const inspect = json((await send(socket, 'GET', `/containers/${Id}/json`)).body) as {
          Image: string;
          Config: { Image: string; Labels: unknown };
          HostConfig: { NetworkMode: string };
          NetworkSettings: { Networks: Record<string, unknown> };
        };
        const stored = mode === '' || mode === 'default' ? (old ? 'default' : 'bridge') : mode;
        const network = mode === '' || mode === 'default' ? 'bridge' : mode;
        const networks = Object.keys(inspect.NetworkSettings.Networks);
        return (
          inspect.Image === '' &&
          inspect.Config.Image === '' &&
          inspect.Config.Labels === null &&
          inspect.HostConfig.NetworkMode === stored &&
          (mode === 'container:ctc-none' ? networks.length === 0 : networks.join() === network)
        );
      }),
      // Every mode, then drawn ones.
      { numRuns: 10, examples: NETWORK_MODES.map((mode) => [mode]) },
    );
    const alias = await create(JSON.stringify({ Cmd: ['sh'], NetworkingConfig: { EndpointsConfig: { bridge: { Aliases: ['a'] } } } }));
    t.same(
      old ? [alias.status] : [alias.status, messageOf(alias.body)],
      old
        ? [201]
        : [
            400,
            'invalid config for network bridge: invalid endpoint settings:\nnetwork-scoped alias is supported only for containers in user defined networks',
          ],
      `${release}: an alias on the default bridge`,
    );
  }
});

t.test('an empty name at the end of a path reaches its route (moby {name:.*}); OPTIONS answers a path ending in "/"', async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    const image = await send(socket, 'DELETE', '/images/');
    t.same([image.status, messageOf(image.body)], [400, 'image name cannot be blank'], `${release} DELETE /images/`);
    const container = await send(socket, 'DELETE', '/v1.41/containers/?force=1');
    t.same([container.status, messageOf(container.body)], [400, 'invalid name or ID supplied: ""'], `${release} DELETE /containers/`);
    const network = await send(socket, 'DELETE', '/networks/');
    t.same(
      [network.status, messageOf(network.body)],
      [400, 'network  is ambiguous (2 matches found based on ID prefix)'],
      `${release} DELETE /networks/: the empty prefix names both pre-defined networks (observed)`,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PREFLIGHT_PATHS), async (path) => (await send(socket, 'OPTIONS', path)).status === 200),
      { numRuns: 4, examples: PREFLIGHT_PATHS.map((path) => [path]) },
    );
  }
});

t.test('a start body is refused from API 1.24 before the container is looked up: more than 7 bytes, whatever they are', async (t) => {
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), fc.constantFrom(JSON_TYPE, 'text/plain'), async (text, type) => {
        const body = Buffer.from(text);
        const reply = await send(socket, 'POST', '/v1.41/containers/ctc-missing/start', body, type);
        return body.length > 7
          ? reply.status === 400 &&
              messageOf(reply.body) === 'starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24'
          : reply.status === 404 && messageOf(reply.body) === 'No such container: ctc-missing';
      }),
      { numRuns: 40 },
    );
  }
  t.pass('every release refuses alike');
});

t.test("POST /containers/{name}/copy from API 1.24: a bare 404 from the route's handler, with the API headers", async (t) => {
  const { socket } = await simulator(t, '20.10');
  for (const path of ['/containers/ctc-missing/copy', '/v1.35/containers/ctc-missing/copy']) {
    const answer = await raw(socket, `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    t.match(answer, /^HTTP\/1\.1 404 /, path);
    t.match(answer, /\r\nApi-Version: 1\.41\r\n/, `${path}: Api-Version`);
    t.match(answer, /\r\nContent-Length: 0\r\n/, `${path}: no body`);
  }
});

t.test('a create warns when IPv4 forwarding is off, on every network but host and none (20.10: only with a HostConfig)', async (t) => {
  const mode = fc.constantFrom(undefined, '', 'default', 'bridge', 'foo', 'host', 'none', 'container:ctc-none');
  fc.assert(
    fc.property(fc.boolean(), mode, fc.boolean(), fc.boolean(), (forwarding, m, hasHostConfig, old) => {
      const warned = forwardingWarned(forwarding, m, hasHostConfig, old);
      if (forwarding || m === 'host' || m === 'none') return !warned;
      return warned === (hasHostConfig || !old);
    }),
  );
  // The same state as /info's: a simulator whose /info shows forwarding on warns of nothing.
  for (const release of RELEASES) {
    const { socket } = await simulator(t, release);
    const on = (json((await send(socket, 'GET', '/info')).body) as { IPv4Forwarding: boolean }).IPv4Forwarding;
    const made = await send(socket, 'POST', '/containers/create', Buffer.from('{"Cmd":["sh"],"HostConfig":{"NetworkMode":"bridge"}}'), JSON_TYPE);
    const warnings = (json(made.body) as { Warnings: string[] }).Warnings;
    t.same(warnings, on ? [] : ['IPv4 forwarding is disabled. Networking will not work.'], `${release}: forwarding ${on ? 'on' : 'off'}`);
  }
});

t.test('the forwarding state: 20.10 reads the sysctl again at every request, 26.1 and 28.5 keep the first read', async (t) => {
  for (const [release, ipForward] of [
    ['20.10', false],
    ['26.1', false],
    ['28.5', true],
  ] as const) {
    const reads = [false, true];
    const exchange = { state: { config: { release: { release }, settings: { ipForward } }, routes: {} } } as unknown as Exchange;
    const read = () => reads.shift() ?? true;
    t.equal(ipv4ForwardingOf(exchange, read), false, `${release}: the first read`);
    t.equal(ipv4ForwardingOf(exchange, read), release === '20.10', `${release}: after the sysctl turned on`);
  }
});
