import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import {
  containerInitUsage,
  diffIdsOf,
  distinctInodes,
  GO_ZERO_TIME_TEXT,
  platformOf,
  rfc3339Nano,
  snapshotUsage,
  unixSeconds,
  type Container,
} from '../objects/index.js';
import { imageManifestDescriptor, SNAPSHOTTER, unpackedSize } from '../images/shape-containerd.js';
import { apiBelow, releaseBelow } from '../replies.js';
import type { Exchange } from '../../http/exchange.js';
import { statSize } from '../objects/filesystem.js';
import { ownEntries } from './container-fs.js';
import { shapeHostConfig } from './host-config.js';
import { legacyInspect } from './legacy-inspect.js';
import { networksOf, shapeNetworkSettings } from './network-settings.js';
import { shapeMounts } from './mount-points.js';
import { networkedContainerRef } from './networked-container.js';

/**
 * The container's Config as inspect writes it: from 29.0 an OnBuild without entries is left out at
 * every API version (moby docker-v29.0.0 api/types/container/config.go: `json:",omitempty"`;
 * observed on 29.7.2, 2026-12-05).
 */
function shapeConfig(x: Exchange, config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (releaseBelow(x, '29.0')) return config;
  const onBuild = config['OnBuild'];
  if (onBuild !== null && onBuild !== undefined && !(Array.isArray(onBuild) && onBuild.length === 0)) return config;
  const { OnBuild: _, ...rest } = config;
  return rest;
}

/** The command a container runs: its entrypoint and then its command. */
export function commandOf(container: Container): string[] {
  const entrypoint = (container.config['Entrypoint'] ?? []) as string[];
  const cmd = (container.config['Cmd'] ?? []) as string[];
  return [...entrypoint, ...cmd];
}

/** A container's state as moby's StateString says it: a paused one is "paused" (it still runs). */
export const stateString = (container: Container): string => (container.paused ? 'paused' : container.state);

/** moby container.State of a container that runs nothing: created, "running" after a start (paused by a pause), exited after a kill. */
/** The container's exec instances (ExecIDs), null when it has none. */
function execIdsOf(x: Exchange, container: Container): string[] | null {
  const ids = x.state.objects.execs.idsOf(container.id);
  return ids.length === 0 ? null : ids;
}

function stateOf(container: Container): Record<string, unknown> {
  return {
    Status: stateString(container),
    Running: container.state === 'running',
    Paused: container.paused,
    Restarting: false,
    OOMKilled: false,
    Dead: false,
    Pid: 0,
    ExitCode: container.exitCode,
    Error: container.startError ?? '',
    StartedAt: container.startedAt === null ? GO_ZERO_TIME_TEXT : rfc3339Nano(container.startedAt),
    FinishedAt: container.finishedAt === null ? GO_ZERO_TIME_TEXT : rfc3339Nano(container.finishedAt),
  };
}

/** The overlay2 directory of a layer the simulator keeps: its diff ID's first hex digits (as the image's inspect names it). */
const layerDir = (root: string, diffId: string): string => posix.join(root, 'overlay2', diffId.slice(7, 7 + 25));

/**
 * The container's overlay2 directories: its own layer (named after its ID here; a random ID on
 * the daemon), its init layer below it and its image's layers, top first; from 28.0 the
 * container's ID too (observed: 26.1.5 has no ID, 28.5.2 has).
 */
/** The container's own overlay2 directory (a random ID on the daemon; derived from the container's ID here). */
export const ownLayerDir = (x: Exchange, container: Container): string =>
  posix.join(x.state.config.dataRoot, 'overlay2', createHash('sha256').update(container.id).digest('hex'));

function graphDriverOf(x: Exchange, container: Container): Record<string, unknown> {
  const root = x.state.config.dataRoot;
  const own = ownLayerDir(x, container);
  const lower = [`${own}-init/diff`, ...[...diffIdsOf(container.image)].reverse().map((diffId) => `${layerDir(root, diffId)}/diff`)];
  return {
    Data: {
      ...(releaseBelow(x, '28.0') ? {} : { ID: container.id }),
      LowerDir: lower.join(':'),
      MergedDir: `${own}/merged`,
      UpperDir: `${own}/diff`,
      WorkDir: `${own}/work`,
    },
    Name: 'overlay2',
  };
}

