import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';
import { ustar } from './helpers/ustar.js';

/**
 * POST /images/load of what is no image archive (simulator/engine/images/load.ts): each observed
 * release and ctrd-sim emulating it get the same generated bodies (bytes that are no tar, a tar cut
 * short, zero blocks, a tar of files that are neither an OCI index nor a Docker manifest) and answer
 * with the same stream: 200, then the error in the release's words and field order (sorted from
 * 29.0), containerd's store's "unrecognized image format", the graph driver's missing
 * `repositories` (its temporary directory is each side's own).
 */

const TAR = 'application/x-tar';

const files = fc.array(fc.record({ name: fc.constantFrom('a', 'b.json', 'repositories.txt', 'blobs/x', 'dir/'), content: fc.constantFrom('', 'x', '{}') }), {
  minLength: 1,
  maxLength: 3,
});

const bodies: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom('', 'not a tar at all', '{}').map((text) => Buffer.from(text)),
  fc.integer({ min: 1, max: 4 }).map((blocks) => Buffer.alloc(512 * blocks)),
  files.map((entries) =>
    ustar(entries.map(({ name, content }) => (name.endsWith('/') ? { name, type: 'directory' as const } : { name, type: 'file' as const, content }))),
  ),
  files.map((entries) => ustar(entries.map(({ name, content }) => ({ name: name.replace(/\/$/, ''), type: 'file' as const, content }))).subarray(0, 700)),
);

const requests: fc.Arbitrary<Ask> = fc
  .record({ body: bodies, quiet: fc.boolean() })
  .map(({ body, quiet }) => ({ method: 'POST', path: `/images/load${quiet ? '?quiet=1' : ''}`, type: TAR, body: body.toString('latin1') }));

/** Status, type and the stream, the graph driver's temporary directory masked. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, {
    headers: { 'Content-Type': TAR },
    body: Buffer.from(ask.body ?? '', 'latin1'),
    timeoutMs: 30_000,
  });
  return [reply.status, reply.headers['content-type'] ?? null, reply.body.replace(/\/\S*?docker-import-\d+/g, '<tmp>')];
}

checkAgainstObservedReleases('loads of what is no image archive', 'ctc-load-errors-', requests, 30, { read });
