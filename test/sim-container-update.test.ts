import fc from 'fast-check';
import t from 'tap';
import { readIpv4Forwarding } from '../simulator/engine/system/info/forwarding.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * POST /containers/{name}/update (simulator/engine/containers/update.ts): the answers 20.10.24,
 * 26.1.5 and 28.5.2 gave (2026-12-05) checked on ctrd-sim, and generated updates of created
 * containers sent to each real release and to ctrd-sim emulating it, each answer compared and,
 * between them, the containers' HostConfig. ctrd-sim runs with --ip-forward=false, as the real
 * daemons do: every update then warns that IPv4 forwarding is off where the host's sysctl is.
 */

const SIM_ARGS = ['--ip-forward=false'];
const MiB = 1024 * 1024;

/** The created containers both sides have: plain, auto-removed, with a memory limit, with NanoCpus, with a CFS period and quota. */
const CONTAINERS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'ctc-plain': {},
  'ctc-autorm': { AutoRemove: true },
  'ctc-mem': { Memory: 64 * MiB },
  'ctc-nano': { NanoCpus: 500_000_000 },
  'ctc-cfs': { CpuPeriod: 100_000, CpuQuota: 50_000 },
};

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const send = async (path: string, body: string | Buffer, type: string): Promise<string> => {
    const reply = await client.request('POST', path, { headers: { 'Content-Type': type }, body, timeoutMs: 30_000 });
    if (reply.status >= 300) throw new Error(`POST ${path}: ${reply.status} ${reply.body}`);
    return reply.body;
  };
  await send('/images/create?fromSrc=-&repo=ctc-img&tag=1', await baseTarball(), 'application/x-tar');
  const ids: Record<string, string> = {};
  for (const [name, hostConfig] of Object.entries(CONTAINERS)) {
    const config = JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none', ...hostConfig } });
    ids[`{${name}}`] = (JSON.parse(await send(`/containers/create?name=${name}`, config, 'application/json')) as { Id: string }).Id;
  }
  return ids;
}

const FORWARDING_OFF = 'IPv4 forwarding is disabled. Networking will not work.';

/**
 * An answer's status and message, a container's full ID as `{id}` (each side drew its own); of a
 * 200 its warnings, without the forwarding one when `withoutForwarding` (the observed table holds
 * answers whatever the host's sysctl).
 */
async function updateAnswer(client: HttpClient, ask: Ask, withoutForwarding = false): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  const named = message.replace(/\b[0-9a-f]{64}\b/g, '{id}');
  if (status !== 200 || !withoutForwarding) return [status, named];
  const warnings = (JSON.parse(named) as { Warnings: string[] | null }).Warnings;
  const kept = (warnings ?? []).filter((warning) => warning !== FORWARDING_OFF);
  return [status, JSON.stringify({ Warnings: kept.length === 0 ? null : kept })];
}

const set = new WeakSet<HttpClient>();
/** The observed table's reading: the containers made on the simulator's first request. */
async function observedAnswer(client: HttpClient, ask: Ask): Promise<[number, string]> {
  if (!set.has(client)) {
    set.add(client);
    await setup(client);
  }
  if (ask.method === 'GET') {
    const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
    const hostConfig = (JSON.parse(reply.body) as { HostConfig: Record<string, unknown> }).HostConfig;
    return [reply.status, JSON.stringify(Object.fromEntries(LIMITS.map((field) => [field, hostConfig[field]])))];
  }
  return updateAnswer(client, ask, true);
}

const LIMITS = ['RestartPolicy', 'CpuShares', 'Memory', 'MemorySwap', 'MemoryReservation', 'NanoCpus', 'CpuPeriod', 'CpuQuota', 'PidsLimit'];

const update = (name: string, body?: string, prefix = ''): Ask => ({
  method: 'POST',
  path: `${prefix}/containers/${name}/update`,
  ...(body === undefined ? {} : json(body)),
});
const inspect = (name: string): Ask => ({ method: 'GET', path: `/containers/${name}/json` });
const OK: readonly [number, string] = [200, '{"Warnings":null}'];
const badJson = (message: string): readonly [number, string] => [400, `invalid JSON: ${message}`];
const conflict = (message: string): readonly [number, string] => [409, `Cannot update container {id}: ${message}`];
const limits = (values: Readonly<Record<string, unknown>>): readonly [number, string] => [
  200,
  JSON.stringify({
    RestartPolicy: { Name: 'no', MaximumRetryCount: 0 },
    CpuShares: 0,
    Memory: 0,
    MemorySwap: 0,
    MemoryReservation: 0,
    NanoCpus: 0,
    CpuPeriod: 0,
    CpuQuota: 0,
    PidsLimit: null,
    ...values,
  }),
];
const on20 = (values: Readonly<Record<string, unknown>>): readonly [number, string] => limits({ RestartPolicy: { Name: '', MaximumRetryCount: 0 }, ...values });

