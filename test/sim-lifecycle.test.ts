import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { startSimProcess } from './helpers/sim-process.js';
import { send } from './helpers/unix-send.js';

/**
 * ctrd-sim's stop, wait and logs of a container that runs nothing, against what 20.10.24, 26.1.5
 * and 28.5.2 answered for a busybox container on the network none (2026-11-27): the stopped
 * process dies of the stop signal (128 + its number), a wait ends when its condition holds, logs
 * are empty with the release's Content-Type; and images are found by every spelling of their name.
 */

const RELEASES = ['20.10', '26.1', '28.5'] as const;
type Release = (typeof RELEASES)[number];
const recent = (release: Release): boolean => release !== '20.10';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Pending {
  /** The status line and headers, as soon as they come. */
  readonly head: Promise<{ status: number; headers: IncomingHttpHeaders }>;
  /** The whole answer, rejecting after `deadlineMs`. */
  readonly done: Promise<Answer>;
  /** Whether the answer has ended. */
  ended(): boolean;
  abort(): void;
}

/** One request over the socket whose answer may take a while; every one has a deadline. */
function open(socket: string, method: string, path: string, body?: Buffer, deadlineMs = 10_000): Pending {
  let ended = false;
  let resolveHead: (head: { status: number; headers: IncomingHttpHeaders }) => void = () => {};
  const head = new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve) => (resolveHead = resolve));
  const req = request({ socketPath: socket, method, path, headers: body === undefined ? {} : { 'Content-Type': 'application/x-tar' }, agent: false });
  const done = new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${path}: no answer in ${deadlineMs} ms`)), deadlineMs);
    req.on('response', (res) => {
      resolveHead({ status: res.statusCode ?? 0, headers: res.headers });
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        ended = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  done.catch(() => {});
  req.end(body);
  return { head, done, ended: () => ended, abort: () => req.destroy() };
}

const call = (socket: string, method: string, path: string, body?: Buffer): Promise<Answer> => open(socket, method, path, body).done;
const message = (answer: Answer): unknown => (JSON.parse(answer.body) as { message?: unknown }).message;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** ctrd-sim emulating `release` as a process, with the suites' base image imported; its socket. */
async function simulator(t: { teardown(fn: () => unknown): void }, release: Release): Promise<string> {
  const dir = mkdtempSync('/tmp/ctc-lifecycle-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const socket = join(dir, 'd.sock');
  const sim = startSimProcess(['--emulate', release, '--brand', 'docker', '-H', `unix://${socket}`]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  const imported = await call(socket, 'POST', '/images/create?fromSrc=-&repo=ctc-base/busybox&tag=1', await baseTarball());
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.body}`);
  return socket;
}

async function create(socket: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = Buffer.from(
    JSON.stringify({ Image: 'ctc-base/busybox:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: 'none' }, ...extra }),
  );
  return (JSON.parse((await send(socket, 'POST', '/containers/create', body, 'application/json')).body) as { Id: string }).Id;
}

/** The wait body of a release: 20.10 writes Error null. */
const waitBody = (release: Release, code: number): string => `${JSON.stringify(recent(release) ? { StatusCode: code } : { Error: null, StatusCode: code })}\n`;

/** A request that should still be waiting: no end within a short while. */
async function stillWaiting(pending: Pending): Promise<boolean> {
  await pause(150);
  return !pending.ended();
}

for (const release of RELEASES) {
  t.test(`${release}: stop, wait and logs of a container through its life`, async (t) => {
    const socket = await simulator(t, release);
    t.same(
      [(await call(socket, 'POST', '/containers/nope/stop')).status, message(await call(socket, 'POST', '/containers/nope/stop'))],
      [404, 'No such container: nope'],
    );
    const atoi = await call(socket, 'POST', '/containers/nope/stop?t=abc');
    t.same([atoi.status, message(atoi)], [500, 'strconv.Atoi: parsing "abc": invalid syntax'], 'a t that is no integer is a 500 before the lookup');
    t.equal((await call(socket, 'POST', '/containers/nope/wait')).status, 404);
    const noStream = await call(socket, 'GET', '/containers/nope/logs');
    t.same([noStream.status, message(noStream)], [400, 'Bad parameters: you must choose at least one stream'], 'logs without a stream: 400 before the lookup');

    const id = await create(socket);
    t.equal((await call(socket, 'POST', `/containers/${id}/stop`)).status, 304, 'a created container is not stopped: 304');
    const neverStarted = await call(socket, 'POST', `/containers/${id}/wait`);
    t.same(
      [neverStarted.status, neverStarted.headers['transfer-encoding'], neverStarted.body],
      [200, 'chunked', waitBody(release, 0)],
      'not-running holds at once: 0',
    );
    const old = await call(socket, 'POST', `/v1.29/containers/${id}/wait?condition=next-exit`);
    t.same(
      [old.headers['content-length'], old.body],
      [String(waitBody(release, 0).length), waitBody(release, 0)],
      'below 1.30 the condition is ignored and the answer has a length',
    );
    const logs = await call(socket, 'GET', `/containers/${id}/logs?stdout=1&stderr=1`);
    t.same(
      [logs.status, logs.headers['content-type'], logs.headers['transfer-encoding'], logs.body],
      [200, recent(release) ? 'application/vnd.docker.multiplexed-stream' : undefined, 'chunked', ''],
      'logs: empty, chunked, multiplexed from 23.0 (no Content-Type on 20.10)',
    );
    const oldLogs = await call(socket, 'GET', `/v1.40/containers/${id}/logs?stdout=1`);
    t.equal(oldLogs.headers['content-type'], recent(release) ? 'application/vnd.docker.raw-stream' : undefined, 'below 1.42 the logs are typed raw');
    const since = await call(socket, 'GET', `/containers/${id}/logs?stdout=1&since=abc`);
    t.same([since.status, message(since)], [500, 'strconv.ParseInt: parsing "abc": invalid syntax']);

    const nextExit = open(socket, 'POST', `/containers/${id}/wait?condition=next-exit`);
    const removed = open(socket, 'POST', `/containers/${id}/wait?condition=removed`);
    t.equal((await call(socket, 'POST', `/containers/${id}/start`)).status, 204);
    const notRunning = open(socket, 'POST', `/containers/${id}/wait?condition=not-running`);
    const follow = open(socket, 'GET', `/containers/${id}/logs?stdout=1&follow=1&timestamps=1&tail=10`);
    t.equal((await notRunning.head).status, 200, 'the wait sends its head at once');
    t.equal((await follow.head).status, 200, 'so does a followed log');
    t.ok(await stillWaiting(notRunning), 'not-running waits while the container runs');
    t.ok(await stillWaiting(follow), 'follow holds while it runs');
    t.equal((await call(socket, 'GET', `/containers/${id}/logs?stdout=1`)).body, '', 'logs without follow end at once');

    const mark = Math.floor(Date.now() / 1000) - 1;
    t.equal((await call(socket, 'POST', `/containers/${id}/stop?t=1`)).status, 204, 'a running container stops: 204');
    for (const pending of [notRunning, nextExit]) t.equal((await pending.done).body, waitBody(release, 143), 'the waits end with 128 + SIGTERM');
    t.equal((await follow.done).body, '', 'and the followed log ends, empty');
    t.ok(await stillWaiting(removed), 'removed still waits');
    const events = await call(
      socket,
      'GET',
      `/events?since=${mark}&until=${Math.floor(Date.now() / 1000) + 1}&filters=${encodeURIComponent(JSON.stringify({ container: [id] }))}`,
    );
    const actions = events.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { Action: string; Actor: { Attributes: Record<string, string> } })
      .filter((event) => ['kill', 'die', 'stop'].includes(event.Action))
      .map((event) => `${event.Action}${event.Actor.Attributes['signal'] ?? ''}${event.Actor.Attributes['exitCode'] ?? ''}`);
    t.same(actions, recent(release) ? ['kill15', 'stop', 'die143'] : ['kill15', 'die143', 'stop'], 'the events in the order the release wrote them');
    const inspect = JSON.parse((await call(socket, 'GET', `/containers/${id}/json`)).body) as { State: { Status: string; ExitCode: number } };
    t.same([inspect.State.Status, inspect.State.ExitCode], ['exited', 143]);
    t.equal((await call(socket, 'POST', `/containers/${id}/stop`)).status, 304, 'stopped again: 304');
    const again = open(socket, 'POST', `/containers/${id}/wait?condition=next-exit`);
    t.ok(await stillWaiting(again), 'next-exit on an exited container waits for the next exit');
    t.equal((await call(socket, 'DELETE', `/containers/${id}`)).status, 204);
    t.equal((await removed.done).body, waitBody(release, 143), 'removed ends at the removal with the last exit code');
    t.equal((await again.done).status, 200, 'a removal ends every wait');
  });
}

t.test('stop takes the signal param from API 1.42 (20.10 and older API versions ignore it)', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const id = await create(socket);
    for (const [path, code] of [
      ['/v1.41', 143],
      ['', recent(release) ? 137 : 143],
    ] as const) {
      await call(socket, 'POST', `/containers/${id}/start`);
      t.equal((await call(socket, 'POST', `${path}/containers/${id}/stop?signal=SIGKILL`)).status, 204);
      t.equal((await call(socket, 'POST', `/containers/${id}/wait`)).body, waitBody(release, code), `${release}${path}: exit ${code}`);
    }
    const stopSignal = await create(socket, { StopSignal: 'SIGINT' });
    await call(socket, 'POST', `/containers/${stopSignal}/start`);
    await call(socket, 'POST', `/containers/${stopSignal}/stop`);
    t.equal((await call(socket, 'POST', `/containers/${stopSignal}/wait`)).body, waitBody(release, 130), `${release}: the container's StopSignal`);
  }
});

