import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { type Container, ContainerLayer, type FsEntry, type TarRecord } from '../objects/index.js';
import { containerFilesystem } from './container-fs.js';
import { LayerFilesystem } from '../objects/filesystem.js';
import { type ExtractionTarget, extractUpload } from './extract-upload.js';
import type { MountPoint } from './mount-points.js';
import { walkIn } from './path-walk.js';
import { mountPointRecord } from './mount-point-record.js';
import { volumeMountEvent, volumeUnmountEvent } from './volume-events.js';

/**
 * A container's volumes mounted for a copy (moby openContainerFS; before 24.0 Mount and
 * mountVolumes), observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07) with containers
 * never started: before the path is looked at (a copy of a missing path too), each volume is
 * mounted, with a volume "mount" event (container, destination, driver, propagation, read/write),
 * over its mount point, which MkdirAll makes in the container's own layer where it is missing
 * (0755, the parent copied up and touched, as `changes` then lists); after the copy each is
 * unmounted, with an "unmount" event (container, driver). The releases walk a Go map: the events
 * come in no fixed order. A tmpfs is not mounted for a copy. A copy reads a volume as a create
 * filled it (volume-population.ts; an empty one is the local driver's directory), and an upload
 * whose point lies in a volume writes there as into a plain directory (a read-only one refuses it:
 * "mounted volume is marked read-only"). Not modelled: binds (their sources are the host's), an
 * upload into the container's layer whose entries reach a volume below its point, a volume inside
 * another (its mount point is made in the outer one), a volume with driver options, and a mount
 * point the walk cannot make as a directory.
 */

/** The volumes a copy mounts, or what of the container's mounts is not modelled. */
function mountedVolumes(x: Exchange, container: Container): readonly MountPoint[] | { readonly unmodelled: string } {
  const points = container.mounts ?? [];
  const store = x.state.objects.volumes;
  const ownMount = points.find((point) => point.type === 'volume' && Object.keys(store.find(point.name)?.options ?? {}).length > 0);
  if (ownMount !== undefined) return { unmodelled: `a volume with driver options (${ownMount.name})` };
  const bind = points.find((point) => point.type === 'bind');
  if (bind !== undefined) return { unmodelled: `a container with a bind (${bind.hostPath})` };
  const volumes = points.filter((point) => point.type === 'volume');
  // A mount point inside another volume is made in that volume (read-only or not), whose contents are not modelled.
  const nested = volumes.find((inner) => volumes.some((outer) => outer !== inner && within(inner.destination, outer.destination)));
  if (nested !== undefined) return { unmodelled: `a volume inside another (${nested.destination})` };
  return volumes;
}

const within = (path: string, top: string): boolean => path === top || path.startsWith(top === '/' ? '/' : `${top}/`);

/** Whether `path` (as written and as its links lead in `view`) is at or below a destination. */
function reaches(view: LayerFilesystem, volumes: readonly MountPoint[], path: string): boolean {
  const lexical = posix.normalize(posix.join('/', path));
  const walk = walkIn((at) => view.at(at), '/', lexical);
  const resolved = walk.kind === 'dir' ? posix.join(walk.path, ...walk.missing) : lexical;
  return volumes.some((point) => [lexical, resolved].some((at) => within(at, point.destination)));
}

/**
 * What a copy sees once the volumes are mounted: the container's file system with each volume over
 * its destination (its root, the copy a create made into it or, for one nothing was copied into, its
 * directory as the local driver made it: 0755, root's, of its creation).
 */
