import fc from 'fast-check';
import t, { type Test } from 'tap';
import { HttpClient } from '../../suites/http/client.js';
import { parseEndpoint } from '../../suites/http/endpoint.js';
import { addsTimeNamespaces } from '../../suites/targets/process/time-namespaces.js';
import { SpawnedDaemonTarget } from '../../suites/targets/spawned-daemon.js';
import { startInProcessSim } from './in-process-sim.js';
import { inCI, installedDaemon, realDaemons } from './real-daemons.js';
import { replayParameters } from './replay.js';

/** One request as the tests of answers write it: a content type and a body only when given. */
export interface Ask {
  readonly method: string;
  readonly path: string;
  readonly type?: string;
  readonly body?: string;
}

/** The request in one line, for a failure's message. */
export const askText = (a: Ask): string =>
  `${a.method} ${a.path}${a.type === undefined ? '' : ` [${a.type}]`}${a.body === undefined ? '' : ` ${JSON.stringify(a.body)}`}`;

/** A JSON body with its type. */
export const json = (body: string): Pick<Ask, 'type' | 'body'> => ({ type: 'application/json', body });

/** One request sent as asked (10 s at most). */
export const sendAsk = (client: HttpClient, ask: Ask): ReturnType<HttpClient['request']> =>
  client.request(ask.method, ask.path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 10_000,
  });

/** The status and the message (a JSON error's, else the text; a JSON answer that is no error, as it is) of one answer. */
export async function statusAndMessage(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const reply = await sendAsk(client, ask);
  try {
    const parsed = JSON.parse(reply.body) as { message?: unknown };
    return [reply.status, typeof parsed?.message === 'string' ? parsed.message : reply.body.trim()];
  } catch {
    return [reply.status, reply.body.trim()];
  }
}

/**
 * `text` with each side's own values (IDs the request named, which differ between the sides) put
 * back as their placeholders, longest first, where they stand as a word. One pass: a placeholder
 * put in (`{ctc-created:4}`) is not searched again, so a one-character value (`4`) cannot be
 * found inside it.
 */
export function withPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  const entries = Object.entries(values)
    .filter(([, value]) => value !== '')
    .sort(([, a], [, b]) => b.length - a.length);
  if (entries.length === 0) return text;
  const keyOf = new Map<string, string>();
  for (const [key, value] of entries) if (!keyOf.has(value)) keyOf.set(value, key);
  const alternatives = [...keyOf.keys()].map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(`(?<![0-9a-z])(?:${alternatives.join('|')})(?![0-9a-z])`, 'g'), (value) => keyOf.get(value) ?? value);
}

/** A reply's status and message with the side's values named by their placeholders (withPlaceholders). */
export async function statusAndNamedMessage(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, withPlaceholders(message, values)];
}

/** A client of ctrd-sim in this process emulating `release` as observed, under the docker brand (with `args`), closed at the test's end. */
export async function simClient(t: Test, prefix: string, release: string, args: readonly string[] = []): Promise<HttpClient> {
  // --as-observed: the release's known deviations are facts of the real daemon these answers are compared with.
  const socket = (await startInProcessSim(t, prefix, ['--emulate', release, '--as-observed', '--brand', 'docker', ...args])).socket;
  const client = new HttpClient(parseEndpoint(`unix://${socket}`, false));
  t.teardown(() => client.close());
  return client;
}

/**
 * Observed answers, checked on ctrd-sim emulating each release (after `setup`, where given, made
 * what the rows read): `v26`, `v28` and `v29` are '=' where the release answered as the one before
 * it. `v29` (29.7.2) is checked only where a row gives it.
 */
export type Observed = readonly (readonly [
  ask: Ask,
  v20: readonly [number, string],
  v26: readonly [number, string] | '=',
  v28: readonly [number, string] | '=',
  v29?: readonly [number, string] | '=',
])[];

export function checkObserved(
  what: string,
  prefix: string,
  observed: Observed,
  read: (client: HttpClient, ask: Ask) => Promise<readonly [number, string]> = statusAndMessage,
  simArgs: readonly string[] = [],
  setup?: (client: HttpClient) => Promise<void>,
): void {
  t.test(what, async (t) => {
    const with29 = observed.some((row) => row[4] !== undefined);
    for (const release of with29 ? (['20.10', '26.1', '28.5', '29.7'] as const) : (['20.10', '26.1', '28.5'] as const)) {
      const client = await simClient(t, prefix, release, simArgs);
      await setup?.(client);
      for (const [request, v20, v26, v28, v29] of observed) {
        const on26 = v26 === '=' ? v20 : v26;
        const on28 = v28 === '=' ? on26 : v28;
        if (release === '29.7' && v29 === undefined) continue;
        const expected = release === '20.10' ? v20 : release === '26.1' ? on26 : release === '28.5' ? on28 : v29 === '=' ? on28 : v29;
        t.same(await read(client, request), expected, `${release}: ${askText(request)}`);
      }
    }
  });
}

