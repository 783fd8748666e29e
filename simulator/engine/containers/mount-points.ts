import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Container, Volume } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { ANONYMOUS_LABEL, ANONYMOUS_LABEL_FROM } from '../volumes/filters.js';
import { newVolumeProblem, VOLUME_NAME, volumeDataPath } from '../volumes/local-driver.js';
import { goQuote } from '../go-strconv.js';
import { isJsonObject } from '../go-fields.js';
import type { Refusal } from '../json-request.js';
import { fillMessage } from '../../../common/messages.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { missingImageName } from '../images/missing-image.js';
import { usesContainerdStore } from '../images/image-store.js';
import { goMapOrder } from './container-networks.js';

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
 * - a Mounts bind's source and destination are cleaned; its propagation is rprivate unless asked,
 *   rslave where the source is within the data root or holds it (moby validateBindDaemonRoot);
 * - a destination mounted twice, a bind in the data root that propagates otherwise, and a
 *   volume's name the volume service refuses stop the registration, after the volumes before it;
 * - an image mount (image-mounts.ts) names the image as given and the layer made of it.
 * What is not read here is not modelled (501 before anything is made): another form of bind or
 * mode. A volume's Subpath is kept in HostConfig.Mounts alone (it matters when the container
 * starts).
 */
/**
 * Where an image mount's layer is mounted: a graph driver's new layer's merged directory, or
 * containerd's snapshot mount (observed on 28.5.2 and 29.7.2; the layer's ID drawn at random).
 */
function imageLayerPath(x: Exchange): string {
  const id = randomBytes(32).toString('hex');
  const root = x.state.config.dataRoot;
  return usesContainerdStore(x.state.config) ? posix.join(root, 'rootfs', 'overlayfs', id) : posix.join(root, 'overlay2', id, 'merged');
}

/** Whether `path` is the destination `top` or lies below it (both absolute and clean). */
export const atOrBelow = (path: string, top: string): boolean => path === top || path.startsWith(top === '/' ? '/' : `${top}/`);

export interface MountPoint {
  readonly type: 'volume' | 'bind' | 'tmpfs' | 'image';
  /** The volume's name, an image mount's source as given; '' for a bind or a tmpfs. */
  readonly name: string;
  /** A bind's host path, an image mount's layer as mounted; '' otherwise (a volume's is its directory). */
  readonly hostPath: string;
  readonly destination: string;
  readonly mode: string;
  readonly rw: boolean;
  readonly propagation: string;
  /** Made for this container, without a name of the user's: a remove with `v` removes it. */
  readonly anonymous: boolean;
  /** A volume a create does not fill from the image (a bind's `nocopy`, a mount's NoCopy). */
  readonly noCopy?: true;
  /** An image mount's image, and the directory of it that is mounted (ImageOptions.Subpath; absent: its root). */
  readonly imageId?: string;
  readonly subpath?: string;
  /** A Mounts bind whose BindOptions name a propagation (bind-propagation.ts). */
  readonly propagationGiven?: true;
  /** A Mounts bind's BindOptions, where given: its read-only recursion (read-only-recursion.ts). */
  readonly readOnlyRecursion?: { readonly nonRecursive: boolean; readonly forceRecursive: boolean };
}

/**
 * A mount point a create will make: an anonymous volume's name still to be given (''), whether its
 * volume is labelled anonymous, and the labels and driver options a volume it makes takes.
 */
type PlannedMount = MountPoint & {
  readonly labelled: boolean;
  readonly labels?: Readonly<Record<string, string>>;
  readonly driverOptions?: Readonly<Record<string, string>>;
};

/** What a create will mount, and the refusal that stops it after the points before it (null: none). */
export interface MountPlan {
  readonly points: readonly PlannedMount[];
  readonly refusal: Refusal | null;
}

/** The modes of a bind this reading takes: read-only or not, and SELinux's relabelling. */
const MODES = new Set(['', 'ro', 'rw', 'z', 'Z', 'ro,z', 'ro,Z', 'rw,z', 'rw,Z']);
/** The modes of a named volume's bind that say not to fill it from the image. */
const NO_COPY_MODES = new Set(['nocopy', 'nocopy,ro', 'nocopy,rw', 'ro,nocopy', 'rw,nocopy']);
/** From this release the Mounts parser leaves an anonymous volume's name to the volume service, which labels it. */
export const MOUNTS_ANONYMOUS_LABELLED_FROM = '27.4';

const isDestination = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && path !== '/' && posix.normalize(path) === path;

/** Go's path.Clean of an absolute path. */
const cleanPath = (path: string): string => posix.normalize(path).replace(/(.)\/+$/, '$1');

type Entry = Readonly<Record<string, unknown>>;
const entryOf = (value: unknown): Entry => (isJsonObject(value) ? value : {});
/** A map of strings as given (mount-config.ts took only those), or undefined. */
const mapOf = (value: unknown): Readonly<Record<string, string>> | undefined => (isJsonObject(value) ? (value as Readonly<Record<string, string>>) : undefined);

