import fc from 'fast-check';
import t, { type Test } from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { installed, startDaemon } from './helpers/observe-claims.js';
import { inCI } from './helpers/real-daemons.js';
import { simClient } from './helpers/real-versus-sim.js';

/**
 * The answers of POST /images/create (an import) and POST /images/load are moby's JSON message
 * streams: 200, chunked (no Content-Length), each message followed by "\r\n", as 20.10.24, 26.1.5
 * and 28.5.2 answer (observed 2026-12-05; a client that reads the stream line by line, such as the
 * Python SDK's multi-image load, needs it). A save and a load keep an imported image's ID and its
 * history ("Imported from -" or the import's message), and a loaded image's ID through a second
 * save and load. ctrd-sim emulating each release is checked
 * against what the real release answers for generated tags and messages.
 */

const RELEASES = ['20.10', '26.1', '28.5'] as const;

/** What a client sees of the streams and the round trip, with the side's own IDs and times left out. */
async function roundTrip(client: HttpClient, tags: readonly string[], message: string | null): Promise<unknown> {
  const query = `fromSrc=-&repo=ctc-rt&tag=${tags[0]}${message === null ? '' : `&message=${encodeURIComponent(message)}`}`;
  const imported = await client.request('POST', `/images/create?${query}`, {
    headers: { 'Content-Type': 'application/x-tar' },
    body: await baseTarball(),
    timeoutMs: 30_000,
  });
  const frame = (reply: { status: number; headers: Readonly<Record<string, string>>; body: string }): unknown => ({
    status: reply.status,
    chunked: reply.headers['transfer-encoding'] === 'chunked',
    length: reply.headers['content-length'] ?? null,
    body: reply.body.replace(/sha256:[0-9a-f]{64}/g, 'sha256:<id>'),
  });
  for (const tag of tags.slice(1)) await client.request('POST', `/images/ctc-rt:${tags[0]}/tag?repo=ctc-rt&tag=${tag}`, { timeoutMs: 10_000 });
  const before = JSON.parse((await client.request('GET', `/images/ctc-rt:${tags[0]}/json`, { timeoutMs: 10_000 })).body) as { Id: string };
  const history = async (): Promise<unknown> =>
    (
      JSON.parse((await client.request('GET', `/images/ctc-rt:${tags[0]}/history`, { timeoutMs: 10_000 })).body) as {
        Comment: string;
        CreatedBy: string;
        Tags: string[] | null;
      }[]
    ).map((step) => ({ Comment: step.Comment, CreatedBy: step.CreatedBy, Tags: step.Tags === null ? null : [...step.Tags].sort() }));
  const historyBefore = await history();
  const saved = await client.stream('GET', `/images/get?${tags.map((tag) => `names=ctc-rt:${tag}`).join('&')}`, { maxBodyBytes: 1 << 26, timeoutMs: 30_000 });
  const parts: Buffer[] = [];
  for await (const chunk of saved.chunks()) parts.push(chunk);
  await client.request('DELETE', `/images/${before.Id}?force=1`, { timeoutMs: 10_000, cleanup: true });
  const loaded = await client.request('POST', '/images/load', {
    headers: { 'Content-Type': 'application/x-tar' },
    body: Buffer.concat(parts),
    timeoutMs: 30_000,
  });
  const after = JSON.parse((await client.request('GET', `/images/ctc-rt:${tags[0]}/json`, { timeoutMs: 10_000 })).body) as { Id: string };
  const historyAfter = await history();
  // Once more: the loaded image saved and loaded again keeps its ID too.
  const again = await client.stream('GET', `/images/get?names=ctc-rt:${tags[0]}`, { maxBodyBytes: 1 << 26, timeoutMs: 30_000 });
  const againParts: Buffer[] = [];
  for await (const chunk of again.chunks()) againParts.push(chunk);
  await client.request('DELETE', `/images/${after.Id}?force=1`, { timeoutMs: 10_000, cleanup: true });
  await client.request('POST', '/images/load', { headers: { 'Content-Type': 'application/x-tar' }, body: Buffer.concat(againParts), timeoutMs: 30_000 });
  const reloaded = JSON.parse((await client.request('GET', `/images/ctc-rt:${tags[0]}/json`, { timeoutMs: 10_000 })).body) as { Id: string };
  await client.request('DELETE', `/images/${reloaded.Id}?force=1`, { timeoutMs: 10_000, cleanup: true });
  return {
    imported: frame(imported),
    loaded: frame(loaded),
    sameId: before.Id === after.Id,
    sameIdAgain: after.Id === reloaded.Id,
    historyBefore,
    historyAfter,
  };
}

const tagSets = fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,8}$/), { minLength: 1, maxLength: 3 });
const messages = fc.option(fc.stringMatching(/^[A-Za-z0-9 ._-]{1,20}$/), { nil: null });

async function check(t: Test, release: string, real: HttpClient): Promise<void> {
  const sim = await simClient(t, 'ctc-imgstream-', release);
  await fc.assert(
    fc.asyncProperty(tagSets, messages, async (tags, message) => {
      const seen = await roundTrip(real, tags, message);
      t.same(await roundTrip(sim, tags, message), seen, `tags ${JSON.stringify(tags)}, message ${JSON.stringify(message)}`);
      return true;
    }),
    { numRuns: 6, seed: Number(process.env['CTC_SEED'] ?? 20261205), endOnFailure: true },
  );
}

t.test('ctrd-sim emulating each release answers import and load as a stream, and keeps an image through a save and a load', async (t) => {
  t.equal(
    JSON.stringify(await roundTrip(await simClient(t, 'ctc-imgstream-', '28.5'), ['one', 'two'], null)).includes('"chunked":true'),
    true,
    'the simulator alone: the streams are chunked',
  );
  for (const release of RELEASES) {
    const found = installed(release);
    if ('missing' in found) {
      if (inCI()) t.fail(`real daemons are required in CI: ${found.missing}`);
      else t.comment(`dockerd ${release} not compared: ${found.missing}`);
      continue;
    }
    await t.test(`dockerd ${release}`, async (t) => {
      const started = await startDaemon(t, found.daemon);
      if (!started.ok) return void t.fail(`dockerd ${release} did not start: ${started.output}`);
      await check(t, release, started.started.client);
    });
  }
});
