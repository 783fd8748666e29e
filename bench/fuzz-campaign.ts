/**
 * Benchmark section 13 (not a test): the fuzz campaign (issue 24). Two ctrd-sim processes, on every
 * listener a ctrd-sim has: one on its unix socket, plain TCP 127.0.0.1 and the model runner's TCP
 * port (and the runner under the socket's prefix), one with --tlsverify on TCP (a daemon's -H all
 * share one TLS setting). More than 100 000 generated requests (bench/fuzz-cases.ts: valid and
 * invalid HTTP requests from the suites' arbitraries, raw bytes, partial requests held open) from
 * one seed, each with a deadline, the whole bounded in time; meanwhile a healthy client pings each
 * daemon every 10 ms on another connection, in a process of its own. Counted: crashes (a process
 * ended), hangs (no answer and no close within the deadline), pings that waited longer than the
 * bound (and what was in flight then), 5xx answers, and each process's memory and open file
 * descriptors before and after (after a settle time).
 *
 *   node dist/bench/fuzz-campaign.js [--no-write] [--quick]
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { verifyingStart, withTlsFiles, type TlsFiles } from '../suites/listeners/tls-start.js';
import { freePort } from '../suites/listeners/ports.js';
import type { Endpoint } from '../suites/http/endpoint.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { TargetInstance } from '../suites/targets/target.js';
import { send } from './daemon-probe.js';
import { campaignCases, groupOf, LISTENER_NAMES, MODEL, type FuzzCase, type ListenerName } from './fuzz-cases.js';
import { routeTo, sendHttp, sendRaw, type Outcome, type Route } from './fuzz-send.js';
import { CLOCK_TICKS, cpuTicks } from './process-cpu.js';
import { isRunning, openFds, rssMiB } from './process-memory.js';
import { writeResultsSection } from './results-section.js';
import { percentile } from './stats.js';

const args = new Set(process.argv.slice(2));
const WRITE = !args.has('--no-write');
/** --quick: a hundredth of the campaign, to try the benchmark itself. */
const SCALE = args.has('--quick') ? 0.01 : 1;
const SEED = 20261127;
const COUNTS = {
  valid: Math.round(40_000 * SCALE),
  invalid: Math.round(40_000 * SCALE),
  raw: Math.round(20_000 * SCALE),
  huge: Math.round(100 * SCALE),
  partial: Math.round(400 * SCALE),
};
/** Each request's deadline: an answer or a close by then, else a hang. */
const DEADLINE_MS = 10_000;
/** How long a partial request is held open before the client gives up. */
const HOLD_MS = 2_000;
/** Requests in flight at once (partial requests have their own lane). */
const WORKERS = 32;
const PARTIAL_WORKERS = 40;
/**
 * No case is started after this; what is left is reported as not sent. The goal is about 3 minutes
 * on a 2-core machine; the report gives the CPU the campaign took, since a machine shared with
 * other work stretches the wall time, which this bound caps.
 */
const TIME_LIMIT_MS = 600_000;
/** A ping that waited longer than this counts against the campaign. */
const PING_BOUND_MS = 250;
/** Time given to the daemons to close what the campaign left before memory and descriptors are read again. */
const SETTLE_MS = 5_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ───────────────────────────── the daemons ─────────────────────────────

interface Daemon {
  readonly name: string;
  readonly instance: TargetInstance;
  readonly pid: number;
  readonly socket: string;
}

async function startDaemon(name: string, extra: readonly string[]): Promise<Daemon> {
  const target = new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], modelRunner: true });
  const started = await target.start({ args: extra });
  if (!started.ok) throw new Error(`ctrd-sim (${name}) did not start (exit ${started.exitCode}): ${started.output}`);
  const { daemon } = started.instance.endpoints;
  const pid = started.instance.pid;
  if (daemon?.kind !== 'unix' || pid === undefined) throw new Error(`ctrd-sim (${name}) names no unix socket or pid`);
  return { name, instance: started.instance, pid, socket: daemon.path };
}