const SIGNALS = ['SIGTERM', 'TERM', 'SIGKILL', 'KILL', '9', 'SIGINT', 'HUP', 'sigusr1'] as const;
const NUMBERS: Readonly<Record<string, number>> = { TERM: 15, KILL: 9, '9': 9, INT: 2, HUP: 1, USR1: 10 };
const numberOf = (signal: string): number => NUMBERS[signal.toUpperCase().replace(/^SIG/, '')]!;

t.test('property: a stop of a container in any state, with any signal and t', async (t) => {
  const sockets = new Map<Release, string>();
  for (const release of RELEASES) sockets.set(release, await simulator(t, release));
  // No Linux signal's name starts with Q and has five letters or more.
  const junkSignal = fc.stringMatching(/^(SIG)?Q[A-Z]{4,7}$/);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...RELEASES),
      fc.constantFrom('created', 'running', 'exited'),
      fc.option(fc.oneof(fc.constantFrom(...SIGNALS), junkSignal), { nil: undefined }),
      fc.option(fc.oneof(fc.integer({ min: -1, max: 30 }).map(String), fc.stringMatching(/^[a-z]{1,4}$/)), { nil: undefined }),
      async (release, state, signal, timeout) => {
        const socket = sockets.get(release)!;
        const id = await create(socket);
        if (state !== 'created') await call(socket, 'POST', `/containers/${id}/start`);
        if (state === 'exited') await call(socket, 'POST', `/containers/${id}/kill`);
        const query = new URLSearchParams({ ...(signal === undefined ? {} : { signal }), ...(timeout === undefined ? {} : { t: timeout }) });
        const answer = await call(socket, 'POST', `/containers/${id}/stop?${query}`);
        const after = JSON.parse((await call(socket, 'GET', `/containers/${id}/json`)).body) as { State: { Status: string; ExitCode: number } };
        await call(socket, 'DELETE', `/containers/${id}?force=1`);
        if (timeout !== undefined && !/^-?\d+$/.test(timeout))
          return answer.status === 500 && message(answer) === `strconv.Atoi: parsing "${timeout}": invalid syntax`;
        if (state !== 'running') return answer.status === 304 && after.State.Status === state;
        const honoured = recent(release) && signal !== undefined;
        if (honoured && !SIGNALS.includes(signal as (typeof SIGNALS)[number]))
          return answer.status === 500 && message(answer) === `cannot stop container: ${id}: invalid signal: ${signal}` && after.State.Status === 'running';
        return answer.status === 204 && after.State.Status === 'exited' && after.State.ExitCode === 128 + (honoured ? numberOf(signal) : 15);
      },
    ),
    { numRuns: 150, seed: 20261127 },
  );
  t.pass('every stop answered as the releases do');
});

