import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { parseArgv, resolveConfig, startSimulator } from '../simulator/index.js';
import { CALL_TIMEOUT_MS } from '../simulator/authz/plugin-client.js';
import { simDirFlags } from './helpers/in-process-sim.js';

/**
 * A plugin that trickles its answer (a byte now and then, head or body) must not hold requests:
 * ctrd-sim gives a plugin's whole answer a deadline (30 s, --plugin-timeout-ms here), then refuses
 * the request with 500 and Go's words for an http.Client Timeout.
 */

type Phase = 'head' | 'body';

/** A plugin on `<dir>/<name>.sock`: activates at once, then trickles each authorization answer a byte every `everyMs`. */
function tricklingPlugin(socket: string, phase: () => Phase, everyMs: number): Promise<Server> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const text = JSON.stringify(req.url === '/Plugin.Activate' ? { Implements: ['authz'] } : { Allow: true });
      if (req.url === '/Plugin.Activate') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
      const raw = phase() === 'head' ? `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\n\r\n${text}` : text;
      if (phase() === 'body') res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': text.length }).flushHeaders();
      let at = 0;
      const timer = setInterval(() => {
        if (at >= raw.length || res.destroyed) return clearInterval(timer);
        const byte = raw[at++]!;
        if (phase() === 'head') res.socket?.write(byte);
        else res.write(byte);
      }, everyMs);
      timers.add(timer);
    });
  });
  server.on('close', () => timers.forEach(clearInterval));
  return new Promise((resolve) => server.listen(socket, () => resolve(server)));
}

function get(socket: string, path: string): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path, headers: { Host: 'ctrd' }, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer in 20 s: the trickling plugin holds the request`)));
    req.on('error', reject);
    req.end();
  });
}

t.test("the deadline of a plugin's answer is 30 s unless --plugin-timeout-ms", async (t) => {
  t.equal(CALL_TIMEOUT_MS, 30_000);
  t.equal(resolveConfig(parseArgv([]), { env: {}, readFile: () => null }).pluginTimeoutMs, 30_000);
  t.equal(resolveConfig(parseArgv(['--plugin-timeout-ms', '700']), { env: {}, readFile: () => null }).pluginTimeoutMs, 700);
});

t.test('a plugin that trickles its answer gets the request refused with 500 at the deadline', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-trickle-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  let phase: Phase = 'head';
  const plugin = await tricklingPlugin(join(dir, 'slow.sock'), () => phase, 100);
  t.teardown(() => new Promise<void>((done) => plugin.close(() => done())));
  plugin.on('connection', (socket) => t.teardown(() => socket.destroy()));
  const socket = join(dir, 's.sock');
  const deadline = 800;
  const flags = parseArgv([
    '--brand',
    'docker',
    ...simDirFlags(dir),
    '--plugin-dir',
    dir,
    '--authorization-plugin',
    'slow',
    '--plugin-timeout-ms',
    String(deadline),
  ]);
  const sim = await startSimulator(resolveConfig(flags, { env: {}, readFile: () => null }));
  t.teardown(() => sim.close());
  const url = 'http://plugin.moby.localhost/AuthZPlugin.AuthZReq';
  await fc.assert(
    fc.asyncProperty(fc.constantFrom<Phase>('head', 'body'), fc.constantFrom('/_ping', '/version', '/v1.45/info'), async (which, path) => {
      phase = which;
      const reply = await get(socket, path);
      const words =
        which === 'head'
          ? `Post "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`
          : 'context deadline exceeded (Client.Timeout or context cancellation while reading body)';
      t.equal(reply.status, 500, `${which}: GET ${path} is refused`);
      t.same(JSON.parse(reply.body), { message: `plugin slow failed with error: ${words}` }, `${which}: in dockerd's words`);
      t.ok(reply.ms >= deadline - 50 && reply.ms < deadline + 3000, `${which}: at the deadline (${reply.ms} ms)`);
    }),
    {
      numRuns: 4,
      seed: 7,
      examples: [
        ['head', '/_ping'],
        ['body', '/_ping'],
      ],
    },
  );
});
