import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * The hostname, hosts and resolv.conf a start writes for a container, as copies see them
 * (simulator/engine/containers/network-files.ts): runs of a create on the network `none`, a
 * user-defined bridge, the host's network or a running peer's, with generated Hostname,
 * Domainname, ExtraHosts, Dns, DnsSearch and DnsOptions (none of them on the host's network, no
 * dotted hostname on the bridge), then starts, stops, kills, restarts, inspects (the files' paths),
 * uploads into /etc beside the files, and HEAD and GET …/archive of the files and of /etc, sent to
 * each observed release and to ctrd-sim emulating it, in a private network namespace. Compared:
 * each answer (a stat's name, size and mode; a tarball's entries with their modes, sizes and
 * contents, the containers' IDs as words).
 */

const NAME = 'ctc-nf';
const PEER = 'ctc-nf-peer';
const NETWORK = 'ctcnfnet';
const HEADER_TIME = new Date('2021-03-04T05:06:07Z');

/** The create of the run's container, with the configuration and host configuration fields given beside the defaults. */
const createAsk = (config: Record<string, unknown>, hostConfig: Record<string, unknown>, name = NAME): Ask => ({
  method: 'POST',
  path: `/containers/create?name=${name}`,
  ...json(
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], ...config, HostConfig: { NetworkMode: 'none', Init: true, ...hostConfig } }),
  ),
});

/** A field given only when it is not empty. */
const given = (name: string, value: string | readonly string[]): Record<string, unknown> => (value.length === 0 ? {} : { [name]: value });

const createBody = fc
  .record({
    mode: fc.constantFrom('none', 'none', NETWORK, NETWORK, 'host', `container:${PEER}`),
    hostname: fc.constantFrom('', '', 'ctc-host', 'a.b.example'),
    domainname: fc.constantFrom('', 'example.org'),
    extraHosts: fc.uniqueArray(fc.constantFrom('ctc-a:10.1.2.3', 'ctc-b.example:192.168.7.9', 'ctc-c:10.1.2.3'), { maxLength: 2 }),
    dns: fc.uniqueArray(fc.constantFrom('10.0.0.1', '192.0.2.53'), { maxLength: 2 }),
    dnsSearch: fc.uniqueArray(fc.constantFrom('s.example', 'corp.example'), { maxLength: 2 }),
    dnsOptions: fc.uniqueArray(fc.constantFrom('edns0', 'timeout:2', 'rotate'), { maxLength: 2 }),
  })
  .map(({ mode, hostname, domainname, extraHosts, dns, dnsSearch, dnsOptions }): Ask[] => {
    // The host's and a peer's network take no hostname or DNS settings of their own (a create refuses some; ctrd-sim does not model the rest).
    const own = mode === 'none' || mode === NETWORK;
    const names = own ? { ...given('Hostname', mode === NETWORK && hostname.includes('.') ? '' : hostname), ...given('Domainname', domainname) } : {};
    const settings = own
      ? { ...given('ExtraHosts', extraHosts), ...given('Dns', dns), ...given('DnsSearch', dnsSearch), ...given('DnsOptions', dnsOptions) }
      : {};
    const peer = mode.startsWith('container:') ? [createAsk({}, { NetworkMode: NETWORK }, PEER), { method: 'POST', path: `/containers/${PEER}/start` }] : [];
    return [...peer, createAsk(names, { NetworkMode: mode, ...settings })];
  });

const step: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/start` }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('kill', 'stop?t=5', 'restart?t=5').map((action): Ask => ({ method: 'POST', path: `/containers/${NAME}/${action}` })),
  },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'PUT', path: `/containers/${NAME}/archive?path=/etc` }) },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'GET', path: `/containers/${NAME}/json` }) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom('HEAD', 'GET'), fc.constantFrom('/etc/hostname', '/etc/hosts', '/etc/resolv.conf', '/etc'))
      .map(([method, path]): Ask => ({ method, path: `/containers/${NAME}/archive?path=${path}` })),
  },
);

const runs = fc.tuple(createBody, fc.array(step, { minLength: 2, maxLength: 7 })).map(([creates, steps]) => [...creates, ...steps]);

/** Runs sure to start the container on `none` and on the bridge and read each file after. */
const EXERCISING_BRIDGE: Ask[] = [
  createAsk({ Domainname: 'example.org' }, { NetworkMode: NETWORK, ExtraHosts: ['ctc-a:10.1.2.3'], Dns: ['10.0.0.1'] }),
  { method: 'POST', path: `/containers/${NAME}/start` },
  ...['/etc/hosts', '/etc/resolv.conf'].map((path): Ask => ({ method: 'GET', path: `/containers/${NAME}/archive?path=${path}` })),
  { method: 'POST', path: `/containers/${NAME}/stop?t=5` },
  { method: 'GET', path: `/containers/${NAME}/archive?path=/etc/hosts` },
];
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

/** Each side's containers' IDs by name, and its data root's path (read off an inspect). */
const ids = new Map<HttpClient, Map<string, string>>();
const realSides = new WeakSet<HttpClient>();
/** How many of the real side's reads saw a start's file (content written). */
let written = 0;

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const named = ids.get(client) ?? new Map<string, string>();
  ids.set(client, named);
  const words = (text: string): string =>
    [...named]
      .reduce((out, [name, id]) => out.replaceAll(id, `<${name}>`).replaceAll(id.slice(0, 12), `<${name} short>`), text)
      .replace(/^[^"]*\/containers\//, '<root>/containers/');
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
  if (ask.path.startsWith('/containers/create') && reply.status === 201)
    named.set(/name=([^&]+)/.exec(ask.path)![1]!, (JSON.parse(reply.body) as { Id: string }).Id);
  if (ask.path.endsWith('/json') && reply.status === 200) {
    const document = JSON.parse(reply.body) as Record<string, string>;
    return [reply.status, ...['HostnamePath', 'HostsPath', 'ResolvConfPath'].map((field) => words(document[field] ?? ''))];
  }
  const header = reply.headers['x-docker-container-path-stat'];
  const stat = typeof header === 'string' ? (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { name: string; size: number; mode: number }) : null;
  return [reply.status, stat === null ? null : [stat.name, stat.size, stat.mode], ask.path.startsWith('/containers/create') ? '' : words(reply.body.trim())];
}

async function cleanUp(client: HttpClient): Promise<void> {
  for (const name of [NAME, PEER]) await client.request('DELETE', `/containers/${name}?force=1`, { timeoutMs: 20_000 });
  ids.delete(client);
}

withObservedReleases('the network files a start writes', 'ctc-netfiles-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  realSides.add(real);
  for (const client of [real, sim]) {
    await importBusybox(client);
    const network = { Name: NETWORK, Driver: 'bridge', IPAM: { Config: [{ Subnet: '172.30.9.0/24' }] } };
    await client.request('POST', '/networks/create', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(network), timeoutMs: 20_000 });
  }
  const before = written;
  await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 10, [EXERCISING_RUN, EXERCISING_BRIDGE]);
  t.ok(written > before, `the runs read the hosts file a start wrote (${written - before} times)`);
});
