import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Container, Volume } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { ANONYMOUS_LABEL, ANONYMOUS_LABEL_FROM } from '../volumes/filters.js';
import { VOLUME_NAME, volumeDataPath } from '../volumes/local-driver.js';

/**
 * A container's mount points as its create registers them (moby registerMountPoints and, for
 * Config.Volumes, createContainerOSSpecificSettings): HostConfig.Binds (a volume's name or a
 * host path, then the destination and a mode), HostConfig.Mounts (volumes and tmpfs) and the
 * image's and Config's anonymous volumes where nothing else is mounted. Named volumes are made
 * where missing, anonymous ones with a random name. Observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2 (2026-12-07; test/sim-container-mounts.test.ts):
 * - Mounts lists each as {Type, Name, Source, Destination, Driver, Mode, RW, Propagation} (a bind
 *   without Name and Driver): a volume's Source is its directory's _data, its Mode the bind's
 *   ("z" when it gives none; a Mounts volume "z", an anonymous one ""), a bind's Propagation
 *   "rprivate", a tmpfs' Source "";
 * - the volume service labels a volume it names com.docker.volume.anonymous from 23.0; before
 *   27.4 the Mounts parser names an anonymous volume itself, so that one has no label;
 * - 20.10 logs a create event for a named volume that exists too (volumes.ts).
 * What is not read here is not modelled (501 before anything is made): another form of bind or
 * mode, a Mounts bind (its source must exist on the host), options of a mount, a destination
 * mounted twice or not absolute.
 */
export interface MountPoint {
  readonly type: 'volume' | 'bind' | 'tmpfs';
  /** The volume's name; '' for a bind or a tmpfs. */
  readonly name: string;
  /** A bind's host path; '' otherwise (a volume's is its directory). */
  readonly hostPath: string;
  readonly destination: string;
  readonly mode: string;
  readonly rw: boolean;
  readonly propagation: string;
  /** Made for this container, without a name of the user's: a remove with `v` removes it. */
  readonly anonymous: boolean;
}

/** A mount point a create will make: an anonymous volume's name still to be given (''), and whether its volume is labelled anonymous. */
type PlannedMount = MountPoint & { readonly labelled: boolean };

/** What a create will mount. */
export type MountPlan = readonly PlannedMount[];

/** The modes of a bind this reading takes: read-only or not, and SELinux's relabelling. */
const MODES = new Set(['', 'ro', 'rw', 'z', 'Z', 'ro,z', 'ro,Z', 'rw,z', 'rw,Z']);
/** The Mounts fields this reading takes (any other, such as VolumeOptions, is not modelled). */
const MOUNT_FIELDS = new Set(['Type', 'Source', 'Target', 'ReadOnly']);
/** From this release the Mounts parser leaves an anonymous volume's name to the volume service, which labels it. */
const MOUNTS_ANONYMOUS_LABELLED_FROM = '27.4';

const isDestination = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && path !== '/' && posix.normalize(path) === path;

