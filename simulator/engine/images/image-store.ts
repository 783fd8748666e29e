import { isOlder } from '../../../common/dotted-version.js';
import type { SimConfig } from '../../config/types.js';

/** The first release whose fresh data root keeps images in containerd's store (moby 29.0's default). */
export const CONTAINERD_STORE_FROM = '29.0';

/**
 * Whether the daemon keeps its images in containerd's store rather than a graph driver's: the
 * `containerd-snapshotter` feature when set (`--feature`, `features`), else the release's default
 * for a fresh data root, which ctrd-sim's always is.
 */
export function usesContainerdStore(config: Pick<SimConfig, 'release' | 'settings'>): boolean {
  return config.settings.features['containerd-snapshotter'] ?? !isOlder(config.release.release, CONTAINERD_STORE_FROM);
}
