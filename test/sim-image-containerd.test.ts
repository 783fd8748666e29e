import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { baseTarball, tarball } from '../suites/deprecations/image-tarball.js';
import { sendOk } from './helpers/busybox-containers.js';
import { installed } from './helpers/observe-claims.js';
import { inCI } from './helpers/real-daemons.js';
import { type Ask, checkAgainstRelease, json } from './helpers/real-versus-sim.js';

/**
 * The images of containerd's store, which a fresh 29.x data root uses (simulator/engine/images/
 * shape-containerd.ts, delete-containerd.ts, prune-containerd.ts, objects/containerd-content.ts),
 * against dockerd 29.7.2: generated tags, inspects, lists, histories, deletes, containers, commits,
 * prunes and /system/df, each answer compared whole, but for what no two daemons agree on:
 * - IDs and digests: each answer's are named in the order they first appear in it;
 * - the sizes of content (an image's Size, the df's and prune's totals, a descriptor's size): they
 *   count the config documents, whose times Go writes with trailing zeros trimmed (RFC 3339 nano),
 *   so that two daemons' lengths differ by a byte now and then, and a plain layer as the daemon's
 *   Go gzip compresses it. The snapshots' usage (history sizes, a container's SizeRw and
 *   SizeRootFs) is compared as it is.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const base = await baseTarball();
  await sendOk(client, 'POST', '/images/create?fromSrc=-&repo=ctc-cd/a&tag=1', base, 'application/x-tar');
  // A gzip body is kept as sent: its digest is the same on both sides.
  await sendOk(client, 'POST', `/images/create?fromSrc=-&repo=ctc-cd/b&tag=1&changes=${encodeURIComponent('LABEL k=v')}`, gzipSync(base), 'application/x-tar');
  const small = await tarball([
    { type: 'directory', name: 'etc' },
    { type: 'file', name: 'etc/x', content: Buffer.from('x\n') },
  ]);
  await sendOk(client, 'POST', '/images/create?fromSrc=-&repo=ctc-cd/c&tag=1', small, 'application/x-tar');
  await sendOk(client, 'POST', '/images/create?fromSrc=-', gzipSync(small), 'application/x-tar');
  return {};
}

const NAMES = ['ctc-cd/a:1', 'ctc-cd/b:1', 'ctc-cd/c:1', 'ctc-cd/a:2', 'ctc-cd/d:1', 'ctc-cd/a', 'nosuch:1'];
const VERSIONS = ['', '/v1.41', '/v1.44', '/v1.47', '/v1.51'];
const CONTAINERS = ['ctc-cd1', 'ctc-cd2'];

const name = fc.constantFrom(...NAMES);
const version = fc.constantFrom(...VERSIONS);
const repoTag = fc.constantFrom('ctc-cd/a:2', 'ctc-cd/d:1', 'ctc-cd/c:1');
const container = fc.constantFrom(...CONTAINERS);

const request: fc.Arbitrary<Ask> = fc.oneof(
  fc.tuple(name, repoTag).map(([from, to]): Ask => {
    const [repo, tag] = to.split(':') as [string, string];
    return { method: 'POST', path: `/images/${from}/tag?repo=${repo}&tag=${tag}` };
  }),
  fc.tuple(version, name).map(([v, n]): Ask => ({ method: 'GET', path: `${v}/images/${n}/json` })),
  fc
    .tuple(
      version,
      fc.constantFrom('', '?all=1', '?filters=%7B%22dangling%22%3A%5B%22true%22%5D%7D', '?filters=%7B%22reference%22%3A%5B%22ctc-cd%2Fa%22%5D%7D'),
    )
    .map(([v, q]): Ask => ({ method: 'GET', path: `${v}/images/json${q}` })),
  fc.tuple(version, name).map(([v, n]): Ask => ({ method: 'GET', path: `${v}/images/${n}/history` })),
  fc.tuple(name, fc.boolean()).map(([n, force]): Ask => ({ method: 'DELETE', path: `/images/${n}${force ? '?force=1' : ''}` })),
  fc.tuple(container, name).map(
    ([c, image]): Ask => ({
      method: 'POST',
      path: `/containers/create?name=${c}`,
      ...json(JSON.stringify({ Image: image, Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } })),
    }),
  ),
  container.map((c): Ask => ({ method: 'DELETE', path: `/containers/${c}?force=1` })),
  fc.tuple(container, fc.option(repoTag, { nil: undefined })).map(([c, to]): Ask => {
    const target = to === undefined ? '' : `&repo=${to.split(':')[0]}&tag=${to.split(':')[1]}`;
    return { method: 'POST', path: `/commit?container=${c}${target}`, ...json('{}') };
  }),
  fc.constantFrom('', '?filters=%7B%22dangling%22%3A%5B%22false%22%5D%7D').map((q): Ask => ({ method: 'POST', path: `/images/prune${q}` })),
  version.map((v): Ask => ({ method: 'GET', path: `${v}/system/df` })),
  version.map((v): Ask => ({ method: 'GET', path: `${v}/containers/json?all=1&size=1` })),
);

/** The keys whose number counts content (see the top comment), on the answers that carry one. */
const CONTENT_SIZES = new Set(['Size', 'SharedSize', 'VirtualSize', 'LayersSize', 'TotalSize', 'Reclaimable', 'SpaceReclaimed', 'size']);
const TIMES = new Set(['Created', 'LastTagTime', 'time', 'timeNano']);