/** What a comparison may add: objects made on each side first, and how an answer is read. */
export interface AgainstRealOptions {
  /** Run once on each side before the requests; its placeholders (`{name}` → value) are put into each side's paths. */
  readonly setup?: (client: HttpClient) => Promise<Readonly<Record<string, string>>>;
  /** What of an answer is compared (default: its status and message); `values`: the side's values of the placeholders the request holds. */
  readonly read?: (client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>) => Promise<unknown>;
  /** ctrd-sim's further flags, to configure it as the real daemons are started (`--ip-forward=false`). */
  readonly simArgs?: readonly string[];
  /** Flags both sides start with (`--experimental`). */
  readonly daemonArgs?: readonly string[];
  /**
   * Start each real daemon in a private network namespace with only loopback (the requests may
   * lead it to reach for a registry: the attempt then fails there, and nothing leaves the machine).
   */
  readonly isolated?: boolean;
}

/** `text` with every `{placeholder}` of `values` put in, raw and URL-encoded. */
const filledIn = (text: string, values: Readonly<Record<string, string>>): string =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(key, value).replaceAll(encodeURIComponent(key), encodeURIComponent(value)), text);

/**
 * For every provisioned real release: its dockerd started (the suites' safety flags) and ctrd-sim
 * emulating it; `numRuns` generated requests answered alike by both (status and message, or what
 * `options.read` takes). In CI the real daemons are required; elsewhere their absence is a skip
 * that says why.
 */
export function checkAgainstRealReleases(what: string, prefix: string, requests: fc.Arbitrary<Ask>, numRuns: number, options: AgainstRealOptions = {}): void {
  const real = realDaemons();
  if (real.missing !== null && inCI()) t.fail(`the real daemons are required in CI: ${real.missing}`);
  else if (real.missing !== null) t.test(what, { skip: `no real daemons: ${real.missing}` }, async () => {});
  else for (const daemon of real.daemons) checkAgainstRelease(what, prefix, daemon, requests, numRuns, options);
}

/** checkAgainstRealReleases, and 29.7.2 too (installed, not listed: real-daemons.ts installedDaemon). */
export function checkAgainstObservedReleases(
  what: string,
  prefix: string,
  requests: fc.Arbitrary<Ask>,
  numRuns: number,
  options: AgainstRealOptions = {},
): void {
  checkAgainstRealReleases(what, prefix, requests, numRuns, options);
  const v29 = installedDaemon('29.7');
  if ('daemon' in v29) checkAgainstRelease(what, prefix, v29.daemon, requests, numRuns, options);
  else if (inCI()) t.fail(`real daemons are required in CI: ${v29.missing}`);
  else t.test(`${what}: dockerd 29.7`, { skip: v29.missing }, async () => {});
}

/** checkAgainstRealReleases against one release's daemon (one that is installed but not listed, 29.7). */
export function checkAgainstRelease(
  what: string,
  prefix: string,
  daemon: { readonly release: string; readonly path: string },
  requests: fc.Arbitrary<Ask>,
  numRuns: number,
  options: AgainstRealOptions = {},
): void {
  const read = options.read ?? statusAndMessage;
  t.test(`${what}: ctrd-sim --emulate ${daemon.release} and dockerd ${daemon.release}`, async (t) => {
    const [realClient, sim] = await startPair(t, prefix, daemon, options);
    const [realValues, simValues] = await Promise.all([options.setup?.(realClient) ?? {}, options.setup?.(sim) ?? {}]);
    const on = (a: Ask, values: Readonly<Record<string, string>>): Ask => ({ ...a, path: filledIn(a.path, values) });
    const usedBy = (a: Ask, values: Readonly<Record<string, string>>): Record<string, string> =>
      Object.fromEntries(Object.entries(values).filter(([key]) => a.path.includes(key) || a.path.includes(encodeURIComponent(key))));
    // The requests before a disagreement made the state it happened in: the failure shows the last few.
    const earlier: string[] = [];
    await fc.assert(
      fc.asyncProperty(requests, async (a) => {
        const [fromReal, fromSim] = await Promise.all([
          read(realClient, on(a, realValues), usedBy(a, realValues)),
          read(sim, on(a, simValues), usedBy(a, simValues)),
        ]);
        const answer = JSON.stringify(fromReal);
        if (answer !== JSON.stringify(fromSim))
          throw new Error(
            `${askText(a)}\n  dockerd ${daemon.release}: ${answer}\n  ctrd-sim: ${JSON.stringify(fromSim)}\n  after (oldest first):\n${earlier.join('\n')}`,
          );
        earlier.push(`    ${askText(a)} => ${answer.length > 120 ? `${answer.slice(0, 120)}…` : answer}`);
        if (earlier.length > 8) earlier.shift();
      }),
      // No shrinking: each request changes both daemons, so a shrunk request would meet another state than the one that failed.
      { numRuns, endOnFailure: true, ...replayParameters() },
    );
  });
}

