import type { Test } from 'tap';
import { HttpClient } from '../suites/http/client.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { testOnInstalled } from './helpers/real-daemons.js';
import { DOCKERD_OBSERVED } from './helpers/reading-claims.js';
import { simClient } from './helpers/real-versus-sim.js';

/**
 * A start through networks it cannot join beside others (containers/container-networks.ts
 * startNetworks). moby goes through a container's networks in Go's map order (before 28.0 the
 * default bridge first), so the answer may differ run to run: which network refuses, whether the
 * missing bridge disabled the network before that, the cleanup's disconnect events (from 28.1).
 * The table holds every pair of answers (a first start, then a second; the same with restarts) that
 * can come, read off 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06, six runs of each scenario);
 * each real release is checked against it again, then ctrd-sim emulating it, several runs each.
 */

type Scenario = readonly string[];

/** The container's network keys: c1, c2 configuration-only; gN made, connected, then removed; -bridge leaves the default out. */
const SCENARIOS: Readonly<Record<string, Scenario>> = {
  A: ['bridge', 'c1'],
  B: ['bridge', 'c1', 'c2'],
  C: ['c1', 'c2'],
  D: ['c1', 'gone'],
  E: ['bridge', 'gone'],
  F: ['gone', 'gone'],
  G: ['c1'],
};

const CO = 'cannot create endpoint on configuration-only network';
const NF = 'network <gone> not found';
const SETUP = 'failed to set up container networking: ';
const pair = (first: string, second: string): string => `${first} | ${second}`;

type Op = 'start' | 'restart';
type Table = Readonly<Record<string, readonly string[]>>;

/**
 * The pairs of answers each scenario may give to `op`. A restart's failing start is its error: 500
 * "Cannot restart container <name>: …" (observed on 26.1.5 and 28.5.2). Before 28.0 the default
 * bridge comes first (NetworkDisabled set, the start going on), and no event; from 28.1 every key in
 * map order, the words prefixed, a disconnect for each network the daemon has.
 */
function allowedFor(release: string, op: Op): Table {
  /** One answer: status, message (the container <c>, networks removed <gone>), NetworkDisabled after it, its network events (sorted). */
  const s = (status: number, message: string, disabled: boolean, events: readonly string[] = []): string =>
    op === 'restart' && status !== 204
      ? `500 Cannot restart container <c>: ${message} ${disabled} [${events.join(' ')}]`
      : `${status} ${message} ${disabled} [${events.join(' ')}]`;
  const ok = s(204, '', true);
  if (release === '20.10' || release === '26.1')
    return {
      A: [pair(s(403, CO, true), ok)],
      B: [pair(s(403, CO, true), ok)],
      C: [pair(s(403, CO, false), s(403, CO, false))],
      D: [s(403, CO, false), s(404, NF, false)].flatMap((a) => [s(403, CO, false), s(404, NF, false)].map((b) => pair(a, b))),
      E: [pair(s(404, NF, true), ok)],
      F: [pair(s(404, NF, false), s(404, NF, false))],
      G: [pair(s(403, CO, false), s(403, CO, false))],
    };
  const co = (disabled: boolean, events: readonly string[]): string => s(403, SETUP + CO, disabled, events);
  const nf = (disabled: boolean, events: readonly string[]): string => s(404, SETUP + NF, disabled, events);
  const c1 = ['disconnect:c1'];
  const both = ['disconnect:c1', 'disconnect:c2'];
  /** The bridge came first (disabled: the next start runs) or after the refusal (the next start may go either way). */
  const bridged = (refusal: (disabled: boolean, events: readonly string[]) => string, events: readonly string[]): string[] => [
    pair(refusal(true, events), ok),
    pair(refusal(false, events), refusal(true, events)),
    pair(refusal(false, events), refusal(false, events)),
  ];
  return {
    A: bridged(co, c1),
    B: bridged(co, both),
    C: [pair(co(false, both), co(false, both))],
    D: [co(false, c1), nf(false, c1)].flatMap((a) => [co(false, c1), nf(false, c1)].map((b) => pair(a, b))),
    E: bridged(nf, []),
    F: [pair(nf(false, []), nf(false, []))],
    G: [pair(co(false, c1), co(false, c1))],
  };
}

let made = 0;