interface Snapshot {
  readonly rss: number;
  readonly fds: number;
}
const snapshot = (pid: number): Snapshot => ({ rss: rssMiB(pid), fds: openFds(pid) });

// ───────────────────────────── the healthy client ─────────────────────────────

interface PingReport {
  readonly pings: readonly [number, number][];
  readonly failure: string | null;
}

/** The pinger process on `socket`; `stop()` ends its stdin and resolves with what it measured. */
function startPinger(socket: string): { stop(): Promise<PingReport> } {
  const script = fileURLToPath(new URL('./fuzz-pinger.js', import.meta.url));
  const child = spawn(process.execPath, [script, socket, String(DEADLINE_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // 'close', not 'exit': by then its stdout has been read to the end.
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    async stop() {
      child.stdin.end();
      const stopped = await Promise.race([exited.then(() => true), sleep(DEADLINE_MS + 5_000).then(() => false)]);
      if (!stopped) {
        if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
        return { pings: [], failure: 'the pinger did not stop' };
      }
      return JSON.parse(out) as PingReport;
    },
  };
}

// ───────────────────────────── the campaign ─────────────────────────────

/** A deterministic shuffle (the seed's), so that kinds and listeners interleave. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const order = fc.sample(fc.array(fc.nat(), { minLength: items.length, maxLength: items.length }), { numRuns: 1, seed })[0]!;
  return items
    .map((item, i) => ({ item, key: order[i]! }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

interface Tally {
  sent: number;
  byStatusClass: Map<string, number>;
  closed: number;
  hangs: number;
  held: number;
}
const newTally = (): Tally => ({ sent: 0, byStatusClass: new Map(), closed: 0, hangs: 0, held: 0 });

function count(tally: Tally, outcome: Outcome): void {
  tally.sent++;
  if (outcome === 'closed') tally.closed++;
  else if (outcome === 'hang') tally.hangs++;
  else if (outcome === 'held') tally.held++;
  else {
    const key = outcome.status === 0 ? 'not HTTP' : `${Math.floor(outcome.status / 100)}xx`;
    tally.byStatusClass.set(key, (tally.byStatusClass.get(key) ?? 0) + 1);
  }
}

interface Flight {
  readonly group: string;
  readonly start: number;
  end: number;
}

interface CampaignResult {
  readonly byGroup: Map<string, Tally>;
  readonly byListener: Map<ListenerName, Tally>;
  readonly flights: Flight[];
  readonly hangExamples: string[];
  readonly fiveXxExamples: string[];
  /** A few of the cases closed without an answer, per listener. */
  readonly closedExamples: string[];
  /** The daemons' RSS (MiB) at each progress tick. */
  readonly rssDuring: { plain: number; tls: number }[];
  readonly notSent: number;
  readonly seconds: number;
}

/** A case as the report shows it: its long strings cut to their start and length. */
const describeCase = (c: FuzzCase): string =>
  JSON.stringify(c, (_, value: unknown) => (typeof value === 'string' && value.length > 40 ? `${value.slice(0, 16)}…(${value.length} chars)` : value));

async function runCampaign(
  cases: readonly FuzzCase[],
  routes: Readonly<Record<ListenerName, Route>>,
  pids: { plain: number; tls: number },
): Promise<CampaignResult> {
  const byGroup = new Map<string, Tally>();
  const byListener = new Map<ListenerName, Tally>(LISTENER_NAMES.map((name) => [name, newTally()]));
  const flights: Flight[] = [];
  const hangExamples: string[] = [];
  const fiveXxExamples: string[] = [];
  const closedExamples: string[] = [];
  const closedShown = new Map<ListenerName, number>();
  const rssDuring: { plain: number; tls: number }[] = [];
  const began = performance.now();
  const partial = cases.filter((c) => c.kind === 'raw' && c.spec.what === 'partial-request');
  const rest = cases.filter((c) => !(c.kind === 'raw' && c.spec.what === 'partial-request'));
  const restQueue = { cases: rest, next: 0 };
  const partialQueue = { cases: partial, next: 0 };
  let notSent = 0;
  /** Lanes share a queue by its cursor (an array's shift() is linear in its length). */
  const lane = async (queue: { readonly cases: readonly FuzzCase[]; next: number }): Promise<void> => {
    for (let c = queue.cases[queue.next++]; c !== undefined; c = queue.cases[queue.next++]) {
      if (performance.now() - began > TIME_LIMIT_MS) {
        notSent += queue.cases.length - queue.next + 1;
        queue.next = queue.cases.length;
        return;
      }
      const flight: Flight = { group: groupOf(c), start: performance.timeOrigin + performance.now(), end: 0 };
      flights.push(flight);
      const route = routes[c.listener];
      const outcome = c.kind === 'http' ? await sendHttp(route, c, DEADLINE_MS) : await sendRaw(route, c, DEADLINE_MS, HOLD_MS);
      flight.end = performance.timeOrigin + performance.now();
      const group = byGroup.get(flight.group) ?? newTally();
      byGroup.set(flight.group, group);
      count(group, outcome);
      count(byListener.get(c.listener)!, outcome);
      const shown = (): string => describeCase(c);
      if (outcome === 'hang' && hangExamples.length < 5) hangExamples.push(shown());
      if (outcome === 'closed' && (closedShown.get(c.listener) ?? 0) < 2) {
        closedShown.set(c.listener, (closedShown.get(c.listener) ?? 0) + 1);
        closedExamples.push(describeCase(c));
      }
      if (typeof outcome === 'object' && outcome.status >= 500 && fiveXxExamples.length < 5) fiveXxExamples.push(`${outcome.status}: ${shown()}`);
    }
  };
  const progress = setInterval(() => {
    const done = flights.filter((f) => f.end > 0).length;
    if (isRunning(pids.plain) && isRunning(pids.tls)) rssDuring.push({ plain: rssMiB(pids.plain), tls: rssMiB(pids.tls) });
    process.stdout.write(`  ${((performance.now() - began) / 1000).toFixed(0)} s: ${done} done\n`);
  }, 15_000);
  try {
    await Promise.all([...Array.from({ length: WORKERS }, () => lane(restQueue)), ...Array.from({ length: PARTIAL_WORKERS }, () => lane(partialQueue))]);
  } finally {
    clearInterval(progress);
  }
  return { byGroup, byListener, flights, hangExamples, fiveXxExamples, closedExamples, rssDuring, notSent, seconds: (performance.now() - began) / 1000 };
}

/** For each ping over the bound: the groups of the requests in flight while it waited (flights are in start order). */
function inFlightDuringSlowPings(pings: readonly [number, number][], flights: readonly Flight[]): { slow: number; groups: Map<string, number> } {
  const groups = new Map<string, number>();
  const slow = pings.filter(([, latency]) => latency > PING_BOUND_MS);
  /** The longest a request took: no flight that started earlier than this before a ping can overlap it. */
  const longest = flights.reduce((most, f) => Math.max(most, f.end - f.start), 0);
  for (const [due, latency] of slow) {
    let low = 0;
    let high = flights.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (flights[mid]!.start < due - longest) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < flights.length && flights[i]!.start < due + latency; i++)
      if (flights[i]!.end > due) groups.set(flights[i]!.group, (groups.get(flights[i]!.group) ?? 0) + 1);
  }
  return { slow: slow.length, groups };
}