/**
 * moby's validateBindDaemonRoot: a bind whose source is within the data root, or holds it (Go's
 * string prefixes), must propagate mounts to it (rslave when none is asked); its refusal, or
 * whether it takes rslave.
 */
function daemonRootPropagation(x: Exchange, source: string, bind: Entry | null): { readonly rslave: boolean } | { readonly refusal: string } {
  const root = x.state.config.dataRoot;
  if (!source.startsWith(root) && !root.startsWith(source)) return { rslave: false };
  if (bind === null) return { rslave: true };
  const propagation = typeof bind['Propagation'] === 'string' ? bind['Propagation'] : '';
  if (propagation === '' || propagation === 'rslave' || propagation === 'rshared') return { rslave: propagation === '' };
  return {
    refusal: `invalid mount config: must use either propagation mode "rslave" or "rshared" when mount source is within the daemon root, daemon root: ${goQuote(root)}, bind mount source: ${goQuote(source)}, propagation: ${goQuote(propagation)}`,
  };
}

/**
 * The create's mount points as moby's registerMountPoints takes them (Binds, then Mounts, then the
 * anonymous volumes), HostConfig.Mounts as the router passed them on and ValidateMountConfig
 * found them sound (mount-config.ts): the points, and the refusal that stopped the registration
 * (the volumes of the points before it are made all the same), or what of them is not modelled.
 */
export function planMounts(
  x: Exchange,
  config: Readonly<Record<string, unknown>>,
  hostConfig: Readonly<Record<string, unknown>>,
  /** HostConfig.Mounts as the router passed them on (mount-config.ts), before they are kept as Go writes them. */
  mounts: readonly Entry[],
): MountPlan | { readonly unmodelled: string } {
  const labels = !releaseBelow(x, ANONYMOUS_LABEL_FROM);
  const planned: PlannedMount[] = [];
  const taken = new Set<string>();
  const stopped = (message: string, status = 400): MountPlan => ({ points: planned, refusal: { status, message } });
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
    const noCopy = NO_COPY_MODES.has(mode) && !source.startsWith('/');
    if (parts.length < 2 || parts.length > 3 || !isDestination(destination) || !(MODES.has(mode) || noCopy))
      return { unmodelled: `a bind ${JSON.stringify(bind)}` };
    const rw = !mode.split(',').includes('ro');
    // No mode here names a propagation, so a bind within the data root (or holding it) takes rslave.
    const underRoot = source.startsWith('/') && daemonRootPropagation(x, source, null);
    const propagation = underRoot !== false && 'rslave' in underRoot && underRoot.rslave ? 'rslave' : 'rprivate';
    const point = source.startsWith('/')
      ? { type: 'bind' as const, name: '', hostPath: source, destination, mode, rw, propagation, anonymous: false, labelled: false }
      : VOLUME_NAME.test(source)
        ? {
            type: 'volume' as const,
            name: source,
            hostPath: '',
            destination,
            mode: mode || 'z',
            rw,
            propagation: '',
            anonymous: false,
            labelled: false,
            ...(noCopy ? { noCopy: true as const } : {}),
          }
        : null;
    // The destination is checked before the volume is made.
    if (taken.has(destination)) return stopped(`Duplicate mount point: ${destination}`);
    if (point === null || (source.startsWith('/') && posix.normalize(source) !== source)) return { unmodelled: `a bind ${JSON.stringify(bind)}` };
    add(point);
  }
  for (const mount of mounts) {
    const target = mount['Target'] as string;
    const destination = cleanPath(target);
    const source = typeof mount['Source'] === 'string' ? mount['Source'] : '';
    const rw = mount['ReadOnly'] !== true;
    let point: PlannedMount;
    if (mount['Type'] === 'bind') {
      const bind = mount['BindOptions'] !== null && typeof mount['BindOptions'] === 'object' ? (mount['BindOptions'] as Entry) : null;
      const root = daemonRootPropagation(x, source, bind);
      if ('refusal' in root) return stopped(root.refusal);
      const asked = typeof bind?.['Propagation'] === 'string' && bind['Propagation'] !== '' ? bind['Propagation'] : 'rprivate';
      const propagation = root.rslave ? 'rslave' : asked;
      point = {
        type: 'bind',
        name: '',
        hostPath: cleanPath(source),
        destination,
        mode: '',
        rw,
        propagation,
        anonymous: false,
        labelled: false,
        ...(typeof bind?.['Propagation'] === 'string' && bind['Propagation'] !== '' ? { propagationGiven: true as const } : {}),
        ...(bind === null
          ? {}
          : { readOnlyRecursion: { nonRecursive: bind['ReadOnlyNonRecursive'] === true, forceRecursive: bind['ReadOnlyForceRecursive'] === true } }),
      };
    } else if (mount['Type'] === 'volume') {
      const options = entryOf(mount['VolumeOptions']);
      const driverConfig = entryOf(options['DriverConfig']);
      const driver = typeof driverConfig['Name'] === 'string' ? driverConfig['Name'] : '';
      const driverOptions = mapOf(driverConfig['Options']);
      const anonymous = source === '';
      // An anonymous volume's name is drawn as the parser or the volume service draws it (64 hexadecimal digits).
      const name = anonymous ? randomBytes(32).toString('hex') : source;
      // The volume service's checks, as it makes a volume that is not there (after the destination's).
      if (taken.has(destination)) return stopped(`Duplicate mount point: ${target}`);
      // A volume a bind before it names is made by then: its options are not checked again.
      const bound = planned.some((point) => point.type === 'volume' && point.name === source);
      const made = anonymous || (x.state.objects.volumes.find(source) === undefined && !bound);
      const refused = made ? newVolumeProblem(x, name, driver, driverOptions ?? null) : null;
      if (refused !== null) return stopped(`create ${name}: ${refused.message}`, refused.status);
      const labelled = anonymous && labels && !releaseBelow(x, MOUNTS_ANONYMOUS_LABELLED_FROM);
      const given = mapOf(options['Labels']);
      point = {
        type: 'volume',
        name,
        hostPath: '',
        destination,
        mode: 'z',
        rw,
        propagation: '',
        anonymous,
        labelled,
        ...(options['NoCopy'] === true ? { noCopy: true as const } : {}),
        ...(given === undefined ? {} : { labels: given }),
        ...(driverOptions === undefined ? {} : { driverOptions }),
      };
    } else if (mount['Type'] === 'tmpfs') {
      point = { type: 'tmpfs', name: '', hostPath: '', destination, mode: '', rw, propagation: '', anonymous: false, labelled: false };
    } else if (mount['Type'] === 'image') {
      // registerMountPoints checks the destination, then looks the image up, makes a layer of it and mounts it, read-only whatever was asked.
      if (taken.has(destination)) return stopped(`Duplicate mount point: ${target}`);
      const image = x.state.objects.findImage(source);
      if (image === undefined) {
        const missing = missingImageName(x, source);
        return 'problem' in missing ? stopped(missing.problem) : stopped(fillMessage(ENGINE_MESSAGES.noSuchImage, { given: source, name: missing.name }), 404);
      }
      // A graph driver names the layer <container>-<source>: a second mount of the same source finds it made (observed on 28.5.2; containerd's store takes it).
      if (!usesContainerdStore(x.state.config) && planned.some((other) => other.type === 'image' && other.name === source))
        return stopped('mount already exists with name', 500);
      const subpath = entryOf(mount['ImageOptions'])['Subpath'];
      point = {
        type: 'image',
        name: source,
        hostPath: imageLayerPath(x),
        destination,
        mode: '',
        rw: false,
        propagation: 'rprivate',
        anonymous: false,
        labelled: false,
        imageId: image.id,
        ...(typeof subpath === 'string' && subpath !== '' ? { subpath: posix.normalize(subpath) } : {}),
      };
    } else return { unmodelled: `a mount ${JSON.stringify(mount)}` };
    if (!add(point)) return stopped(`Duplicate mount point: ${target}`);
  }
  const volumes = config['Volumes'];
  for (const destination of Object.keys(volumes !== null && typeof volumes === 'object' ? volumes : {})) {
    if (!isDestination(destination)) return { unmodelled: `a volume ${JSON.stringify(destination)}` };
    // Where a bind or a mount is, the anonymous volume is not made.
    add({ type: 'volume', name: '', hostPath: '', destination, mode: '', rw: true, propagation: '', anonymous: true, labelled: labels });
  }
  return { points: planned, refusal: null };
}