/** What inspect showed of a container's limits: alike but for 20.10's default restart policy (Name ""). */
const inspected = (name: string, values: Readonly<Record<string, unknown>>): Observed[number] => [inspect(name), on20(values), limits(values), '='];
/** An answer every release gave alike. */
const everywhere = (ask: Ask, answer: readonly [number, string]): Observed[number] => [ask, answer, '=', '='];

const OBSERVED: Observed = [
  everywhere(update('ctc-plain', '{}'), OK),
  [update('ctc-plain'), [500, 'EOF'], OK, '='],
  [update('ctc-plain', '   '), [500, 'EOF'], [400, 'invalid JSON: got EOF while reading request body'], '='],
  [
    update('ctc-plain', 'not json'),
    [500, "invalid character 'o' in literal null (expecting 'u')"],
    badJson("invalid character 'o' in literal null (expecting 'u')"),
    '=',
  ],
  [
    update('ctc-plain', '{"Memory":"x"}'),
    [500, 'json: cannot unmarshal string into Go struct field UpdateConfig.Memory of type int64'],
    badJson('json: cannot unmarshal string into Go struct field UpdateConfig.Resources.Memory of type int64'),
    badJson('json: cannot unmarshal string into Go struct field UpdateConfig.Memory of type int64'),
  ],
  [
    update('ctc-plain', '{"RestartPolicy":{"Name":1}}'),
    [500, 'json: cannot unmarshal number into Go struct field RestartPolicy.RestartPolicy.Name of type string'],
    badJson('json: cannot unmarshal number into Go struct field RestartPolicy.RestartPolicy.Name of type container.RestartPolicyMode'),
    badJson('json: cannot unmarshal number into Go struct field UpdateConfig.RestartPolicy.Name of type container.RestartPolicyMode'),
  ],
  [
    update('ctc-plain', '{"BlkioWeight":70000}'),
    [500, 'json: cannot unmarshal number 70000 into Go struct field UpdateConfig.BlkioWeight of type uint16'],
    badJson('json: cannot unmarshal number 70000 into Go struct field UpdateConfig.Resources.BlkioWeight of type uint16'),
    badJson('json: cannot unmarshal number 70000 into Go struct field UpdateConfig.BlkioWeight of type uint16'),
  ],
  [
    update('ctc-plain', '[]'),
    [500, 'json: cannot unmarshal array into Go value of type container.UpdateConfig'],
    badJson('json: cannot unmarshal array into Go value of type container.UpdateConfig'),
    '=',
  ],
  everywhere(update('ctc-plain', 'null'), OK),
  [update('ctc-plain', '{} {}'), OK, [400, 'unexpected content after JSON'], '='],
  [
    { ...update('ctc-plain'), type: 'text/plain', body: '{}' },
    [400, "Content-Type specified (text/plain) must be 'application/json'"],
    [400, "unsupported Content-Type header (text/plain): must be 'application/json'"],
    '=',
  ],
  everywhere(update('nosuch', '{}'), [404, 'No such container: nosuch']),
  // 20.10 looks the container up first; later releases check the settings first.
  [update('nosuch', '{"Memory":1}'), [404, 'No such container: nosuch'], [400, 'Minimum memory limit allowed is 6MB'], '='],
  everywhere(update('ctc-plain', '{"Memory":1}'), [400, 'Minimum memory limit allowed is 6MB']),
  // Without a swap limit the container's is 0: a memory limit alone is a conflict.
  everywhere(
    update('ctc-plain', '{"Memory":67108864}'),
    conflict('Memory limit should be smaller than already set memoryswap limit, update the memoryswap at the same time'),
  ),
  everywhere(update('ctc-plain', '{"Memory":134217728,"MemorySwap":67108864}'), [
    400,
    'Minimum memoryswap limit should be larger than memory limit, see usage',
  ]),
  everywhere(update('ctc-plain', '{"Memory":67108864,"MemorySwap":134217728}'), OK),
  everywhere(update('ctc-plain', '{"Memory":33554432}'), OK),
  everywhere(update('ctc-plain', '{"MemoryReservation":1}'), [400, 'Minimum memory reservation allowed is 6MB']),
  everywhere(update('ctc-plain', '{"Memory":8388608,"MemorySwap":-1,"MemoryReservation":16777216}'), [
    400,
    'Minimum memory limit can not be less than memory reservation limit, see usage',
  ]),
  everywhere(update('ctc-plain', '{"CpuShares":-5,"PidsLimit":-5}'), OK),
  everywhere(update('ctc-plain', '{"NanoCpus":500000000}'), OK),
  everywhere(update('ctc-plain', '{"CpuQuota":50000}'), conflict('Conflicting options: CPU Quota cannot be updated as NanoCPUs has already been set')),
  inspected('ctc-plain', { Memory: 33554432, MemorySwap: 134217728, CpuShares: -5, NanoCpus: 500000000, PidsLimit: 0 }),
  everywhere(update('ctc-cfs', '{"NanoCpus":1000000000}'), conflict('Conflicting options: Nano CPUs cannot be updated as CPU Period has already been set')),
  everywhere(update('ctc-cfs', '{"NanoCpus":1000000000,"CpuQuota":100000}'), [400, 'Conflicting options: Nano CPUs and CPU Quota cannot both be set']),
  everywhere(update('ctc-cfs', '{"CpuPeriod":100}'), [400, 'CPU cfs period can not be less than 1ms (i.e. 1000) or larger than 1s (i.e. 1000000)']),
  everywhere(update('ctc-cfs', '{"CpuQuota":100}'), [400, 'CPU cfs quota can not be less than 1ms (i.e. 1000)']),
  everywhere(update('ctc-cfs', '{"CpuQuota":-5}'), OK),
  everywhere(update('ctc-plain', '{"PidsLimit":100}', '/v1.39'), OK),
  everywhere(update('ctc-plain', '{"IOMaximumIOps":10}'), [400, 'Invalid QoS settings: linux does not support Maximum IO Bandwidth or Maximum IO IOps']),
  everywhere(update('ctc-plain', '{"CpusetCpus":"abc"}'), [400, 'Invalid value abc for cpuset cpus: invalid format: abc']),
  everywhere(update('ctc-plain', '{"MemorySwappiness":200,"CpuPercent":10}'), [400, 'Invalid value: 200, valid memory swappiness range is 0-100']),
  everywhere(update('ctc-plain', '{"CpuPercent":10}'), [200, '{"Warnings":["linux does not support CPU percent. Percent discarded."]}']),
  everywhere(update('ctc-plain', '{"RestartPolicy":{"Name":"on-failure","MaximumRetryCount":3}}'), OK),
  everywhere(update('ctc-plain', '{"RestartPolicy":{"Name":"","MaximumRetryCount":5}}'), OK),
  [
    update('ctc-plain', '{"RestartPolicy":{"Name":"always","MaximumRetryCount":-3}}'),
    [400, "maximum retry count cannot be used with restart policy 'always'"],
    [400, "invalid restart policy: maximum retry count can only be used with 'on-failure' and cannot be negative"],
    '=',
  ],
  [
    update('ctc-plain', '{"RestartPolicy":{"Name":"no","MaximumRetryCount":1}}'),
    [400, "maximum retry count cannot be used with restart policy 'no'"],
    [400, "invalid restart policy: maximum retry count can only be used with 'on-failure'"],
    '=',
  ],
  [
    update('ctc-plain', '{"RestartPolicy":{"Name":"on-failure","MaximumRetryCount":-1}}'),
    [400, 'maximum retry count cannot be negative'],
    [400, 'invalid restart policy: maximum retry count cannot be negative'],
    '=',
  ],
  [
    update('nosuch', '{"RestartPolicy":{"Name":"bogus"}}'),
    [404, 'No such container: nosuch'],
    [400, "invalid restart policy: unknown policy 'bogus'; use one of 'no', 'always', 'on-failure', or 'unless-stopped'"],
    '=',
  ],
  everywhere(
    update('ctc-autorm', '{"CpuShares":100,"RestartPolicy":{"Name":"always"}}'),
    conflict('Restart policy cannot be updated because AutoRemove is enabled for the container'),
  ),
  everywhere(update('ctc-autorm', '{"RestartPolicy":{"Name":"no"}}'), OK),
  inspected('ctc-plain', {
    Memory: 33554432,
    MemorySwap: 134217728,
    CpuShares: -5,
    NanoCpus: 500000000,
    PidsLimit: 0,
    RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 },
  }),
  inspected('ctc-autorm', { RestartPolicy: { Name: 'no', MaximumRetryCount: 0 } }),
  inspected('ctc-cfs', { CpuPeriod: 100000, CpuQuota: -5 }),
];

