import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * The hostname, hosts and resolv.conf a start writes for a container on the network `none`, as
 * copies see them (simulator/engine/containers/network-files.ts): runs of a create with generated
 * Hostname, Domainname, ExtraHosts, Dns, DnsSearch and DnsOptions, then starts, stops, kills,
 * restarts, uploads into /etc beside the files, and HEAD and GET …/archive of the files and of
 * /etc, sent to each observed release and to ctrd-sim emulating it. Compared: each answer (a
 * stat's name, size and mode; a tarball's entries with their modes, sizes and contents, the
 * container's ID as a word).
 */

const NAME = 'ctc-nf';
const HEADER_TIME = new Date('2021-03-04T05:06:07Z');

/** The create of the run's container, with the configuration and host configuration fields given beside the defaults. */
const createAsk = (config: Record<string, unknown>, hostConfig: Record<string, unknown>): Ask => ({
  method: 'POST',
  path: `/containers/create?name=${NAME}`,
  ...json(
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], ...config, HostConfig: { NetworkMode: 'none', Init: true, ...hostConfig } }),
  ),
});

/** A field given only when it is not empty. */
const given = (name: string, value: string | readonly string[]): Record<string, unknown> => (value.length === 0 ? {} : { [name]: value });

const createBody = fc
  .record({
    hostname: fc.constantFrom('', '', 'ctc-host', 'a.b.example'),
    domainname: fc.constantFrom('', 'example.org'),
    extraHosts: fc.uniqueArray(fc.constantFrom('ctc-a:10.1.2.3', 'ctc-b.example:192.168.7.9', 'ctc-c:10.1.2.3'), { maxLength: 2 }),
    dns: fc.uniqueArray(fc.constantFrom('10.0.0.1', '192.0.2.53'), { maxLength: 2 }),
    dnsSearch: fc.uniqueArray(fc.constantFrom('s.example', 'corp.example'), { maxLength: 2 }),
    dnsOptions: fc.uniqueArray(fc.constantFrom('edns0', 'timeout:2', 'rotate'), { maxLength: 2 }),
  })
  .map(({ hostname, domainname, extraHosts, dns, dnsSearch, dnsOptions }) =>
    createAsk(
      { ...given('Hostname', hostname), ...given('Domainname', domainname) },
      { ...given('ExtraHosts', extraHosts), ...given('Dns', dns), ...given('DnsSearch', dnsSearch), ...given('DnsOptions', dnsOptions) },
    ),
  );

const step: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/start` }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('kill', 'stop?t=5', 'restart?t=5').map((action): Ask => ({ method: 'POST', path: `/containers/${NAME}/${action}` })),
  },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'PUT', path: `/containers/${NAME}/archive?path=/etc` }) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom('HEAD', 'GET'), fc.constantFrom('/etc/hostname', '/etc/hosts', '/etc/resolv.conf', '/etc'))
      .map(([method, path]): Ask => ({ method, path: `/containers/${NAME}/archive?path=${path}` })),
  },
);

const runs = fc.tuple(createBody, fc.array(step, { minLength: 2, maxLength: 7 })).map(([create, steps]) => [create, ...steps]);

/** A run sure to start the container and read each file after. */
const EXERCISING_RUN: Ask[] = [
  createAsk({}, { ExtraHosts: ['ctc-a:10.1.2.3'], DnsSearch: ['s.example'] }),
  { method: 'GET', path: `/containers/${NAME}/archive?path=/etc/hostname` },
  { method: 'POST', path: `/containers/${NAME}/start` },
  ...['/etc/hostname', '/etc/hosts', '/etc/resolv.conf'].map((path): Ask => ({ method: 'GET', path: `/containers/${NAME}/archive?path=${path}` })),
  { method: 'POST', path: `/containers/${NAME}/stop?t=5` },
  { method: 'GET', path: `/containers/${NAME}/archive?path=/etc` },
];

/** An upload into /etc beside the network files. */
const UPLOAD = packTar([
  { name: 'ctc-up.txt', path: '/ctc-up.txt', type: 'file' as const, mode: 0o640, size: 3, linkname: '', content: Buffer.from('up\n'), mtime: HEADER_TIME },
]);

const ids = new Map<HttpClient, string>();
const realSides = new WeakSet<HttpClient>();
/** How many of the real side's reads saw a start's file (content written). */
let written = 0;

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const id = ids.get(client) ?? '';
  const words = (text: string): string => (id === '' ? text : text.replaceAll(id, '<id>').replaceAll(id.slice(0, 12), '<id12>'));
  if (ask.method === 'GET' && ask.path.includes('/archive?')) {
    const reply = await client.stream('GET', ask.path, { timeoutMs: 30_000 });
    const chunks: Buffer[] = [];
    for await (const chunk of reply.chunks()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (reply.status !== 200) return [reply.status, words(bytes.toString('utf8').trim())];
    const entries = (await readTar(bytes)).map((e) =>
      words(`${e.type} ${e.path} ${e.size} ${(e.mode & 0o7777).toString(8)} ${JSON.stringify(e.content.toString('utf8'))}`),
    );
    if (realSides.has(client) && entries.some((entry) => /hosts \d+ 644 "127/.test(entry))) written++;
    return [reply.status, entries];
  }
  const reply =
    ask.method === 'PUT'
      ? await client.request('PUT', ask.path, { headers: { 'Content-Type': 'application/x-tar' }, body: await UPLOAD, timeoutMs: 30_000 })
      : await sendAsk(client, ask);
  if (ask.path.startsWith('/containers/create') && reply.status === 201) ids.set(client, (JSON.parse(reply.body) as { Id: string }).Id);
  const header = reply.headers['x-docker-container-path-stat'];
  const stat = typeof header === 'string' ? (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { name: string; size: number; mode: number }) : null;
  return [reply.status, stat === null ? null : [stat.name, stat.size, stat.mode], ask.path.startsWith('/containers/create') ? '' : words(reply.body.trim())];
}

async function cleanUp(client: HttpClient): Promise<void> {
  await client.request('DELETE', `/containers/${NAME}?force=1`, { timeoutMs: 20_000 });
  ids.delete(client);
}

withObservedReleases('the network files a start writes', 'ctc-netfiles-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  realSides.add(real);
  await Promise.all([importBusybox(real), importBusybox(sim)]);
  const before = written;
  await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 10, [EXERCISING_RUN]);
  t.ok(written > before, `the runs read the hosts file a start wrote (${written - before} times)`);
});