/**
 * The answer with its volatile values named (see the top comment), then IDs numbered as they come.
 * `unordered`: its arrays sorted by content first and its IDs not told apart, for the answers whose
 * order is not the release's to keep (a prune walks a Go map; lists sort by creation in seconds,
 * ties in no order).
 */
function normalized(value: unknown, keepSizes: boolean, unordered: boolean): unknown {
  // Sorted by their text without IDs, which differ between the sides.
  const text = (item: unknown): string => JSON.stringify(item).replace(/[0-9a-f]{64}/g, '<id>');
  const byText = (a: unknown, b: unknown): number => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0);
  const masked = (item: unknown, key = ''): unknown => {
    if (Array.isArray(item)) {
      const items = item.map((member) => masked(member));
      return unordered ? items.sort(byText) : items;
    }
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, masked(v, k)]));
    if (typeof item === 'number' && CONTENT_SIZES.has(key) && !keepSizes) return '<size>';
    if (TIMES.has(key)) return '<time>';
    return item;
  };
  // In an unordered answer equal entries may come in either order: its IDs are only IDs. A short ID
  // (a 409's words name the container and the image by 12 digits) is named as the ID it begins.
  const ids = new Map<string, string>();
  const idOf = (hex: string): string => {
    const full = hex.length === 64 ? hex : ([...ids.keys()].find((id) => id.startsWith(hex)) ?? hex);
    if (!ids.has(full)) ids.set(full, `<id${ids.size}>`);
    return `${ids.get(full)!}${hex.length === 64 ? '' : ':12'}`;
  };
  return JSON.parse(JSON.stringify(masked(value)).replace(/[0-9a-f]{64}|\b[0-9a-f]{12}\b/g, (hex) => (unordered ? '<id>' : idOf(hex)))) as unknown;
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 20_000,
  });
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    body = reply.body.trim();
  }
  // A history's sizes are the snapshots' usage: those agree.
  const unordered = /\/(images\/json|images\/prune|system\/df|containers\/json)/.test(ask.path);
  return [reply.status, normalized(body, ask.path.endsWith('/history'), unordered)];
}

const daemon = installed('29.7');
if ('missing' in daemon) {
  if (inCI()) t.fail(`dockerd 29.7.2 is required in CI: ${daemon.missing}`);
  else t.test('containerd image store', { skip: `dockerd 29.7.2 is not installed: ${daemon.missing}` }, async () => {});
} else checkAgainstRelease("containerd's image store", 'ctc-c8d-', daemon.daemon, request, 150, { setup, read });