checkObserved('the updates 20.10.24, 26.1.5 and 28.5.2 answered, and what inspect showed after them', 'ctc-update-', OBSERVED, observedAnswer, SIM_ARGS);

// 20.10 turns forwarding on as it starts unless told not to (--ip-forward=false): then the host's sysctl decides.
t.test('an update warns that IPv4 forwarding is off exactly when ctrd-sim has it off', async (t) => {
  for (const [args, warned] of [
    [[], false],
    [['--ip-forward=false'], !readIpv4Forwarding()],
  ] as const) {
    const client = await simClient(t, 'ctc-update-', '20.10', args);
    await setup(client);
    const [, body] = await updateAnswer(client, update('ctc-plain', '{}'));
    t.same(JSON.parse(body), { Warnings: warned ? [FORWARDING_OFF] : null }, `with ${JSON.stringify(args)}`);
  }
});

const mib = (n: number): number => n * MiB;
const resources = fc.record(
  {
    Memory: fc.constantFrom<unknown>(1, mib(4), mib(8), mib(32), mib(64), mib(128), -1, 'x', 1.5),
    MemorySwap: fc.constantFrom(-1, mib(16), mib(64), mib(256)),
    MemoryReservation: fc.constantFrom(1, mib(8), mib(16), mib(256)),
    CpuShares: fc.constantFrom(2, 512, -5),
    NanoCpus: fc.constantFrom(500_000_000, 1_000_000_000, -1, 99_000_000_000),
    CpuPeriod: fc.constantFrom(100, 50_000, 100_000, 2_000_000),
    CpuQuota: fc.constantFrom(-1, 100, 50_000),
    PidsLimit: fc.constantFrom(null, -5, 0, 100, 'x'),
    BlkioWeight: fc.constantFrom(5, 500, 70_000),
    KernelMemory: fc.constantFrom(1, mib(64)),
    MemorySwappiness: fc.constantFrom(null, -1, 50, 200),
    OomKillDisable: fc.boolean(),
    CpusetCpus: fc.constantFrom('0', '99', 'abc', '1-0', '0-1'),
    CpuPercent: fc.constantFrom(10),
    memory: fc.constantFrom<unknown>(mib(16), 'x'),
    RestartPolicy: fc.oneof(
      fc.record(
        { Name: fc.constantFrom<unknown>('', 'no', 'always', 'on-failure', 'unless-stopped', 'bogus', 1), MaximumRetryCount: fc.constantFrom(0, 3, -1) },
        { requiredKeys: [] },
      ),
      fc.constant('always'),
    ),
  },
  { requiredKeys: [] },
);

const target = fc.constantFrom('ctc-plain', 'ctc-autorm', 'ctc-mem', 'ctc-nano', 'ctc-cfs', 'nosuch', '{ctc-plain}');

const request: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ target, body: resources, prefix: fc.constantFrom('', '/v1.39', '/v1.41') })
      .map(({ target, body, prefix }) => update(target, JSON.stringify(body), prefix)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ target, body: fc.constantFrom<string | undefined>(undefined, '', '   ', 'not json', '[]', 'null', '{} {}', '{"RestartPolicy":[]}') })
      .map(({ target, body }) => update(target, body)),
  },
  { weight: 2, arbitrary: fc.constantFrom('ctc-plain', 'ctc-autorm', 'ctc-mem', 'ctc-nano', 'ctc-cfs').map(inspect) },
);

/** An update's answer, or a container's whole HostConfig. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  if (ask.method === 'GET') {
    const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
    return [reply.status, (JSON.parse(reply.body) as { HostConfig: unknown }).HostConfig];
  }
  return updateAnswer(client, ask);
}

checkAgainstRealReleases('updates of created containers and the HostConfig they leave', 'ctc-update-', request, 200, { setup, read, simArgs: SIM_ARGS });
