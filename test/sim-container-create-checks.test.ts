import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * What a create checks and keeps that needs no process (simulator/engine/containers/create.ts,
 * healthcheck.ts, log-config.ts), and /info's counters of images and containers
 * (system/info/route.ts). The table is what 20.10.24, 26.1.5 and 28.5.2 answered (2026-12-05);
 * the property sends generated creates, starts, pauses, kills, removes and commits to each real
 * release and to ctrd-sim emulating it, and compares each answer, what a created container keeps
 * (its Healthcheck, its LogConfig, its name: without one, generated in the daemon's style) and
 * /info's counters after it.
 */

const run = (extra: Record<string, unknown>, host: Record<string, unknown> = {}): string =>
  JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], ...extra, HostConfig: { NetworkMode: 'none', Init: true, ...host } });
const create = (name: string, body: string, prefix = ''): Ask => ({ method: 'POST', path: `${prefix}/containers/create?name=${name}`, ...json(body) });
const plugin = (type: string): [number, string] => [400, `error looking up logging plugin ${type}: plugin "${type}" not found`];

// Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-12-05), the image absent (the order of the checks).
const OBSERVED: Observed = [
  [create('o1', JSON.stringify({ Image: 'nosuch:1', Cmd: ['x'], Healthcheck: { Retries: -1 } })), [400, 'Retries in Healthcheck cannot be negative'], '=', '='],
  [create('o2', run({ Healthcheck: { Interval: -5, Timeout: -5, Retries: -1 } })), [400, 'Interval in Healthcheck cannot be less than 1ms'], '=', '='],
  [create('o3', run({ Healthcheck: { Interval: 1_000_000, Timeout: 999_999 } })), [400, 'Timeout in Healthcheck cannot be less than 1ms'], '=', '='],
  [
    create('o4', run({ Healthcheck: { Test: ['CMD'], StartPeriod: 5, StartInterval: 5 } }), '/v1.41'),
    [400, 'StartPeriod in Healthcheck cannot be less than 1ms'],
    '=',
    '=',
  ],
  [
    create('o5', JSON.stringify({ Image: 'nosuch:1', Cmd: ['x'], HostConfig: { KernelMemory: 5, LogConfig: { Type: 'nosuch' } } }), '/v1.40'),
    [400, 'Minimum kernel memory limit allowed is 6MB'],
    '=',
    '=',
  ],
  [create('o6', JSON.stringify({ Image: 'nosuch:1', Cmd: ['x'], HostConfig: { LogConfig: { Type: 'nosuch' } } })), [404, 'No such image: nosuch:1'], '=', '='],
  [create('-bad', JSON.stringify({ Image: 'nosuch:1' })), [404, 'No such image: nosuch:1'], '=', '='],
  [create('o7', run({}, { LogConfig: { Type: 'nosuch' } })), plugin('nosuch'), '=', '='],
  [create('o8', run({}, { LogConfig: { Type: 'gcplogs' } })), [201, '201'], '=', plugin('gcplogs')],
  [create('o9', run({}, { LogConfig: { Type: 'etwlogs' } })), plugin('etwlogs'), '=', '='],
  [create('o10', run({}, { LogConfig: { Type: 'json-file', Config: { mode: 'x', nosuch: '1' } } })), [400, 'logger: logging mode not supported: x'], '=', '='],
  [
    create('o11', run({}, { LogConfig: { Type: 'json-file', Config: { 'max-buffer-size': '1k' } } })),
    [400, "logger: max-buffer-size option is only supported with 'mode=non-blocking'"],
    '=',
    '=',
  ],
  [
    create('o12', run({}, { LogConfig: { Type: 'json-file', Config: { mode: 'non-blocking', 'max-buffer-size': 'q' } } })),
    [400, "error parsing option max-buffer-size: invalid size: 'q'"],
    '=',
    '=',
  ],
  [create('o13', run({}, { LogConfig: { Type: 'json-file', Config: { nosuch: 'x' } } })), [400, "unknown log opt 'nosuch' for json-file log driver"], '=', '='],
  [create('o14', run({}, { LogConfig: { Type: 'local', Config: { nosuch: 'x' } } })), [400, "unknown log opt 'nosuch' for log driver local"], '=', '='],
  [create('o15', run({}, { LogConfig: { Type: 'none', Config: { mode: 'x' } } })), [201, '201'], '=', '='],
  [create('-bad', run({}, { LogConfig: { Type: 'nosuch' } })), plugin('nosuch'), '=', '='],
  [
    create('o16', JSON.stringify({ Image: 'nosuch:1', Cmd: ['x'], Healthcheck: { Retries: -1 }, HostConfig: { LogConfig: { Type: 'logentries' } } })),
    [400, 'Retries in Healthcheck cannot be negative'],
    [400, 'the logentries logging driver has been deprecated and removed'],
    [400, 'Retries in Healthcheck cannot be negative'],
  ],
  [
    create('o17', run({}, { LogConfig: { Type: 'logentries' } })),
    [400, 'Missing logentries token'],
    [400, 'the logentries logging driver has been deprecated and removed'],
    plugin('logentries'),
  ],
];

