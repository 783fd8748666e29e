import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Container } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import { releaseBelow } from '../replies.js';
import { walkIn } from './path-walk.js';
import { ownLayerDir } from './shape.js';
import { preserveTrailingDotOrSeparator } from './container-fs.js';

/**
 * From it the archive routes resolve a path in the container's mount (openContainerFS): their loop
 * errors name the path in the container; 20.10.24 names it in the merged directory on the host.
 * As archive-put.ts's bareNotDirectoryFrom.
 */
const CONTAINER_PATHS_FROM = '24.0';

const loops = (view: LayerFilesystem, path: string): boolean => walkIn((p) => view.at(p), '/', path).kind === 'loop';

/**
 * The refusal of a path whose symlinks loop, as moby's ResolvePath and StatPath meet it for HEAD
 * and GET …/archive (observed 2026-12-07 on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, links l1 -> l2
 * -> l1): the directory part resolved in scope, then the last name Lstat'ed, and a symlink's target
 * resolved in scope for the stat's linkTarget. From 24.0: through the loop (`/l1/`, `/l1/x`) "lstat
 * /l1/x: too many levels of symbolic links", a symlink that loops "evalSymlinksInScope: too many
 * links in /l1"; 20.10 names the looping directory part or the link in the merged directory. Then
 * a path through what is no directory (throughFile). Null where neither.
 */
export function statRefusal(x: Exchange, container: Container, view: LayerFilesystem, path: string): string | null {
  const absolute = preserveTrailingDotOrSeparator(posix.join('/', path), path);
  const cut = absolute.lastIndexOf('/') + 1;
  const [dir, base] = [absolute.slice(0, cut), absolute.slice(cut)];
  const cleanDir = posix.normalize(dir).replace(/(.)\/$/, '$1');
  const clean = posix.normalize(absolute).replace(/(.)\/$/, '$1');
  const throughLoop = loops(view, cleanDir);
  const linkLoops = !throughLoop && base !== '' && view.lookup(clean)?.type === 'symlink' && loops(view, clean);
  const merged = `${ownLayerDir(x, container)}/merged`;
  if (throughLoop || linkLoops) {
    if (releaseBelow(x, CONTAINER_PATHS_FROM)) return `evalSymlinksInScope: too many links in ${merged}${throughLoop ? cleanDir : clean}`;
    return throughLoop ? `lstat ${absolute}: too many levels of symbolic links` : `evalSymlinksInScope: too many links in ${clean}`;
  }
  return throughFile(x, view, absolute, cleanDir, merged);
}

/**
 * The refusal of a path whose directory part leads through what is no directory (observed
 * 2026-12-07 on the four releases): from 24.0 "lstat /etc/hostname/x: not a directory", the whole
 * path; 20.10.24 names it in the merged directory, where a component past the file fails the
 * directory's resolution already ("lstat …/merged/bin/busybox/a" for /bin/busybox/a/b). A path whose
 * directory part leads nowhere is no refusal here (404).
 */
function throughFile(x: Exchange, view: LayerFilesystem, absolute: string, cleanDir: string, merged: string): string | null {
  const walk = walkIn((p) => view.at(p), '/', cleanDir);
  if (walk.kind !== 'notDir') return null;
  if (!releaseBelow(x, CONTAINER_PATHS_FROM)) return `lstat ${absolute}: not a directory`;
  if (walk.final) return `lstat ${merged}${absolute}: not a directory`;
  const parts = cleanDir.split('/').filter((part) => part !== '');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = `/${parts.slice(0, i).join('/')}`;
    const step = walkIn((p) => view.at(p), '/', prefix);
    if (step.kind === 'notDir' && !step.final) return `lstat ${merged}${prefix}: not a directory`;
  }
  return `lstat ${merged}${absolute}: not a directory`;
}

/**
 * The refusal of an extraction point whose symlinks loop (PUT …/archive, the whole path followed):
 * from 24.0 Go's filepath.EvalSymlinks in the container's mount, "EvalSymlinks: too many links";
 * 20.10.24 evalSymlinksInScope, naming the cleaned path in the merged directory. Null where nothing
 * loops.
 */
export function extractionLoop(x: Exchange, container: Container, view: LayerFilesystem, path: string): string | null {
  const clean = posix.normalize(posix.join('/', path)).replace(/(.)\/$/, '$1');
  if (!loops(view, clean)) return null;
  return releaseBelow(x, CONTAINER_PATHS_FROM)
    ? `evalSymlinksInScope: too many links in ${ownLayerDir(x, container)}/merged${clean}`
    : 'EvalSymlinks: too many links';
}
