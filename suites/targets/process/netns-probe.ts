// Run inside a daemon's network namespace (nsenter): one GET, its answer as JSON on stdout.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { NetnsProbe, NetnsReply } from '../types.js';

const probe = JSON.parse(process.argv[2] ?? '{}') as NetnsProbe;
const answer = (reply: NetnsReply): void => {
  process.stdout.write(JSON.stringify(reply));
  process.exit(0);
};
const options = { host: probe.host, port: probe.port, path: probe.path, method: 'GET', timeout: 5_000, headers: { Host: 'localhost' } };
const req = probe.tls === undefined ? httpRequest(options) : httpsRequest({ ...options, ...probe.tls, servername: probe.tls.servername ?? 'localhost' });
req.on('response', (res) => {
  let body = '';
  res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  res.on('end', () => answer({ status: res.statusCode ?? null, body: body.slice(0, 2000) }));
});
req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
req.on('error', (error: NodeJS.ErrnoException) => answer({ status: null, body: '', error: `${error.code ?? ''} ${error.message}`.trim() }));
req.end();
