import { createHash } from 'node:crypto';
import { type TarEntry, tarball } from '../../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../../suites/http/client.js';
import { sendOk } from './busybox-containers.js';

const imported = new WeakMap<HttpClient, Set<string>>();

/** An image of `entries` in `repo`, tagged by a hash of `key` and imported once per side. */
export async function imageOnce(client: HttpClient, repo: string, key: unknown, entries: () => readonly TarEntry[]): Promise<string> {
  const tag = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 12);
  const done = imported.get(client) ?? new Set<string>();
  imported.set(client, done);
  if (!done.has(`${repo}:${tag}`)) {
    await sendOk(client, 'POST', `/images/create?fromSrc=-&repo=${repo}&tag=${tag}`, await tarball(entries()), 'application/x-tar');
    done.add(`${repo}:${tag}`);
  }
  return `${repo}:${tag}`;
}

/** The directory the side mounts a container's root on: the graph driver's MergedDir, else containerd's snapshot mount. */
export async function containerRootOf(client: HttpClient, id: string): Promise<string> {
  const inspect = JSON.parse(await sendOk(client, 'GET', `/containers/${id}/json`)) as { GraphDriver?: { Data?: { MergedDir?: string } | null } };
  const merged = inspect.GraphDriver?.Data?.MergedDir;
  if (merged !== undefined) return merged;
  const info = JSON.parse(await sendOk(client, 'GET', '/info')) as { DockerRootDir: string };
  return `${info.DockerRootDir}/rootfs/overlayfs/${id}`;
}
