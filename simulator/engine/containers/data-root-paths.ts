import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { releaseBelow } from '../replies.js';

/**
 * What a path names on the host as the emulated daemon sees it: within its data root, the
 * directories the release keeps there (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2,
 * 2026-12-07), each volume's directory and data, each container's directory; elsewhere the host's
 * own file system. A deeper path of the data root is not modelled (null).
 */

/** The data root's entries by release: 20.10 keeps trust, from 23.0 engine-id, and before 29.0 overlay2 (29.x stores layers in containerd). */
function rootEntries(x: Exchange): readonly string[] {
  const common = ['buildkit', 'containers', 'image', 'network', 'plugins', 'runtimes', 'swarm', 'tmp', 'volumes'];
  return [...common, ...(releaseBelow(x, '23.0') ? ['trust'] : ['engine-id']), ...(releaseBelow(x, '29.0') ? ['overlay2'] : [])];
}

/** Whether `path` (absolute) exists on the emulated daemon's host; null where that is not modelled. */
export function hostPathExists(x: Exchange, path: string): boolean | null {
  const root = x.state.config.dataRoot;
  const relative = posix.relative(root, posix.normalize(path));
  if (relative.startsWith('..') || posix.isAbsolute(relative)) return existsSync(path);
  if (relative === '') return true;
  const [top = '', name, below, ...rest] = relative.split('/');
  // Below a missing entry nothing exists.
  if (!rootEntries(x).includes(top)) return false;
  if (name === undefined) return true;
  const { objects } = x.state;
  if (top === 'volumes') {
    if (name === 'metadata.db') return below === undefined;
    if (objects.volumes.find(name) === undefined) return false;
    if (below === undefined) return true;
    // A volume's data is not modelled.
    return below === '_data' ? (rest.length === 0 ? true : null) : false;
  }
  if (top === 'containers') {
    if (!objects.allContainers().some((container) => container.id === name)) return false;
    return below === undefined ? true : null;
  }
  return null;
}