/** One run of a scenario on a fresh container: its two starts' answers, the container then removed. */
async function runScenario(client: HttpClient, keys: Scenario, op: Op): Promise<string> {
  const name = `ctc-so-${++made}`;
  const created = JSON.parse(
    await sendOk(client, 'POST', `/containers/create?name=${name}`, JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '100'] })),
  ) as { Id: string };
  const gone: string[] = [];
  for (const key of keys.filter((k) => k !== 'bridge')) {
    const network = key === 'gone' ? `ctc-so-g${made}-${gone.length}` : key;
    if (key === 'gone') {
      gone.push(network);
      await sendOk(client, 'POST', '/networks/create', JSON.stringify({ Name: network, ConfigOnly: true }));
    }
    await sendOk(client, 'POST', `/networks/${network}/connect`, JSON.stringify({ Container: name }));
  }
  if (!keys.includes('bridge')) await sendOk(client, 'POST', '/networks/bridge/disconnect', JSON.stringify({ Container: name }));
  for (const network of gone) await sendOk(client, 'DELETE', `/networks/${network}`);
  let seen = 0;
  const startOnce = async (): Promise<string> => {
    const reply = await client.request('POST', `/containers/${name}/${op}`, { timeoutMs: 30_000 });
    const message = reply.body === '' ? '' : ((JSON.parse(reply.body) as { message: string }).message ?? '');
    const inspect = JSON.parse(await sendOk(client, 'GET', `/containers/${name}/json`)) as { Config: { NetworkDisabled?: boolean } };
    // A container filter keeps container events only: the network events are told by their container attribute.
    const filters = encodeURIComponent(JSON.stringify({ type: ['network'] }));
    // Until a few milliseconds ahead: ctrd-sim's event times hold the sub-millisecond part of the clock.
    const events = (await sendOk(client, 'GET', `/events?since=0&until=${((Date.now() + 5) / 1000).toFixed(3)}&filters=${filters}`))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { Action: string; Actor: { Attributes: { name: string; container?: string } } })
      .filter((event) => event.Actor.Attributes.container === created.Id)
      .map((event) => `${event.Action}:${event.Actor.Attributes.name}`);
    const fresh = events.slice(seen).sort();
    seen = events.length;
    const named = gone.reduce((text, network) => text.replaceAll(network, '<gone>'), message.replaceAll(name, '<c>'));
    return `${reply.status} ${named} ${inspect.Config.NetworkDisabled ?? false} [${fresh.join(' ')}]`;
  };
  const answers = pair(await startOnce(), await startOnce());
  await sendOk(client, 'DELETE', `/containers/${name}?force=1`);
  return answers;
}

async function setup(client: HttpClient): Promise<void> {
  await importBusybox(client);
  await sendOk(client, 'POST', '/networks/create', JSON.stringify({ Name: 'c1', ConfigOnly: true, IPAM: { Config: [{ Subnet: '10.99.0.0/24' }] } }));
  await sendOk(client, 'POST', '/networks/create', JSON.stringify({ Name: 'c2', ConfigOnly: true, IPAM: { Config: [{ Subnet: '10.98.0.0/24' }] } }));
}

async function checkRuns(t: Test, client: HttpClient, release: string, runs: number, who: string): Promise<void> {
  await setup(client);
  for (const op of ['start', 'restart'] as const) {
    const allowed = allowedFor(release, op);
    for (const [scenario, keys] of Object.entries(SCENARIOS))
      for (let run = 0; run < runs; run++) {
        const answers = await runScenario(client, keys, op);
        t.ok(allowed[scenario]!.includes(answers), `${who}, ${op}, scenario ${scenario} (${keys.join(', ')}), run ${run + 1}: ${answers}`);
      }
  }
}

for (const release of DOCKERD_OBSERVED) {
  testOnInstalled(release, `starts through networks in map order: dockerd ${release} and ctrd-sim --emulate ${release}`, async (t, daemon) => {
    const outcome = await new SpawnedDaemonTarget({ spec: `daemon:${daemon.path}`, command: [daemon.path] }).start();
    if (!outcome.ok) throw new Error(`dockerd ${release} did not start: ${outcome.output}`);
    t.teardown(() => outcome.instance.stop());
    const real = new HttpClient(outcome.instance.endpoint);
    t.teardown(() => real.close());
    await checkRuns(t, real, release, 2, `dockerd ${release}`);
    await checkRuns(t, await simClient(t, 'ctc-so-', release), release, 6, `ctrd-sim --emulate ${release}`);
  });
}