export function mountedFilesystem(x: Exchange, container: Container): LayerFilesystem {
  const view = containerFilesystem(x, container);
  const volumes = mountedVolumes(x, container);
  if ('unmodelled' in volumes || volumes.length === 0) return view;
  const store = x.state.objects.volumes;
  const over = volumes.flatMap((point) => {
    const volume = store.find(point.name);
    const root: FsEntry = {
      path: '/',
      type: 'directory',
      size: 0,
      mode: 0o755,
      mtime: volume?.createdAt ?? new Date(0),
      linkname: '',
      content: Buffer.alloc(0),
    };
    const content = volume?.content ?? [root];
    return content.map((entry) => ({ ...entry, path: entry.path === '/' ? point.destination : posix.join(point.destination, entry.path) }));
  });
  const covered = (path: string): boolean => volumes.some((point) => within(path, point.destination));
  return new LayerFilesystem([...view.entries().filter((entry) => !covered(entry.path)), ...over], new Date(Number(container.created / 1_000_000n)));
}

/**
 * Mounts the container's volumes for a copy: their mount events, their mount points made where
 * missing. Returns the unmount (its events), or what is not modelled (then nothing was done).
 */
export function mountForCopy(x: Exchange, container: Container, now: Date): { readonly unmount: () => void } | { readonly unmodelled: string } {
  const volumes = mountedVolumes(x, container);
  if ('unmodelled' in volumes) return volumes;
  if (volumes.length === 0) return { unmount: () => {} };
  const view = containerFilesystem(x, container);
  const missing: string[] = [];
  for (const point of volumes) {
    const walk = walkIn((at) => view.at(at), '/', point.destination);
    if (walk.kind !== 'dir' || walk.throughLink) return { unmodelled: `a mount point at ${point.destination} that is no directory` };
    if (walk.missing.length > 0) missing.push(posix.join(walk.path, ...walk.missing));
  }
  for (const point of volumes) volumeMountEvent(x, container, point);
  // MkdirAll's directories stand as an upload of them would make them: missing parents 0755, the parent touched and copied up.
  if (missing.length > 0)
    extractUpload(
      x,
      container,
      '/',
      missing.map((path) => mountPointRecord(path, true, now)),
      now,
    );
  return {
    unmount: () => {
      for (const point of volumes) volumeUnmountEvent(x, container, point);
    },
  };
}

/**
 * What of an upload's entries at `point` reaches into a volume, or null: an entry at or below a
 * destination, a hard link to one, or any symbolic link while the container has volumes (where a
 * later entry goes through it is not followed here).
 */
export function entryInVolume(x: Exchange, container: Container, point: string, records: readonly TarRecord[]): string | null {
  const volumes = mountedVolumes(x, container);
  if ('unmodelled' in volumes || volumes.length === 0) return null;
  const view = containerFilesystem(x, container);
  for (const record of records) {
    if (record.type === 'symlink') return 'a symbolic link in an upload to a container with volumes';
    const named = [posix.join(point, record.name), ...(record.type === 'link' ? [posix.join('/', record.linkname)] : [])];
    const reached = named.find((path) => reaches(view, volumes, path));
    if (reached !== undefined) return `an entry in a volume (${reached})`;
  }
  return null;
}

/** The volume a path of the mounted view lies in (the innermost), or undefined. */
export function volumeAt(x: Exchange, container: Container, path: string): MountPoint | undefined {
  const volumes = mountedVolumes(x, container);
  if ('unmodelled' in volumes) return undefined;
  return volumes.filter((point) => within(path, point.destination)).sort((a, b) => b.destination.length - a.destination.length)[0];
}

/**
 * A volume's contents as an extraction's target (extract-upload.ts): a plain directory with nothing
 * below it; `save` keeps what the extraction wrote as the volume's contents.
 */
export function volumeTarget(x: Exchange, name: string): { readonly into: ExtractionTarget; readonly save: () => void } {
  const store = x.state.objects.volumes;
  const volume = store.find(name)!;
  const root: FsEntry = { path: '/', type: 'directory', size: 0, mode: 0o755, mtime: volume.createdAt, linkname: '', content: Buffer.alloc(0) };
  const layer = new ContainerLayer();
  for (const entry of volume.content ?? [root]) layer.put(entry);
  return {
    into: { merged: new LayerFilesystem(layer.entries(), volume.createdAt), lower: new LayerFilesystem([], volume.createdAt), own: layer, overlay: false },
    save: () => store.fill(name, layer.entries()),
  };
}