/** The status, and the message of a refusal (IDs as one placeholder). */
async function answer(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, status === 201 ? '201' : message.replace(/\b[0-9a-f]{64}\b/g, '<id>')];
}

async function withImage(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  return {};
}

const imported = new WeakSet<HttpClient>();
checkObserved('what a create checks first, and its words', 'ctc-ccheck-', OBSERVED, async (client, ask) => {
  if (!imported.has(client)) await withImage(client);
  imported.add(client);
  return answer(client, ask);
});

/** The answer, then what the container keeps (its Healthcheck and LogConfig) and /info's counters. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const raw = await client.request(ask.method, ask.path, {
    headers: { 'Content-Type': ask.type ?? 'application/json' },
    body: ask.body ?? '',
    timeoutMs: 20_000,
  });
  const message = raw.status < 300 || raw.body === '' ? '' : ((JSON.parse(raw.body) as { message?: string }).message ?? raw.body);
  const reply = [raw.status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>')];
  const created = raw.status === 201 && ask.path.includes('/containers/create') ? (JSON.parse(raw.body) as { Id?: string }).Id : undefined;
  const name = created ?? /\/containers\/([^/?]+)/.exec(ask.path)?.[1];
  if (/\/kill/.test(ask.path) && reply[0] === 204) await client.request('POST', `/containers/${name}/wait`, { timeoutMs: 20_000 });
  const info = JSON.parse((await client.request('GET', '/info', { timeoutMs: 10_000 })).body) as Record<string, number>;
  const counts = ['Images', 'Containers', 'ContainersRunning', 'ContainersPaused', 'ContainersStopped'].map((key) => info[key]);
  if (created === undefined) return [reply, counts];
  const kept = JSON.parse((await client.request('GET', `/containers/${name}/json`, { timeoutMs: 10_000 })).body) as {
    Name: string;
    Config: { Healthcheck?: unknown };
    HostConfig: { LogConfig: unknown };
  };
  // An unnamed container's name is drawn at random in the daemon's style: adjective_surname, a digit after it on a retry.
  return [reply, counts, kept.Name.replace(/^\/[a-z]+_[a-z]+[0-9]?$/, '<generated>'), kept.Config.Healthcheck ?? null, kept.HostConfig.LogConfig];
}

/** The containers the other requests start, pause, kill, commit and remove. */
const NAMES = ['ctc-c1', 'ctc-c2', 'ctc-c3'] as const;
const duration = fc.constantFrom(0, 5, 999_999, 1_000_000, 30_000_000_000, -1);
const healthcheck = fc.option(
  fc.record(
    {
      Test: fc.constantFrom([], ['NONE'], ['CMD', '/bin/true'], ['CMD-SHELL', 'true']),
      Interval: duration,
      Timeout: duration,
      StartPeriod: duration,
      StartInterval: duration,
      Retries: fc.constantFrom(0, 3, -1),
    },
    { requiredKeys: [] },
  ),
);
const logOptions = fc.dictionary(
  fc.constantFrom('max-size', 'max-file', 'compress', 'labels', 'tag', 'mode', 'max-buffer-size', 'nosuch'),
  fc.constantFrom('1k', '2', 'true', 'blocking', 'non-blocking', 'q'),
  { maxKeys: 2 },
);
// Options only where the release checks them all (json-file, local) or none (none, an unknown driver refused first).
const logConfig = fc.option(
  fc.oneof(
    fc.record({ Type: fc.constantFrom('', 'json-file', 'local', 'none', 'nosuch'), Config: logOptions }),
    fc.record({ Type: fc.constantFrom('syslog', 'journald', 'gcplogs', 'logentries', 'etwlogs', 'NONE') }),
  ),
);
/**
 * What a container that may start keeps: a real daemon runs its health check and opens its log,
 * so only slow checks and logs that open here (no syslog, journald or cloud driver, valid sizes).
 */
