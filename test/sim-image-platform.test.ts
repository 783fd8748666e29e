import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { tarball } from '../suites/deprecations/image-tarball.js';
import { platformSpecifiers } from './helpers/platform-specifiers.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * An import's `platform` (simulator/engine/images/import.ts, platform-specifier.ts): generated
 * specifiers, API versions, names and changes, compared with each observed release: the answer
 * (digests named by placeholders) and, where an image was made, the platform and config its
 * inspect shows.
 */

const NAME = 'ctc-plat:x';

const requests: fc.Arbitrary<Ask> = fc
  .record({
    version: fc.constantFrom('', '/v1.31', '/v1.32', '/v1.41'),
    platform: fc.option(platformSpecifiers, { nil: undefined }),
    repo: fc.constantFrom('ctc-plat', 'ctc-plat', 'Bad'),
    changes: fc.array(fc.constantFrom('CMD echo hi', 'ENTRYPOINT ["a"]', 'WORKDIR foo', 'WORKDIR /a/../b/', 'WORKDIR b/c', 'ENV A=1', 'BOGUS 1'), {
      maxLength: 2,
    }),
  })
  .map(({ version, platform, repo, changes }) => {
    const query = new URLSearchParams({ fromSrc: '-', repo, tag: 'x' });
    if (platform !== undefined) query.set('platform', platform);
    for (const change of changes) query.append('changes', change);
    return { method: 'POST', path: `${version}/images/create?${query}` };
  });

let layer: Buffer | undefined;

/** The answer with its digests named in the order they appear, and what the made image's inspect says of its platform and config. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  layer ??= await tarball([{ type: 'file', name: 'hello', content: Buffer.from('hi\n') }]);
  const reply = await client.request(ask.method, ask.path, { headers: { 'Content-Type': 'application/x-tar' }, body: layer, timeoutMs: 10_000 });
  const digests: string[] = [];
  const answer = reply.body.replace(/sha256:[0-9a-f]{64}/g, (digest) => {
    if (!digests.includes(digest)) digests.push(digest);
    return `{digest${digests.indexOf(digest)}}`;
  });
  const inspect = await client.request('GET', `/images/${NAME}/json`, { timeoutMs: 10_000 });
  if (inspect.status !== 200) return [reply.status, answer.trim()];
  const image = JSON.parse(inspect.body) as Record<string, unknown> & { Config?: Record<string, unknown> };
  await client.request('DELETE', `/images/${NAME}?force=1`, { timeoutMs: 10_000 });
  const { Os, Architecture, Variant, OsVersion } = image;
  const config = image.Config ?? {};
  return [
    reply.status,
    answer.trim(),
    { Os, Architecture, Variant, OsVersion, Cmd: config['Cmd'], Entrypoint: config['Entrypoint'], WorkingDir: config['WorkingDir'] },
  ];
}

checkAgainstObservedReleases("an import's platform", 'ctc-platform-', requests, 150, { read });