/** The create's mount points, or what of them is not modelled. */
export function planMounts(
  x: Exchange,
  config: Readonly<Record<string, unknown>>,
  hostConfig: Readonly<Record<string, unknown>>,
): MountPlan | { readonly unmodelled: string } {
  const labels = !releaseBelow(x, ANONYMOUS_LABEL_FROM);
  const planned: PlannedMount[] = [];
  const taken = new Set<string>();
  const add = (point: PlannedMount): boolean => {
    if (taken.has(point.destination)) return false;
    taken.add(point.destination);
    planned.push(point);
    return true;
  };
  const binds = hostConfig['Binds'];
  for (const bind of Array.isArray(binds) ? binds : []) {
    const parts = typeof bind === 'string' ? bind.split(':') : [];
    const [source = '', destination, mode = ''] = parts;
    if (parts.length < 2 || parts.length > 3 || !isDestination(destination) || !MODES.has(mode)) return { unmodelled: `a bind ${JSON.stringify(bind)}` };
    const rw = !mode.split(',').includes('ro');
    const point = source.startsWith('/')
      ? { type: 'bind' as const, name: '', hostPath: source, destination, mode, rw, propagation: 'rprivate', anonymous: false, labelled: false }
      : VOLUME_NAME.test(source)
        ? { type: 'volume' as const, name: source, hostPath: '', destination, mode: mode || 'z', rw, propagation: '', anonymous: false, labelled: false }
        : null;
    if (point === null || (source.startsWith('/') && posix.normalize(source) !== source)) return { unmodelled: `a bind ${JSON.stringify(bind)}` };
    if (!add(point)) return { unmodelled: `a destination mounted twice (${destination})` };
  }
  const mounts = hostConfig['Mounts'];
  for (const mount of Array.isArray(mounts) ? mounts : []) {
    const fields = mount !== null && typeof mount === 'object' ? (mount as Record<string, unknown>) : {};
    const readOnly = fields['ReadOnly'] === true;
    const known = Object.keys(fields).every((key) => MOUNT_FIELDS.has(key)) && (fields['ReadOnly'] === undefined || typeof fields['ReadOnly'] === 'boolean');
    const source = typeof fields['Source'] === 'string' ? fields['Source'] : fields['Source'] === undefined ? '' : null;
    const target = fields['Target'];
    if (!known || source === null || !isDestination(target)) return { unmodelled: `a mount ${JSON.stringify(mount)}` };
    let point: PlannedMount | null = null;
    if (fields['Type'] === 'volume' && (source === '' || VOLUME_NAME.test(source))) {
      const anonymous = source === '';
      const labelled = anonymous && labels && !releaseBelow(x, MOUNTS_ANONYMOUS_LABELLED_FROM);
      point = { type: 'volume', name: source, hostPath: '', destination: target, mode: 'z', rw: !readOnly, propagation: '', anonymous, labelled };
    } else if (fields['Type'] === 'tmpfs' && source === '' && !readOnly) {
      point = { type: 'tmpfs', name: '', hostPath: '', destination: target, mode: '', rw: true, propagation: '', anonymous: false, labelled: false };
    }
    if (point === null) return { unmodelled: `a mount ${JSON.stringify(mount)}` };
    if (!add(point)) return { unmodelled: `a destination mounted twice (${target})` };
  }
  const volumes = config['Volumes'];
  for (const destination of Object.keys(volumes !== null && typeof volumes === 'object' ? volumes : {})) {
    if (!isDestination(destination)) return { unmodelled: `a volume ${JSON.stringify(destination)}` };
    // Where a bind or a mount is, the anonymous volume is not made.
    add({ type: 'volume', name: '', hostPath: '', destination, mode: '', rw: true, propagation: '', anonymous: true, labelled: labels });
  }
  return planned;
}

/** The plan's volumes made (or found) for `container`, its mount points given their names. */
export function mountVolumes(x: Exchange, plan: MountPlan): MountPoint[] {
  const store = x.state.objects.volumes;
  const old = releaseBelow(x, ANONYMOUS_LABEL_FROM);
  return plan.map(({ labelled, ...point }) => {
    if (point.type !== 'volume') return point;
    const name = point.name === '' ? randomBytes(32).toString('hex') : point.name;
    const existing = store.find(name);
    if (existing !== undefined) {
      if (old) store.recordCreate(existing);
    } else {
      const volume: Volume = { name, driver: 'local', labels: labelled ? { [ANONYMOUS_LABEL]: '' } : null, options: null, createdAt: new Date() };
      store.add(volume);
    }
    return { ...point, name };
  });
}

/** Mounts as inspect and the list write it. */
export function shapeMounts(x: Exchange, container: Container): Record<string, unknown>[] {
  return (container.mounts ?? []).map((point) =>
    point.type === 'volume'
      ? {
          Type: 'volume',
          Name: point.name,
          Source: volumeDataPath(x, point.name),
          Destination: point.destination,
          Driver: 'local',
          Mode: point.mode,
          RW: point.rw,
          Propagation: point.propagation,
        }
      : { Type: point.type, Source: point.hostPath, Destination: point.destination, Mode: point.mode, RW: point.rw, Propagation: point.propagation },
  );
}

/** The containers that mount the volume, in the order they were made. */
export const usersOf = (x: Exchange, name: string): Container[] =>
  x.state.objects.allContainers().filter((container) => (container.mounts ?? []).some((point) => point.type === 'volume' && point.name === name));

/** A removed container's anonymous volumes that no other container mounts, destroyed (moby's removeMountPoints with `v`). */
export function removeAnonymousVolumes(x: Exchange, container: Container): void {
  const store = x.state.objects.volumes;
  for (const point of container.mounts ?? []) {
    const volume = point.type === 'volume' && point.anonymous ? store.find(point.name) : undefined;
    if (volume !== undefined && usersOf(x, volume.name).length === 0) store.remove(volume);
  }
}