// ───────────────────────────── report ─────────────────────────────

const cell = (tally: Tally, key: string): number => tally.byStatusClass.get(key) ?? 0;
const row = (name: string, t: Tally): string =>
  `| ${name} | ${t.sent} | ${cell(t, '2xx') + cell(t, '1xx') + cell(t, '3xx')} | ${cell(t, '4xx')} | ${cell(t, '5xx')} | ${cell(t, 'not HTTP')} | ${t.closed} | ${t.held} | **${t.hangs}** |`;

const GROUP_WORDS: Readonly<Record<string, string>> = {
  valid: 'valid requests (suites: served resources, version spellings; the runner: models, chat, embeddings)',
  invalid: 'invalid requests (unknown paths, wrong methods, malformed and out-of-range versions, bad query values, bad bodies)',
  robustness: 'api.robustness input: garbage bytes, requests cut by a hang-up, 1.1–1.3 MB headers',
  'host-header': 'api.http.host-header input: no, several or malformed Host',
  'request-line': 'malformed request lines (methods, targets up to 70 kB, versions, separators, line ends)',
  'bad-header': 'bad header lines (no colon, bad names, NUL/CR, conflicting lengths, TE, up to 2000 lines)',
  'truncated-body': 'bodies shorter than their Content-Length, then end of stream',
  'bad-chunked': 'invalid chunked encoding, then end of stream',
  'partial-request': `partial request heads held open ${HOLD_MS / 1000} s (slowloris-style)`,
};

