import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases } from './helpers/real-versus-sim.js';

/**
 * A committed image saved, removed and loaded again keeps its ID, which is the digest of the config
 * document the save writes (simulator/engine/objects/images.ts configDocumentOf); its history keeps
 * its steps, but the parent's is no longer an image of the daemon: `<missing>`, without tags.
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06); each real release and ctrd-sim
 * emulating it are compared on generated commit comments and changes.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  return {};
}

interface HistoryStep {
  Comment: string;
  CreatedBy: string;
  Id: string;
  Size: number;
  Tags: string[] | null;
}

/** The commit the request's path describes, then its save, removal and load: the answers, and the history before and after (the steps' times left out, IDs named). */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const name = `ctc-cs${Math.floor(Math.random() * 1e9)}`;
  await sendOk(
    client,
    'POST',
    `/containers/create?name=${name}`,
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } }),
  );
  const committed = await client.request('POST', ask.path.replace('{container}', name), {
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    timeoutMs: 30_000,
  });
  if (committed.status !== 201) return [committed.status, committed.body];
  const id = (JSON.parse(committed.body) as { Id: string }).Id;
  const base = (JSON.parse((await client.request('GET', '/images/ctc-img:1/json', { timeoutMs: 10_000 })).body) as { Id: string }).Id;
  const history = async (): Promise<unknown> =>
    (JSON.parse((await client.request('GET', `/images/${id}/history`, { timeoutMs: 10_000 })).body) as HistoryStep[]).map((step) => ({
      Comment: step.Comment,
      CreatedBy: step.CreatedBy,
      Id: step.Id === id ? '<commit>' : step.Id === base ? '<base>' : step.Id,
      Size: step.Size,
      Tags: step.Tags,
    }));
  const before = await history();
  const saved = await client.stream('GET', `/images/${id}/get`, { maxBodyBytes: 1 << 26, timeoutMs: 30_000 });
  const parts: Buffer[] = [];
  for await (const chunk of saved.chunks()) parts.push(chunk);
  await client.request('DELETE', `/containers/${name}`, { timeoutMs: 10_000 });
  const removed = await client.request('DELETE', `/images/${id}?force=1`, { timeoutMs: 10_000 });
  const loaded = await client.request('POST', '/images/load', {
    headers: { 'Content-Type': 'application/x-tar' },
    body: Buffer.concat(parts),
    timeoutMs: 30_000,
  });
  const found = await client.request('GET', `/images/${id}/json`, { timeoutMs: 10_000 });
  return [removed.status, loaded.status, found.status, before, await history()];
}

const request: fc.Arbitrary<Ask> = fc
  .tuple(fc.constantFrom('', 'hi', 'a b'), fc.constantFrom('', 'ENV A=1', 'CMD ["x"]', 'LABEL k=v'))
  .map(([comment, change]) => ({
    method: 'POST',
    path: `/commit?container={container}&comment=${encodeURIComponent(comment)}${change === '' ? '' : `&changes=${encodeURIComponent(change)}`}`,
  }));

checkAgainstRealReleases('a committed image saved, removed and loaded keeps its ID and its steps', 'ctc-cs-', request, 6, { setup, read });