const startable = fc.tuple(
  fc.constantFrom(...NAMES),
  fc.option(fc.constantFrom({ Test: ['NONE'] }, { Test: ['CMD', '/bin/true'], Interval: 30_000_000_000 }, {})),
  fc.option(fc.constantFrom({ Type: 'json-file', Config: { 'max-size': '1k', 'max-file': '2' } }, { Type: 'local' }, { Type: 'none' }, { Type: '' })),
);
/** Unnamed containers (or a name refused), never started: anything the create checks. */
const neverStarted = fc.tuple(fc.constantFrom('', '-bad'), healthcheck, logConfig);
const createAsk: fc.Arbitrary<Ask> = fc
  .tuple(fc.oneof(startable, neverStarted), fc.constantFrom('ctc-img:1', 'nosuch:1'), fc.constantFrom('', '/v1.41', '/v1.44'))
  .map(([[name, health, log], image, prefix]) => {
    const body = { Image: image, Cmd: ['/bin/busybox', 'sleep', '1000'], ...(health === null ? {} : { Healthcheck: health }) };
    const host = { NetworkMode: 'none', Init: true, ...(log === null ? {} : { LogConfig: log }) };
    return create(name, JSON.stringify({ ...body, HostConfig: host }), prefix);
  });
const otherAsk: fc.Arbitrary<Ask> = fc
  .tuple(fc.constantFrom('start', 'pause', 'unpause', 'kill', 'remove', 'commit'), fc.constantFrom(...NAMES))
  .map(([op, name]): Ask => {
    if (op === 'remove') return { method: 'DELETE', path: `/containers/${name}?force=1` };
    if (op === 'commit') return { method: 'POST', path: `/commit?container=${name}&repo=ctc-commit&tag=${name}`, ...json('{}') };
    return { method: 'POST', path: `/containers/${name}/${op}` };
  });

checkAgainstRealReleases('creates checked and kept, and /info counting what there is', 'ctc-ccheck-', fc.oneof(createAsk, otherAsk), 40, {
  setup: withImage,
  read,
});

// Observed on 20.10.24 (2026-12-05): a create without HostConfig keeps no Runtime; its start gives it the default.
t.test('20.10 gives a container created without HostConfig its runtime as it starts', async (t) => {
  const client = await simClient(t, 'ctc-ccheck-', '20.10');
  await importBusybox(client);
  const runtime = async (): Promise<unknown> =>
    (JSON.parse((await client.request('GET', '/containers/ctc-r1/json', { timeoutMs: 10_000 })).body) as { HostConfig: { Runtime?: string } }).HostConfig
      .Runtime;
  await sendOk(client, 'POST', '/containers/create?name=ctc-r1', JSON.stringify({ Image: 'ctc-img:1', Cmd: ['x'] }));
  t.equal(await runtime(), undefined);
  await client.request('POST', '/containers/ctc-r1/start', { timeoutMs: 10_000 });
  t.equal(await runtime(), 'runc');
});
