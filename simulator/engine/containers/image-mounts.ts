import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { FsEntry } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import { atOrBelow, type MountPoint } from './mount-points.js';
import { NETWORK_FILE_PATHS } from './network-files.js';
import { walkIn } from './path-walk.js';

/**
 * Image mounts (HostConfig.Mounts of type image, 28.0 on), observed on 28.5.2 and 29.7.2
 * (2026-12-07): the create looks the image up (404 "No such image: …"), makes a layer of it and
 * mounts it read-only (its Mounts entry names the image as given and the layer's directory, Mode
 * "", RW false, Propagation rprivate), with the warning "Image mount is an experimental feature"
 * before 29.7. A copy and a start see the image's files (from ImageOptions.Subpath on) over the
 * destination, whose mount point they make as for a volume; a Subpath the image lacks fails them
 * ("cannot access path <layer>/<subpath>: lstat …: no such file or directory": a copy 500, a start
 * 404); an upload into it is refused as into a read-only volume. Not modelled (501): a Subpath
 * through a symbolic link or to what is no directory, a mount point inside an image mount, a start
 * of one over the network files (runc fails to mount them in it). Not checked: removing an image
 * only an image mount uses.
 */

/** Before it a create warns of each image mount (moby v29.7.0 dropped the warning). */
export const IMAGE_MOUNT_WARNING_UNTIL = '29.7';
export const IMAGE_MOUNT_WARNING = 'Image mount is an experimental feature';

type Unmodelled = { readonly unmodelled: string };

/** The directory of the image an image mount shows (its Subpath), its Subpath's failure (moby's words), or what is not modelled. */
function mountedTop(x: Exchange, point: MountPoint): { readonly view: LayerFilesystem; readonly top: string } | { readonly failed: string } | Unmodelled {
  const image = x.state.objects.allImages().find((candidate) => candidate.id === point.imageId);
  if (image === undefined) return { unmodelled: `an image mount of an image that is gone (${point.name})` };
  const view = image.filesystem;
  const top = posix.join('/', point.subpath ?? '.');
  if (top === '/') return { view, top };
  const walk = walkIn((at) => view.at(at), '/', top);
  if (walk.kind === 'dir' && walk.missing.length > 0 && !walk.throughLink) {
    const path = posix.join(point.hostPath, point.subpath!);
    return { failed: `cannot access path ${path}: lstat ${path}: no such file or directory` };
  }
  if (walk.kind !== 'dir' || walk.throughLink) return { unmodelled: `an image mount's Subpath ${JSON.stringify(point.subpath)} that is no plain directory` };
  return { view, top };
}

/** Why an image mount cannot be set up (its Subpath's failure), what of it is not modelled, or null. */
export function imageMountProblem(x: Exchange, point: MountPoint): { readonly failed: string } | Unmodelled | null {
  const mounted = mountedTop(x, point);
  return 'top' in mounted ? null : mounted;
}

/** The image's files an image mount shows, rooted at `/` (none where it cannot be set up). */
export function imageMountFiles(x: Exchange, point: MountPoint): readonly FsEntry[] {
  const mounted = mountedTop(x, point);
  if (!('top' in mounted)) return [];
  const { view, top } = mounted;
  const prefix = top === '/' ? '/' : `${top}/`;
  return view
    .entries()
    .filter((entry) => entry.path === top || entry.path.startsWith(prefix))
    .map((entry) => ({ ...entry, path: posix.join('/', posix.relative(top, entry.path)) }));
}

/** What of a start's image mounts runc would fail on, named for a 501: one over the network files a start mounts. */
export function imageMountAtStartUnmodelled(points: readonly MountPoint[]): string | null {
  const over = points.find((point) => point.type === 'image' && NETWORK_FILE_PATHS.some((path) => atOrBelow(path, point.destination)));
  return over === undefined ? null : `an image mount over the network files (${over.destination})`;
}
