import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, statusAndMessage } from './helpers/real-versus-sim.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';

/**
 * GET /images/{name}/history (simulator/engine/images/history.ts) against each real release: an
 * import's step (its message, or "Imported from -"), a commit's (the container's command, the
 * comment, an empty layer) above its parent's, each named by the images down the parent chain with
 * their tags, the layer sizes as the daemon counts them (a symlink counts its target); from API
 * 1.48 (28.x) a `platform` read by moby's DecodePlatform and matched against linux/amd64.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await sendOk(
    client,
    'POST',
    `/images/create?fromSrc=-&repo=ctc-img&tag=1&message=${encodeURIComponent('hello there')}`,
    await baseTarball(),
    'application/x-tar',
  );
  await sendOk(client, 'POST', `/images/create?fromSrc=-&repo=ctc-b&tag=1&changes=${encodeURIComponent('ENV A=1')}`, await baseTarball(), 'application/x-tar');
  await sendOk(client, 'POST', '/images/create?fromSrc=-', await baseTarball(), 'application/x-tar');
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } };
  await sendOk(client, 'POST', '/containers/create?name=ctc-h1', JSON.stringify(config));
  await sendOk(client, 'POST', `/commit?container=ctc-h1&repo=ctc-c&tag=1&comment=${encodeURIComponent('my commit')}&author=me`, '{}');
  await sendOk(client, 'POST', '/commit?container=ctc-h1&repo=ctc-d&tag=1', '{}');
  await sendOk(client, 'POST', '/images/ctc-img:1/tag?repo=ctc-e&tag=2');
  return {};
}

/** The answer with each side's IDs and times as placeholders (the sides made them apart). */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>').replace(/"Created":\d+/g, '"Created":"<time>"')];
}

const platform = fc.constantFrom(
  '{"os":"linux","architecture":"amd64"}',
  '{"os":"linux","architecture":"arm64","variant":"v8"}',
  '{"os":"windows","architecture":"amd64"}',
  '{"OS":"LINUX","Architecture":"x86_64"}',
  '{"variant":"v8"}',
  '{"os":"linux"}',
  '{"architecture":1}',
  '{"OS":1}',
  '{"os.features":[1]}',
  '{"os.features":1}',
  '[]',
  'null',
  ' ',
  'x',
  '{"os":"linux","architecture":"amd64"} x',
);
const request: fc.Arbitrary<Ask> = fc
  .tuple(
    fc.constantFrom('ctc-img:1', 'ctc-b:1', 'ctc-c:1', 'ctc-d:1', 'ctc-e:2', 'nosuch', 'ctc-img', 'docker.io/library/ctc-c:1'),
    fc.constantFrom('', '/v1.24', '/v1.41', '/v1.47', '/v1.48'),
    fc.option(platform, { nil: undefined }),
  )
  .map(([name, prefix, p]) => ({ method: 'GET', path: `${prefix}/images/${name}/history${p === undefined ? '' : `?platform=${encodeURIComponent(p)}`}` }));

checkAgainstRealReleases('image histories', 'ctc-history-', request, 80, { setup, read });