/** The files the daemon writes for a container when it first starts (moby's layout under the data root; a shared network's files are the other container's, observed on 20.10.24 and 28.5.2); "" before. */
function filesOf(x: Exchange, container: Container): Record<string, string> {
  const dir = (id: string): string => posix.join(x.state.config.dataRoot, 'containers', id);
  const started = container.startedAt !== null;
  const file = (name: string, id = container.id): string => (started ? posix.join(dir(id), name) : '');
  // On another container's network the start takes that one's network files.
  const ref = networkedContainerRef(container);
  const shared = (ref === null ? undefined : x.state.objects.findContainer(ref)?.id) ?? container.id;
  return {
    ResolvConfPath: file('resolv.conf', shared),
    HostnamePath: file('hostname', shared),
    HostsPath: file('hosts', shared),
    LogPath: file(`${container.id}-json.log`),
  };
}

/**
 * GET /containers/{name}/json, in moby's field order (the same on 20.10.24, 26.1.5 and 28.5.2);
 * `withSize` (the query's `size`) adds SizeRw and SizeRootFs after the storage, both even when 0
 * (pointers with omitempty; observed on 20.10.24, 28.5.2 and 29.7.2).
 */
export function shapeContainerInspect(x: Exchange, container: Container, withSize = false): Record<string, unknown> {
  const [path = '', ...args] = commandOf(container);
  return legacyInspect(x, container, {
    Id: container.id,
    Created: rfc3339Nano(container.created),
    Path: path,
    Args: args,
    State: stateOf(container),
    Image: container.image.id,
    ...filesOf(x, container),
    Name: `/${container.name}`,
    RestartCount: 0,
    Driver: container.image.containerd === undefined ? 'overlay2' : SNAPSHOTTER,
    // The image's OS (moby: container.ImagePlatform.OS; a container without an image the host's).
    Platform: platformOf(container.image).os,
    MountLabel: '',
    ProcessLabel: '',
    AppArmorProfile: '',
    ExecIDs: execIdsOf(x, container),
    HostConfig: shapeHostConfig(x, container.hostConfig),
    ...storageOf(x, container),
    ...(withSize ? sizesOf(x, container) : {}),
    Mounts: shapeMounts(x, container),
    Config: shapeConfig(x, container.config),
    NetworkSettings: shapeNetworkSettings(x, container),
    ...manifestOf(x, container),
  });
}

/**
 * Where the container's files are: the graph driver's directories, or in containerd's store its
 * snapshotter's name, as Storage from API 1.52 and as a GraphDriver without data below (moby
 * docker-v29.7.2 daemon/inspect.go and the container router; observed on 29.7.2).
 */
function storageOf(x: Exchange, container: Container): Record<string, unknown> {
  if (container.image.containerd === undefined) return { GraphDriver: graphDriverOf(x, container) };
  return apiBelow(x, '1.52') ? { GraphDriver: { Data: null, Name: SNAPSHOTTER } } : { Storage: { RootFS: { Snapshot: { Name: SNAPSHOTTER } } } };
}

/** In containerd's store, from API 1.48: the descriptor of the image's manifest the container was made from. */
function manifestOf(x: Exchange, container: Container): Record<string, unknown> {
  const content = container.image.containerd;
  return content === undefined || apiBelow(x, '1.48') ? {} : { ImageManifestDescriptor: imageManifestDescriptor(container.image, content) };
}

/**
 * The usage of the container's own layer (container-fs.ts: ownEntries): with a graph driver the
 * sizes of its files and links (directory.Size; observed on 28.5.2: 5008 for files of 5 and 5000
 * bytes and a link to "top"); in containerd's store its snapshot's blocks, the root directory's
 * included (observed on 29.7.2: 4096 untouched, 8192 once it ran under an init, 24576 for those
 * files in a new directory of a copied-up one).
 */
export function writableLayerSize(x: Exchange, container: Container): number {
  const own = ownEntries(x, container);
  // The root counts in a snapshot (snapshotUsage adds it), not with a graph driver.
  if (container.image.containerd !== undefined) return snapshotUsage(own);
  return distinctInodes(own.filter((entry) => entry.path !== '/')).reduce((total, entry) => total + (entry.type === 'directory' ? 0 : statSize(entry)), 0);
}

/**
 * SizeRw and SizeRootFs: in containerd's store the snapshots' usage (its own, the init one, the
 * image's); with a graph driver the image's files and the container's own.
 */