t.test('property: a wait of a created container with any condition', async (t) => {
  const sockets = new Map<Release, string>();
  for (const release of RELEASES) sockets.set(release, await simulator(t, release));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...RELEASES),
      fc.oneof(fc.constantFrom('', 'not-running', 'next-exit', 'removed'), fc.stringMatching(/^[a-z-]{1,12}$/)),
      async (release, condition) => {
        const socket = sockets.get(release)!;
        const id = await create(socket);
        const pending = open(socket, 'POST', `/containers/${id}/wait?condition=${encodeURIComponent(condition)}`);
        const known = ['', 'not-running', 'next-exit', 'removed'].includes(condition);
        const waits = condition === 'next-exit' || condition === 'removed';
        const waiting = await stillWaiting(pending);
        await call(socket, 'DELETE', `/containers/${id}?force=1`);
        const answer = await pending.done;
        if (waits) return waiting && answer.status === 200 && answer.body === waitBody(release, 0);
        if (!known && recent(release)) return answer.status === 400 && message(answer) === `invalid condition: "${condition}"`;
        return !waiting && answer.status === 200 && answer.body === waitBody(release, 0);
      },
    ),
    { numRuns: 60, seed: 20261127 },
  );
  t.pass('every condition answered as the releases do');
});

t.test('property: logs with any since: seconds[.nanoseconds] or a 500 in Go words', async (t) => {
  const socket = await simulator(t, '28.5');
  const id = await create(socket);
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.stringMatching(/^\d{1,10}(\.\d{1,9})?$/), fc.stringMatching(/^[a-z0-9.:-]{1,12}$/)), async (since) => {
      const answer = await call(socket, 'GET', `/containers/${id}/logs?stdout=1&since=${encodeURIComponent(since)}`);
      const [seconds = '', nanos] = since.split(/\.(.*)/s);
      const bad = [seconds, ...(nanos === undefined ? [] : [nanos])].find((part) => !/^[+-]?\d+$/.test(part));
      return bad === undefined
        ? answer.status === 200 && answer.body === ''
        : answer.status === 500 && message(answer) === `strconv.ParseInt: parsing "${bad}": invalid syntax`;
    }),
    { numRuns: 100, seed: 20261127 },
  );
  t.pass();
});

