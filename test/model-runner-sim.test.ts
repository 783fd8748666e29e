import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { startSimProcess } from './helpers/sim-process.js';

/** What the catalogue cannot check on a shared machine: the default port, and the start's refusals. */

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

function get(socketOrPort: string | number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const where = typeof socketOrPort === 'string' ? { socketPath: socketOrPort } : { host: '127.0.0.1', port: socketOrPort };
    const req = request({ ...where, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const defaultPortFree = await portIsFree(12434);
t.test(
  "--model-runner listens on 127.0.0.1:12434, the enable command's default (mr.tcp.default-port)",
  { skip: defaultPortFree ? false : 'port 12434 is taken on this machine' },
  async (t) => {
    const dir = mkdtempSync('/tmp/ctc-mr-');
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const sim = startSimProcess(['-H', `unix://${join(dir, 'd.sock')}`, '--model-runner']);
    t.teardown(() => sim.kill());
    await sim.waitFor(/completed initialization/);
    t.match(sim.output(), /Model runner listen on tcp:\/\/127\.0\.0\.1:12434/);
    t.same(await get(12434, '/models'), { status: 200, body: '[]\n' }, 'the runner answers there');
    t.same(await get(join(dir, 'd.sock'), '/exp/vENG4.40/models'), { status: 200, body: '[]\n' }, 'and under the prefix on the daemon socket');
    t.equal((await get(join(dir, 'd.sock'), '/_ping')).status, 200, 'the daemon API beside it');
  },
);

t.test('a taken port stops the start with a clear error', async (t) => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  t.teardown(() => holder.close());
  const port = (holder.address() as { port: number }).port;
  const dir = mkdtempSync('/tmp/ctc-mr-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const sim = startSimProcess(['-H', `unix://${join(dir, 'd.sock')}`, '--model-runner-tcp', String(port)]);
  t.teardown(() => sim.kill());
  t.equal(await sim.exited, 1, 'exit status 1');
  t.match(sim.output(), `model runner: listen tcp 127.0.0.1:${port}: bind: address already in use`);
});

t.test('--model-runner-tcp takes a port number only', async (t) => {
  const sim = startSimProcess(['--model-runner-tcp', 'x']);
  t.teardown(() => sim.kill());
  t.not(await sim.exited, 0, 'a usage error');
  t.match(sim.output(), 'invalid argument "x" for "--model-runner-tcp" flag');
});