/** What to undo, newest last: the daemons, the agents, the temporary directory. */
const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp(): Promise<void> {
  for (let undo = cleanups.pop(); undo !== undefined; undo = cleanups.pop()) {
    try {
      await undo();
    } catch (error) {
      process.stderr.write(`fuzz-campaign: clean-up: ${(error as Error).message}\n`);
    }
  }
}

for (const name of ['SIGINT', 'SIGTERM'] as const)
  process.once(name, () => {
    process.stderr.write(`\nfuzz-campaign: ${name}, stopping the daemons\n`);
    void cleanUp().then(() => process.exit(130));
  });

/** The campaign on the two daemons, the TLS one with `files` (the shared test certificates). */
async function campaign(files: TlsFiles): Promise<void> {
  try {
    const { material } = files;
    const tcpPort = await freePort();
    const tlsPort = files.port;
    const plain = await startDaemon('unix + tcp + runner', ['-H', `tcp://127.0.0.1:${tcpPort}`]);
    cleanups.push(() => plain.instance.stop());
    const tls = await startDaemon('tls', verifyingStart(files).args ?? []);
    cleanups.push(() => tls.instance.stop());
    // The control: a ctrd-sim no request of the campaign reaches, pinged the same way. Its slow pings are the machine's, not the campaign's.
    const control = await startDaemon('control', []);
    cleanups.push(() => control.instance.stop());
    const runner = plain.instance.endpoints.modelRunnerService;
    if (runner?.socket === undefined) throw new Error('ctrd-sim names no model runner');
    const endpoints: Record<ListenerName, Endpoint> = {
      unix: { kind: 'unix', path: plain.socket },
      tcp: { kind: 'tcp', host: '127.0.0.1', port: tcpPort },
      tls: {
        kind: 'tcp',
        host: '127.0.0.1',
        port: tlsPort,
        tls: { ca: material.ca.cert, cert: material.client.cert, key: material.client.key, servername: 'localhost' },
      },
      'runner-tcp': runner.tcp,
      'runner-socket': runner.socket,
    };
    const routes = Object.fromEntries(LISTENER_NAMES.map((name) => [name, routeTo(endpoints[name], 8)])) as Record<ListenerName, Route>;
    cleanups.push(() => {
      for (const route of Object.values(routes)) route.agent.destroy();
    });
    const created = await send(runner.tcp, routes['runner-tcp'].agent, 'POST', '/models/create', { from: MODEL }, DEADLINE_MS);
    if (created.status !== 200) throw new Error(`POST /models/create answered ${created.status}`);

    const cases = shuffled(campaignCases(COUNTS, SEED), SEED);
    process.stdout.write(`fuzz campaign: ${cases.length} cases (seed ${SEED}) on ${LISTENER_NAMES.join(', ')}\n`);
    await sleep(1_000);
    const before = { plain: snapshot(plain.pid), tls: snapshot(tls.pid) };
    const pingers = { plain: startPinger(plain.socket), tls: startPinger(tls.socket), control: startPinger(control.socket) };
    const cpuBefore = { bench: process.cpuUsage(), plain: cpuTicks(plain.pid) ?? 0, tls: cpuTicks(tls.pid) ?? 0 };
    const result = await runCampaign(cases, routes, { plain: plain.pid, tls: tls.pid });
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = {
      bench: (benchCpu.user + benchCpu.system) / 1e6,
      daemons: ((cpuTicks(plain.pid) ?? cpuBefore.plain) - cpuBefore.plain + (cpuTicks(tls.pid) ?? cpuBefore.tls) - cpuBefore.tls) / CLOCK_TICKS,
    };
    const pinged = { plain: await pingers.plain.stop(), tls: await pingers.tls.stop(), control: await pingers.control.stop() };
    for (const route of Object.values(routes)) route.agent.destroy();
    await sleep(SETTLE_MS);
    const alive = { plain: isRunning(plain.pid), tls: isRunning(tls.pid) };
    const after = { plain: alive.plain ? snapshot(plain.pid) : undefined, tls: alive.tls ? snapshot(tls.pid) : undefined };
    const fresh = new Map<string, number>();
    for (const [name, daemon] of [
      ['plain', plain],
      ['tls', tls],
    ] as const) {
      const reply = await send({ kind: 'unix', path: daemon.socket }, new Agent(), 'GET', '/_ping', undefined, DEADLINE_MS).catch(() => ({
        status: 0,
      }));
      fresh.set(name, reply.status);
    }

    const total = newTally();
    for (const tally of result.byGroup.values()) {
      total.sent += tally.sent;
      total.closed += tally.closed;
      total.hangs += tally.hangs;
      total.held += tally.held;
      for (const [key, n] of tally.byStatusClass) total.byStatusClass.set(key, (total.byStatusClass.get(key) ?? 0) + n);
    }
    const allPings = [...pinged.plain.pings, ...pinged.tls.pings];
    const latencies = allPings.map(([, latency]) => latency).sort((a, b) => a - b);
    const slow = inFlightDuringSlowPings(allPings, result.flights);
    const controlLatencies = pinged.control.pings.map(([, latency]) => latency).sort((a, b) => a - b);
    const controlSlow = controlLatencies.filter((latency) => latency > PING_BOUND_MS).length;
    const quarters = [1, 2, 3, 4].map((q) => result.rssDuring[Math.min(result.rssDuring.length - 1, Math.ceil((q * result.rssDuring.length) / 4) - 1)]);
    const rssPath = (name: 'plain' | 'tls'): string =>
      quarters.every((sample) => sample !== undefined) ? `; during, at each quarter: ${quarters.map((sample) => sample![name].toFixed(0)).join(', ')} MiB` : '';
    const crashes = (alive.plain ? 0 : 1) + (alive.tls ? 0 : 1);
    const describe = (name: 'plain' | 'tls'): string => {
      const b = before[name];
      const a = after[name];
      return a === undefined
        ? `ended (crash): RSS before ${b.rss.toFixed(0)} MiB, ${b.fds} fds`
        : `RSS ${b.rss.toFixed(0)} → ${a.rss.toFixed(0)} MiB${rssPath(name)}; open fds ${b.fds} → ${a.fds}`;
    };
    const lines = [
      '## 13. Fuzz campaign on every listener',
      '',
      `\`bench/fuzz-campaign.ts\`: ${total.sent} generated requests (seed ${SEED}; bench/fuzz-cases.ts) against ctrd-sim as two processes (the bundled binary), on every listener a ctrd-sim has: ` +
        `one with its unix socket, \`-H tcp://127.0.0.1:P\` and the model runner's TCP port (\`--model-runner-tcp 0\`; the runner also under the socket's prefix ${runner.socket.basePath ?? ''}), ` +
        `one with \`--tlsverify\` on TCP (client certificates of suites/listeners/certificates.ts; a daemon's -H all share one TLS setting). ` +
        `Well-formed requests go ${WORKERS} at a time on keep-alive connections (8 per listener); raw bytes each on a fresh connection (over TLS on the TLS listener); ` +
        `${PARTIAL_WORKERS} partial requests are held at once in a lane of their own. Each request has ${DEADLINE_MS / 1000} s to be answered or closed, else it is a hang; ` +
        `no request starts after ${TIME_LIMIT_MS / 1000} s (not sent: ${result.notSent}). Meanwhile a healthy client (a process of its own) sends GET /_ping every 10 ms on each daemon's unix socket on its own connection, and on a third ctrd-sim that no campaign request reaches (the control: what the machine alone delays). ` +
        `Memory and descriptors are read 1 s before and ${SETTLE_MS / 1000} s after (the campaign's connections closed). The machine: 2 cores shared with other work (load average ${loadavg()[0]!.toFixed(0)} at the end).`,
      '',
      '| what | requests | 1xx–3xx | 4xx | 5xx | not HTTP | closed, no answer | held to the end | hangs |',
      '|:--|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...[...result.byGroup].sort(([a], [b]) => a.localeCompare(b)).map(([group, tally]) => row(GROUP_WORDS[group] ?? group, tally)),
      row('**all**', total),
      '',
      '| listener | requests | 1xx–3xx | 4xx | 5xx | not HTTP | closed, no answer | held to the end | hangs |',
      '|:--|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...LISTENER_NAMES.map((name) => row(name, result.byListener.get(name)!)),
      '',
      '| figure | result | goal |',
      '|:--|:--|:--|',
      `| crashes (a daemon process ended) | **${crashes}** | 0 |`,
      `| hangs (no answer, no close within ${DEADLINE_MS / 1000} s) | **${total.hangs}** | 0 |`,
      `| healthy /_ping over ${PING_BOUND_MS} ms | **${slow.slow}** of ${latencies.length} (p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, worst ${latencies[latencies.length - 1]?.toFixed(1)} ms)${pinged.plain.failure === null && pinged.tls.failure === null ? '' : `; failed: ${[pinged.plain.failure, pinged.tls.failure].filter((f) => f !== null).join('; ')}`} | 0 |`,
      `| control: /_ping of a ctrd-sim no campaign request reaches, over ${PING_BOUND_MS} ms | ${controlSlow} of ${controlLatencies.length} (p50 ${percentile(controlLatencies, 50).toFixed(1)} ms, p99 ${percentile(controlLatencies, 99).toFixed(1)} ms, worst ${controlLatencies[controlLatencies.length - 1]?.toFixed(1)} ms)${pinged.control.failure === null ? '' : `; failed: ${pinged.control.failure}`} | the machine's own delays |`,
      `| daemon unix + tcp + runner | ${describe('plain')} | fds as before |`,
      `| daemon tls | ${describe('tls')} | fds as before |`,
      `| /_ping after the settle time | ${[...fresh].map(([name, status]) => `${name}: ${status}`).join(', ')} | 200 |`,
      `| duration | ${result.seconds.toFixed(0)} s (${(total.sent / result.seconds).toFixed(0)} requests/s); CPU: the campaign's process ${cpu.bench.toFixed(0)} s, the two daemons ${cpu.daemons.toFixed(0)} s (the pingers not counted) | under ~180 s |`,
      '',
      ...(slow.slow === 0
        ? []
        : [`Requests in flight while a ping waited over ${PING_BOUND_MS} ms, by kind: ${[...slow.groups].map(([g, n]) => `${g} ${n}`).join(', ')}.`, '']),
      ...(result.hangExamples.length === 0 ? [] : ['Hangs, first ones:', ...result.hangExamples.map((e) => `- \`${e}\``), '']),
      ...(result.closedExamples.length === 0
        ? []
        : [
            'Closed without an answer (a close is what api.robustness allows; the first two per listener):',
            ...result.closedExamples.map((e) => `- \`${e}\``),
            '',
          ]),
      ...(result.fiveXxExamples.length === 0 ? [] : ['5xx answers, first ones:', ...result.fiveXxExamples.map((e) => `- \`${e}\``), '']),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (WRITE && SCALE === 1) writeResultsSection(lines[0]!, lines);
    if (crashes > 0 || total.hangs > 0) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

await withTlsFiles(campaign);