t.test('a client that goes ends its wait and its followed log; the container serves on', async (t) => {
  const socket = await simulator(t, '28.5');
  const id = await create(socket);
  await call(socket, 'POST', `/containers/${id}/start`);
  for (let i = 0; i < 20; i++) {
    const wait = open(socket, 'POST', `/containers/${id}/wait`);
    const follow = open(socket, 'GET', `/containers/${id}/logs?stdout=1&follow=1`);
    await Promise.all([wait.head, follow.head]);
    wait.abort();
    follow.abort();
  }
  t.equal((await call(socket, 'POST', `/containers/${id}/stop`)).status, 204, 'a stop after the clients went');
  t.equal((await call(socket, 'GET', '/_ping')).status, 200);
});

t.test('an image is found by every spelling of its name; tags are shown familiar', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    t.equal((await call(socket, 'POST', '/images/ctc-base/busybox:1/tag?repo=docker.io/other/name&tag=x')).status, 201);
    t.equal((await call(socket, 'POST', '/images/ctc-base/busybox:1/tag?repo=library/bb&tag=2')).status, 201);
    for (const name of ['other/name:x', 'docker.io/other/name:x', 'index.docker.io/other/name:x', 'bb:2', 'library/bb:2', 'docker.io/library/bb:2']) {
      const inspect = await call(socket, 'GET', `/images/${name}/json`);
      t.equal(inspect.status, 200, `${release}: ${name}`);
      if (inspect.status === 200)
        t.same(((JSON.parse(inspect.body) as { RepoTags: string[] }).RepoTags ?? []).slice().sort(), ['bb:2', 'ctc-base/busybox:1', 'other/name:x']);
    }
    t.same(JSON.parse((await call(socket, 'DELETE', '/images/docker.io/other/name:x')).body), [{ Untagged: 'other/name:x' }]);
    t.same(JSON.parse((await call(socket, 'DELETE', '/images/library/bb:2')).body), [{ Untagged: 'bb:2' }]);
    const gone = await call(socket, 'GET', '/images/docker.io/library/bb:2/json');
    t.same([gone.status, message(gone)], [404, release === '20.10' ? 'no such image: docker.io/library/bb:2: No such image: bb:2' : 'No such image: bb:2']);
  }
});

t.test("property: a query flag reads as moby's BoolValue (all of GET /containers/json, observed on 20.10.24, 26.1.5, 28.5.2)", async (t) => {
  const socket = await simulator(t, '28.5');
  await create(socket);
  const listed = async (all: string): Promise<number> =>
    (JSON.parse((await call(socket, 'GET', `/containers/json?all=${encodeURIComponent(all)}`)).body) as unknown[]).length;
  const falsy = ['', '0', 'no', 'false', 'none'];
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.constantFrom('1', 'true', 'True', 'TRUE', 'yes', 'on', 'x', ' 1', ...falsy, 'FALSE', ' No ', 'NONE'), fc.string({ maxLength: 6 })),
      async (all) => (await listed(all)) === (falsy.includes(all.trim().toLowerCase()) ? 0 : 1),
    ),
    { numRuns: 40 },
  );
});