function sizesOf(x: Exchange, container: Container): { readonly SizeRw: number; readonly SizeRootFs: number } {
  const content = container.image.containerd;
  const own = writableLayerSize(x, container);
  if (content === undefined) return { SizeRw: own, SizeRootFs: container.image.size + own };
  return { SizeRw: own, SizeRootFs: own + containerInitUsage(content) + unpackedSize(content) };
}

/** A list entry's sizes: with a graph driver SizeRw is left out while it is 0 (the summary's plain int64 with omitempty). */
function summarySizesOf(x: Exchange, container: Container): Record<string, number> {
  const sizes = sizesOf(x, container);
  return container.image.containerd === undefined && sizes.SizeRw === 0 ? { SizeRootFs: sizes.SizeRootFs } : sizes;
}

/** Go's units.HumanDuration, as the list's Status writes it. */
function humanDuration(seconds: number): string {
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'About an hour' : `${hours} hours`;
}

function statusOf(container: Container, now: bigint): string {
  if (container.state === 'created') return 'Created';
  const since = (from: bigint | null): number => Number((now - (from ?? now)) / 1_000_000_000n);
  if (container.state === 'running') return `Up ${humanDuration(since(container.startedAt))}${container.paused ? ' (Paused)' : ''}`;
  return `Exited (${container.exitCode}) ${humanDuration(since(container.finishedAt))} ago`;
}

/**
 * The image a list entry names: as the create named it while that name still resolves to the
 * container's image, its full ID once the name is gone or names another image (moby
 * daemon/list.go; observed on 20.10.24, 26.1.5, 28.5.2 after a new import took the tag).
 */
function listedImage(x: Exchange, container: Container): string {
  const { imageRef, image } = container;
  if (imageRef === image.id) return imageRef;
  return x.state.objects.findImage(imageRef)?.id === image.id ? imageRef : image.id;
}

/**
 * One entry of GET /containers/json; `withSize` (the list's `size`, and system df) adds the sizes
 * (sizesOf). With a graph driver SizeRw is moby's omitempty: a container that wrote nothing shows
 * only SizeRootFs, the image's size (observed on 20.10.24, 26.1.5, 28.5.2, running or not).
 */
export function shapeContainerSummary(x: Exchange, container: Container, now: bigint, withSize = false): Record<string, unknown> {
  return summaryOf(x, container, now, withSize, !apiBelow(x, '1.52'));
}

/**
 * One container of system df's Containers (moby's containerDiskUsage, from 29.0): the daemon's
 * summary as no list router rewrote it, its sizes with it, Health at every API version, without
 * the image's manifest (observed on 29.7.2).
 */
export function diskUsageContainer(x: Exchange, container: Container, now: bigint): Record<string, unknown> {
  const { ImageManifestDescriptor: _manifest, ...summary } = summaryOf(x, container, now, true, true);
  return summary;
}

function summaryOf(x: Exchange, container: Container, now: bigint, withSize: boolean, health: boolean): Record<string, unknown> {
  return {
    Id: container.id,
    Names: [`/${container.name}`],
    Image: listedImage(x, container),
    ImageID: container.image.id,
    ...manifestOf(x, container),
    Command: commandOf(container).join(' '),
    Created: unixSeconds(container.created),
    Ports: [],
    ...(withSize ? summarySizesOf(x, container) : {}),
    Labels: container.config['Labels'],
    State: stateString(container),
    Status: statusOf(container, now),
    HostConfig: { NetworkMode: container.hostConfig['NetworkMode'] },
    ...(releaseBelow(x, '29.0') || !health ? {} : { Health: healthSummary(container) }),
    NetworkSettings: { Networks: networksOf(x, container) },
    Mounts: shapeMounts(x, container),
  };
}

/**
 * The list's health summary from 29.0 at API 1.52 (moby docker-v29.0.0 container/view.go): "none"
 * for a container without a probe (no Healthcheck, an empty Test, or NONE) or never started; a
 * started one with a probe is "starting", which is where ctrd-sim's stays, since it runs no probe.
 */
function healthSummary(container: Container): { readonly Status: string; readonly FailingStreak: 0 } {
  const test = (container.config['Healthcheck'] as { Test?: unknown } | undefined)?.Test;
  const probe = Array.isArray(test) && (test[0] === 'CMD' || test[0] === 'CMD-SHELL');
  return { Status: probe && container.startedAt !== null ? 'starting' : 'none', FailingStreak: 0 };
}
