import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Docker from 'dockerode';
import t from 'tap';
import WebSocket from 'ws';
import { HttpClient } from '../suites/http/client.js';
import { parseEndpoint } from '../suites/http/endpoint.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { inCI } from './helpers/real-daemons.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * POST /containers/{name}/attach of ctrd-sim through real clients: the docker CLI (28.2) attaches
 * to a running container and returns once it stops; dockerode reads a created container's logs
 * through an attach, and a hijacked stream that ends when the container is killed. GET
 * /containers/{name}/attach/ws through the ws package's client: a TTY's detach keys end it with a
 * normal close, a running container's ends when it is killed, and a missing one is refused.
 */

async function startSim(t: { teardown(fn: () => unknown): void }): Promise<{ socket: string; home: string; client: HttpClient }> {
  const home = mkdtempSync('/tmp/ctc-attach-clients-');
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const socket = join(home, 'd.sock');
  const sim = startSimProcess(['--emulate', '28.5', '-H', `unix://${socket}`, '--data-root', join(home, 'root'), '--pidfile', join(home, 'pid')]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  const client = new HttpClient(parseEndpoint(`unix://${socket}`, false));
  t.teardown(() => client.close());
  await importBusybox(client);
  return { socket, home, client };
}

if (dockerCliMissing !== null && inCI()) t.fail(`the docker CLI is required in CI: ${dockerCliMissing}`);
t.test('docker attach to a running container returns when it stops', { skip: dockerCliMissing ?? false }, async (t) => {
  const { socket, home, client } = await startSim(t);
  await sleeper(client, 'runs');
  await sendOk(client, 'POST', '/containers/runs/start');
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, DOCKER_CONFIG: join(home, '.docker'), DOCKER_HOST: `unix://${socket}` };
  const cli = spawn(DOCKER, ['attach', '--no-stdin', 'runs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => cli.kill('SIGKILL'));
  let stderr = '';
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
  const early = await Promise.race([exited.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('attached'), 1_000))]);
  t.equal(early, 'attached', `the CLI stays attached while the container runs (${stderr.trim()})`);
  await sendOk(client, 'POST', '/containers/runs/stop?t=0');
  const deadline = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000));
  const code = await Promise.race([exited, deadline]);
  const state = JSON.parse(await sendOk(client, 'GET', '/containers/runs/json')) as { State: { ExitCode: number } };
  t.equal(code, state.State.ExitCode, `the CLI returns with the container's exit code once it stops (${stderr.trim()})`);
});

t.test('dockerode: logs through an attach, and a stream that ends with the container', async (t) => {
  const { socket, client } = await startSim(t);
  const docker = new Docker({ socketPath: socket });
  await sleeper(client, 'made');
  const logs = (await docker.getContainer('made').attach({ logs: true, stream: false, stdout: true, stderr: true })) as NodeJS.ReadableStream;
  const bytes = await new Promise<number>((resolve, reject) => {
    let size = 0;
    logs.on('data', (chunk: Buffer) => (size += chunk.length));
    logs.on('end', () => resolve(size));
    logs.on('error', reject);
  });
  t.equal(bytes, 0, 'a container that never ran printed nothing, and the attach ends');

  await sendOk(client, 'POST', '/containers/made/start');
  const stream = (await docker.getContainer('made').attach({ stream: true, stdout: true, stderr: true, hijack: true })) as NodeJS.ReadableStream;
  const ended = new Promise<string>((resolve) => {
    stream.on('end', () => resolve('ended'));
    stream.on('close', () => resolve('ended'));
    stream.on('error', (error: Error) => resolve(`error: ${error.message}`));
    stream.resume();
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await docker.getContainer('made').kill();
  const outcome = await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000))]);
  t.equal(outcome, 'ended', 'the attached stream ends when the container is killed');
  const missing = await docker
    .getContainer('ctc-missing')
    .attach({ stream: false, stdout: true })
    .then(
      () => 'attached',
      (error: { statusCode?: number }) => error.statusCode,
    );
  t.equal(missing, 404, 'a container that does not exist is a 404 to the client');
});

/** What a ws client saw of an attach: opened or refused (the status), and how it closed, within 10 s. */
function wsAttach(
  socket: string,
  path: string,
  onOpen: (ws: WebSocket) => void = () => undefined,
): Promise<{ opened: boolean; status?: number; close?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws+unix://${socket}:${path}`);
    let opened = false;
    const timer = setTimeout(() => {
      ws.terminate();
      resolve({ opened });
    }, 10_000);
    ws.on('open', () => {
      opened = true;
      onOpen(ws);
    });
    ws.on('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      resolve({ opened, status: response.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ opened, close: code });
    });
    ws.on('error', () => undefined);
  });
}

t.test('ws: a TTY detaches at ctrl-p ctrl-q, a running container ends the attach when killed, a missing one is a 404', async (t) => {
  const { socket, client } = await startSim(t);
  await sleeper(client, 'tty', { Tty: true, OpenStdin: true });
  const detached = await wsAttach(socket, '/containers/tty/attach/ws?stream=1&stdin=1&stdout=1', (ws) => ws.send(Buffer.from([0x10, 0x11])));
  t.same(detached, { opened: true, close: 1000 }, 'the detach keys end the attach with a normal close');
  const events = await sendOk(
    client,
    'GET',
    `/events?since=0&until=${Math.ceil(Date.now() / 1000) + 1}&filters=${encodeURIComponent('{"event":["attach","detach"]}')}`,
  );
  t.same(
    events
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { Action: string }).Action),
    ['attach', 'detach'],
    'an attach event, then a detach event',
  );

  await sleeper(client, 'runs');
  await sendOk(client, 'POST', '/containers/runs/start');
  const killed = await wsAttach(socket, '/containers/runs/attach/ws?stream=1&stdout=1', () => {
    setTimeout(() => void sendOk(client, 'POST', '/containers/runs/kill'), 300);
  });
  t.same(killed, { opened: true, close: 1000 }, "the attach ends with the container's run");
  t.same(await wsAttach(socket, '/containers/ctc-missing/attach/ws'), { opened: false, status: 404 });
});