/** How a pair is started: AgainstRealOptions', whether the real daemon runs containers, and flags both sides start with. */
type PairOptions = Pick<AgainstRealOptions, 'isolated' | 'simArgs' | 'daemonArgs'> & {
  readonly runsContainers?: boolean;
  /** With `isolated`: the namespace's links beside loopback (as ctrd-sim's simulated host has them: networks/parent-link-network.ts). */
  readonly links?: readonly string[];
};

/** The release's dockerd started (the suites' safety flags; `isolated`: in a private network namespace) and ctrd-sim emulating it; both stopped at the test's end. */
async function startPair(
  t: Test,
  prefix: string,
  daemon: { readonly release: string; readonly path: string },
  options: PairOptions,
): Promise<[real: HttpClient, sim: HttpClient]> {
  // A start in a namespace is a request of its own, which keeps 29.7's time namespaces: a daemon that runs containers here turns them off.
  const timeNamespacesOff = options.runsContainers === true && (await addsTimeNamespaces([daemon.path]));
  // A start without a request of its own gets what this machine needs (time namespaces off for 29.7).
  const asked = options.isolated === true || options.daemonArgs !== undefined;
  const outcome = await new SpawnedDaemonTarget({ spec: `daemon:${daemon.path}`, command: [daemon.path] }).start(
    asked
      ? {
          ...(options.daemonArgs === undefined ? {} : { args: options.daemonArgs }),
          ...(options.isolated === true ? { netns: { addresses: [], links: options.links ?? [] } } : {}),
          ...(timeNamespacesOff ? { config: { features: { 'time-namespaces': false } } } : {}),
        }
      : undefined,
  );
  if (!outcome.ok) throw new Error(`dockerd ${daemon.release} did not start: ${outcome.output}`);
  t.teardown(() => outcome.instance.stop());
  const realClient = new HttpClient(outcome.instance.endpoint);
  t.teardown(() => realClient.close());
  return [realClient, await simClient(t, prefix, daemon.release, [...(options.simArgs ?? []), ...(options.daemonArgs ?? [])])];
}

/**
 * `body` once per observed release (20.10, 26.1, 28.5 provisioned, 29.7 installed) with that
 * release's dockerd and ctrd-sim emulating it, for comparisons that are more than one request at a
 * time. In CI the real daemons are required; elsewhere their absence is a skip that says why.
 */
export function withObservedReleases(
  what: string,
  prefix: string,
  options: PairOptions,
  body: (t: Test, release: string, real: HttpClient, sim: HttpClient) => Promise<void>,
): void {
  for (const daemon of observedDaemons(what))
    t.test(`${what}: ctrd-sim --emulate ${daemon.release} and dockerd ${daemon.release}`, async (t) => {
      const [realClient, sim] = await startPair(t, prefix, daemon, options);
      await body(t, daemon.release, realClient, sim);
    });
}

/**
 * The observed releases' daemons (20.10, 26.1, 28.5 provisioned, 29.7 installed). In CI a missing
 * one is a failure; elsewhere a skipped test of `what` that says why.
 */
export function observedDaemons(what: string): readonly { readonly release: string; readonly path: string }[] {
  const real = realDaemons();
  const v29 = installedDaemon('29.7');
  const missing = [real.missing, 'missing' in v29 ? v29.missing : null].filter((why) => why !== null);
  if (missing.length > 0 && inCI()) t.fail(`the real daemons are required in CI: ${missing.join('; ')}`);
  else if (missing.length > 0) t.test(`${what}: the releases not installed`, { skip: missing.join('; ') }, async () => {});
  return [...real.daemons, ...('daemon' in v29 ? [v29.daemon] : [])];
}

/**
 * Generated runs of requests sent to a real daemon and ctrd-sim alike, each run after `cleanUp` on
 * both, each request answered alike (what `read` takes of it). The daemons keep what earlier runs
 * left, so a run is not shrunk, and a disagreement shows every step since the daemons started.
 * `examples`: runs tried first, within `numRuns`.
 */
export async function assertRunsAlike(
  release: string,
  [real, sim]: readonly [HttpClient, HttpClient],
  runs: fc.Arbitrary<Ask[]>,
  read: (client: HttpClient, ask: Ask) => Promise<unknown>,
  cleanUp: (client: HttpClient) => Promise<void>,
  numRuns: number,
  examples: readonly Ask[][] = [],
): Promise<void> {
  const history: string[] = [];
  await fc.assert(
    fc.asyncProperty(fc.noShrink(runs), async (steps) => {
      await Promise.all([cleanUp(real), cleanUp(sim)]);
      history.push('    (the names removed)');
      for (const step of steps) {
        const [fromReal, fromSim] = await Promise.all([read(real, step), read(sim, step)]);
        const answer = JSON.stringify(fromReal);
        if (answer !== JSON.stringify(fromSim))
          throw new Error(`${askText(step)}\n  dockerd ${release}: ${answer}\n  ctrd-sim: ${JSON.stringify(fromSim)}\n  after:\n${history.join('\n')}`);
        history.push(`    ${askText(step)} => ${answer.length > 160 ? `${answer.slice(0, 160)}…` : answer}`);
      }
    }),
    { numRuns, examples: examples.map((run) => [run]), ...replayParameters() },
  );
}
