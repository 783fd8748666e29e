import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases } from './helpers/real-versus-sim.js';

/**
 * A committed image names its parent in the images list (ParentId) as in inspect (Parent); an
 * imported one none (simulator/engine/images/shape.ts). Compared with each real release on an
 * import and two commits made alike on both sides, at generated API versions.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } };
  await sendOk(client, 'POST', '/containers/create?name=ctc-d1', JSON.stringify(config));
  await sendOk(client, 'POST', '/commit?container=ctc-d1&repo=ctc-c&tag=1', '{}');
  await sendOk(client, 'POST', '/commit?container=ctc-d1&repo=ctc-c&tag=2', '{}');
  return {};
}

/** Each listed image's tags and whether its parent is its base image's ID (the IDs differ between the sides). */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 10_000 });
  if (reply.status !== 200) return [reply.status, reply.body];
  const base = (JSON.parse((await client.request('GET', '/images/ctc-img:1/json', { timeoutMs: 10_000 })).body) as { Id: string }).Id;
  const parentOf = (id: string): string => (id === '' ? '' : id === base ? '<base>' : '<other>');
  const document = JSON.parse(reply.body) as unknown;
  if (Array.isArray(document))
    return (document as { RepoTags: string[] | null; ParentId: string }[]).map((image) => [image.RepoTags, parentOf(image.ParentId)]).sort();
  return parentOf((document as { Parent: string }).Parent);
}

const request: fc.Arbitrary<Ask> = fc
  .tuple(
    fc.constantFrom('', '/v1.24', '/v1.41', '/v1.43', '/v1.44'),
    fc.constantFrom('/images/json', '/images/ctc-c:1/json', '/images/ctc-img:1/json', '/images/json?all=1'),
  )
  .map(([prefix, path]) => ({ method: 'GET', path: `${prefix}${path}` }));

checkAgainstRealReleases('image parents in the list and in inspect', 'ctc-parent-', request, 15, { setup, read });
