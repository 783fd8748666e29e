import { mkdtempSync, rmSync } from 'node:fs';
import t from 'tap';
import { sharedTlsMaterial, tlsVerifyFlags, writeTlsFiles } from '../suites/listeners/certificates.js';
import { freePort } from '../suites/listeners/ports.js';
import { rawExchange } from '../suites/http/raw-exchange.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * A refused request head over TLS gets its refusal before the close, however long the head. Found
 * by the fuzz campaign (bench/fuzz-campaign.ts): node reports a bad head again for each TLS record
 * that follows (a record holds 16 KiB), and the second report used to destroy the socket while the
 * first refusal was still being written, so a client saw a close without an answer.
 */

t.test('a bad method in a head of 100 B to 70 kB over TLS: Go’s 400, then the close', async (t) => {
  const material = await sharedTlsMaterial();
  const dir = mkdtempSync('/tmp/ctc-tls-ce-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeTlsFiles(dir, { ca: material.ca.cert, ...material.server });
  const port = await freePort();
  const sim = startSimProcess([...tlsVerifyFlags(dir), '-H', `tcp://127.0.0.1:${port}`]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/API listen on/, 20_000);
  const endpoint = {
    kind: 'tcp' as const,
    host: '127.0.0.1',
    port,
    tls: { ca: material.ca.cert, cert: material.client.cert, key: material.client.key, servername: 'localhost' },
  };
  for (const size of [100, 16_000, 17_000, 30_000, 70_000]) {
    const answer = await rawExchange(endpoint, `GET\0 /${'a'.repeat(size)} HTTP/1.1\r\nHost: ctrd\r\n\r\n`, { timeoutMs: 10_000 });
    t.match(answer.received, /^HTTP\/1\.1 400 Bad Request\r\n/, `a ${size}-byte target: the 400`);
    t.ok(answer.closed, `a ${size}-byte target: then the close`);
  }
});
