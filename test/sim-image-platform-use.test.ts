import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { tarball } from '../suites/deprecations/image-tarball.js';
import { platformSpecifiers } from './helpers/platform-specifiers.js';
import { type Ask, checkAgainstObservedReleases, json } from './helpers/real-versus-sim.js';

/**
 * Images of other platforms where a request names one (simulator/engine/images/platform-lookup.ts,
 * platform-match.ts): images imported for several platforms, then generated creates with and
 * without a `platform`, histories and inspects with one, and commits of the containers made, compared with each
 * observed release: the answers (IDs and digests named by placeholders), the warnings, and the
 * platform the container's and the commit's inspects show.
 */

/** The images made first: each import's platform (a release may refuse one: the image is then missing there, as in ctrd-sim). */
const IMPORTS: Readonly<Record<string, string | null>> = {
  'ctc-p/host': null,
  'ctc-p/arm64': 'linux/arm64/v8',
  'ctc-p/arm64v9': 'linux/arm64/v9.2',
  'ctc-p/arm7': 'linux/arm/v7',
  'ctc-p/arm5': 'linux/arm/v5',
  'ctc-p/amd64v3': 'linux/amd64/v3',
  'ctc-p/386': 'linux/386',
  'ctc-p/win': 'windows(10.0.20348)/amd64',
  'ctc-p/freebsd': 'freebsd/amd64',
  'ctc-p/feat': 'linux(+f)/amd64',
};

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const layer = await tarball([{ type: 'file', name: 'hello', content: Buffer.from('hi\n') }]);
  for (const [repo, platform] of Object.entries(IMPORTS)) {
    const query = new URLSearchParams({ fromSrc: '-', repo, tag: '1', changes: 'CMD ["/hello"]' });
    if (platform !== null) query.set('platform', platform);
    await client.request('POST', `/images/create?${query}`, { headers: { 'Content-Type': 'application/x-tar' }, body: layer, timeoutMs: 10_000 });
  }
  return {};
}

const image = fc.constantFrom(...Object.keys(IMPORTS).map((repo) => `${repo}:1`), 'ctc-p/arm64', 'docker.io/library/ctc-nosuch:1');
const jsonPlatform = fc
  .record({
    os: fc.constantFrom('linux', 'Linux', 'windows', 'freebsd', ''),
    architecture: fc.constantFrom('amd64', 'arm64', 'arm', '386', 'aarch64', ''),
    variant: fc.option(fc.constantFrom('v5', 'v6', 'v7', 'v8', 'v9', 'v8.2', 'v2', 'v3', 'v4', 'v1', '8'), { nil: undefined }),
    osVersion: fc.option(fc.constantFrom('10.0.20348', '10.0.26100', '10.0.17763', '1.0'), { nil: undefined }),
    osFeatures: fc.option(fc.constantFrom(['f'], ['win32k'], ['a', 'f']), { nil: undefined }),
  })
  .map(({ os, architecture, variant, osVersion, osFeatures }) =>
    JSON.stringify({
      os,
      architecture,
      ...(variant === undefined ? {} : { variant }),
      ...(osVersion === undefined ? {} : { 'os.version': osVersion }),
      ...(osFeatures === undefined ? {} : { 'os.features': osFeatures }),
    }),
  );

const requests: fc.Arbitrary<Ask> = fc.oneof(
  fc
    .record({ version: fc.constantFrom('', '/v1.40', '/v1.41', '/v1.48'), image, platform: fc.option(platformSpecifiers, { nil: undefined }) })
    .map(({ version, image, platform }) => ({
      method: 'POST',
      path: `${version}/containers/create?name=ctc-pc${platform === undefined ? '' : `&platform=${encodeURIComponent(platform)}`}`,
      ...json(JSON.stringify({ Image: image, Cmd: ['/hello'], HostConfig: { NetworkMode: 'none' } })),
    })),
  fc
    .record({ version: fc.constantFrom('', '/v1.47', '/v1.48'), image, platform: jsonPlatform })
    .map(({ version, image, platform }) => ({ method: 'GET', path: `${version}/images/${image}/history?platform=${encodeURIComponent(platform)}` })),
  fc
    .record({
      version: fc.constantFrom('', '/v1.48', '/v1.49'),
      image,
      platform: fc.oneof(jsonPlatform, fc.constantFrom('bad', '')),
      manifests: fc.constantFrom('', '&manifests=1', '&manifests=0'),
    })
    .map(({ version, image, platform, manifests }) => ({
      method: 'GET',
      path: `${version}/images/${image}/json?platform=${encodeURIComponent(platform)}${manifests}`,
    })),
);

/** An inspect's answer: the platform it shows, or the refusal. */
function inspectAnswer(status: number, body: string): unknown {
  if (status !== 200) return [status, named(body.trim())];
  const { Architecture, Variant, Os, OsVersion } = JSON.parse(body) as Record<string, unknown>;
  return [status, { Architecture, Variant, Os, OsVersion }];
}

/** IDs and digests in the order they appear, as placeholders. */
function named(text: string): string {
  const seen: string[] = [];
  return text.replace(/(?:sha256:)?[0-9a-f]{64}/g, (id) => {
    if (!seen.includes(id)) seen.push(id);
    return `{id${seen.indexOf(id)}}`;
  });
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, {
    ...(ask.body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: ask.body }),
    timeoutMs: 10_000,
  });
  if (ask.method === 'GET' && ask.path.includes('/json?')) return inspectAnswer(reply.status, reply.body);
  if (ask.method === 'GET') return [reply.status, reply.status === 200 ? (JSON.parse(reply.body) as unknown[]).length : named(reply.body.trim())];
  if (reply.status !== 201) return [reply.status, named(reply.body.trim())];
  const { Warnings } = JSON.parse(reply.body) as { Warnings: string[] };
  const inspect = JSON.parse((await client.request('GET', '/v1.48/containers/ctc-pc/json', { timeoutMs: 10_000 })).body) as Record<string, unknown>;
  const descriptor = inspect['ImageManifestDescriptor'] as { platform?: unknown } | undefined;
  const commit = await client.request('POST', '/commit?container=ctc-pc&repo=ctc-pcommit&tag=1', {
    ...json('{}'),
    headers: { 'Content-Type': 'application/json' },
    timeoutMs: 10_000,
  });
  const committed = JSON.parse((await client.request('GET', '/images/ctc-pcommit:1/json', { timeoutMs: 10_000 })).body) as Record<string, unknown>;
  await client.request('DELETE', '/containers/ctc-pc?force=1', { timeoutMs: 10_000 });
  await client.request('DELETE', '/images/ctc-pcommit:1?force=1', { timeoutMs: 10_000 });
  const { Architecture, Variant, Os, OsVersion } = committed;
  return [reply.status, Warnings, inspect['Platform'], descriptor?.platform ?? null, commit.status, { Architecture, Variant, Os, OsVersion }];
}

checkAgainstObservedReleases('images of other platforms', 'ctc-platform-use-', requests, 150, { setup, read });
