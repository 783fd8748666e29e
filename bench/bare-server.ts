/**
 * The throughput ceiling: a bare node:http server that answers every request with `OK`.
 *
 * It takes the same command line as a daemon so that the benchmark can start and stop it with
 * SpawnedDaemonTarget like the others: it listens on the `-H unix://PATH` socket, writes its PID to
 * `--pidfile` (the benchmark reads the server's CPU time through it) and ignores every other flag
 * (--data-root, --bridge, …). `--help` prints a line and exits (the target asks for it to choose
 * its safety flags).
 *
 * `--ping-headers` (benchmark-only flag) answers with the exact header list ctrd-sim sends on
 * `GET /_ping` instead of node's defaults: node:http's cost of those headers, without ctrd-sim's
 * routing, so the benchmark can tell the handler's cost from the headers' cost.
 *
 * `--canned FILE` (benchmark-only flag): the model runner's ceiling. FILE is JSON `{ chat, stream,
 * models }`: the bodies ctrd-sim gave; `GET /models` answers `models`, a POST whose body asks for a
 * stream answers `stream` (text/event-stream), any other POST `chat`. With `-H tcp://127.0.0.1:PORT`
 * it listens there instead of on a unix socket.
 *
 * `--reload-info` (benchmark-only flag): the reload ceiling. On SIGHUP it reads `--config-file`
 * (JSON) and from then on answers `GET /info` with the reloadable fields the benchmark compares,
 * built from it: no validation, no merge, no daemon.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('bare-server: node:http answering OK on -H unix://PATH; other daemon flags are ignored\n');
  process.exit(0);
}
const flagValue = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
};
const host = flagValue('-H');
const tcp = /^tcp:\/\/127\.0\.0\.1:(\d+)$/.exec(host ?? '');
if (host === undefined || (!host.startsWith('unix://') && tcp === null)) {
  process.stderr.write('bare-server: expected -H unix://PATH or -H tcp://127.0.0.1:PORT\n');
  process.exit(2);
}

let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
  res.end('OK');
};
if (args.includes('--ping-headers')) {
  const { buildResponseKit, parseArgv, resolveConfig } = await import('../simulator/index.js');
  const headers = [...buildResponseKit(resolveConfig(parseArgv([]), { env: {}, readFile: () => null })).bare.pingGet];
  handler = (_req, res) => {
    res.writeHead(200, headers);
    res.end('OK');
  };
}

const canned = flagValue('--canned');
if (canned !== undefined) {
  const bodies = JSON.parse(readFileSync(canned, 'utf8')) as { chat: string; stream: string; models: string };
  handler = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(bodies.models);
      } else if (Buffer.concat(chunks).toString().includes('"stream":true')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(bodies.stream);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(bodies.chat);
      }
    });
  };
}

if (args.includes('--reload-info')) {
  const configFile = flagValue('--config-file');
  const infoOf = (doc: Record<string, unknown>): string =>
    JSON.stringify({
      Labels: doc['labels'] ?? [],
      LiveRestoreEnabled: doc['live-restore'] === true,
      Debug: doc['debug'] === true,
      Runtimes: { runc: { path: 'runc' }, ...((doc['runtimes'] as object | undefined) ?? {}) },
      DefaultRuntime: doc['default-runtime'] ?? 'runc',
      RegistryConfig: { Mirrors: doc['registry-mirrors'] ?? [] },
    });
  const read = (): string => infoOf(configFile === undefined ? {} : (JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>));
  let info = read();
  process.on('SIGHUP', () => {
    info = read();
    process.stderr.write('level=info msg="Reloaded configuration"\n');
  });
  handler = (req, res) => {
    if (req.url === '/info') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(info);
    } else res.end('OK');
  };
}

const pidfile = flagValue('--pidfile');
if (pidfile !== undefined) writeFileSync(pidfile, String(process.pid));
const server = createServer(handler);
// As ctrd-sim's model runner listener: a kept-alive connection is never closed for idling.
if (canned !== undefined) server.keepAliveTimeout = 0;
if (tcp === null) server.listen(host.slice('unix://'.length));
else server.listen(Number(tcp[1]), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