/** The plan's volumes made (or found) for `container`, its mount points given their names. */
export function mountVolumes(x: Exchange, plan: MountPlan): MountPoint[] {
  const store = x.state.objects.volumes;
  const old = releaseBelow(x, ANONYMOUS_LABEL_FROM);
  const points = plan.points.map(({ labelled, labels, driverOptions, ...point }) => {
    if (point.type !== 'volume') return point;
    const name = point.name === '' ? randomBytes(32).toString('hex') : point.name;
    const existing = store.find(name);
    if (existing !== undefined) {
      if (old) store.recordCreate(existing);
    } else {
      const given = labels ?? (labelled ? {} : null);
      const volume: Volume = {
        name,
        driver: 'local',
        labels: given === null ? null : { ...given, ...(labelled ? { [ANONYMOUS_LABEL]: '' } : {}) },
        options: driverOptions ?? null,
        createdAt: new Date(),
      };
      store.add(volume);
    }
    return { ...point, name };
  });
  // The container's mount points are filled from registerMountPoints' own map, in that map's order.
  return goMapOrder(points);
}

/** Mounts as inspect and the list write it. */
export function shapeMounts(x: Exchange, container: Container): Record<string, unknown>[] {
  return (container.mounts ?? []).map((point) =>
    point.type === 'image'
      ? { Type: 'image', Name: point.name, Source: point.hostPath, Destination: point.destination, Mode: '', RW: false, Propagation: point.propagation }
      : point.type === 'volume'
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
