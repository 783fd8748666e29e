import { nowNanos } from './clock.js';
import type { ContainerLayer } from './container-layer.js';
import type { FsEntry } from './tar-entries.js';
import { EventLog } from './events.js';
import { ExecStore } from './execs.js';
import type { Image } from './images.js';
import { familiarRepoTag, normalizedName, splitReference } from './references.js';
import { VolumeStore } from './volumes.js';
import { PluginStore } from '../plugins/plugin-store.js';
import type { MountPoint } from '../containers/mount-points.js';

/** A container's entry on one network (moby network.EndpointSettings): what it was joined with, and its endpoint once started. */
export interface ContainerEndpoint {
  readonly aliases: readonly string[] | null;
  readonly links: readonly string[] | null;
  /** The IPAMConfig and DriverOpts as the create or connect gave them, or null. */
  readonly ipam: Readonly<Record<string, unknown>> | null;
  readonly driverOpts: Readonly<Record<string, string>> | null;
  /** The names it answers to on a user-defined network (from 25.0), or null. */
  readonly dnsNames: readonly string[] | null;
  /** The network's ID from the container's first start on it (kept after it stops), or null. */
  networkId: string | null;
  /** Its endpoint while it runs, or null. */
  endpointId: string | null;
  /** The endpoint's addresses on a network that gives them (a bridge network), while it runs. */
  addresses?: EndpointAddresses | null;
}

/** What an endpoint was given: its addresses with their prefix lengths and gateways ("" and 0 for a family it has none of), and its MAC address. */
export interface EndpointAddresses {
  readonly ipv4: string;
  readonly ipv4PrefixLen: number;
  readonly gateway: string;
  readonly ipv6: string;
  readonly ipv6PrefixLen: number;
  readonly ipv6Gateway: string;
  readonly mac: string;
}

/** A container: created from an image, never running anything (the simulator has no runtime). */
export interface Container {
  readonly id: string;
  /** Without the leading "/"; a rename changes it. */
  name: string;
  readonly image: Image;
  /** The image as the create named it. */
  readonly imageRef: string;
  readonly created: bigint;
  /** Config as inspect shows it (moby container.Config), in its field order; a start on the bridge the daemon lacks sets NetworkDisabled. */
  config: Readonly<Record<string, unknown>>;
  hostConfig: Readonly<Record<string, unknown>>;
  state: 'created' | 'running' | 'exited';
  /** A running container frozen by a pause. */
  paused: boolean;
  startedAt: bigint | null;
  finishedAt: bigint | null;
  exitCode: number;
  /** State.Error: why its last start failed (moby's SetError), absent once one succeeds. */
  startError?: string;
  /** The network sandbox of its last start (kept after it stops before 28.0), or null. */
  sandboxId: string | null;
  /**
   * NetworkSettings.Networks: each network the container is on, by the name it was joined under
   * (its NetworkMode's, and those a connect added); written in key order, as Go writes a map.
   */
  readonly networks: Map<string, ContainerEndpoint>;
  /** What it wrote into its own layer (PUT …/archive). */
  readonly layer: ContainerLayer;
  /** Its mount points, as its create registered them (containers/mount-points.ts). */
  readonly mounts?: readonly MountPoint[];
  /** The hostname, hosts and resolv.conf its last start wrote (containers/network-files.ts), or what of them is not modelled. */
  networkFiles?: readonly FsEntry[] | { readonly unmodelled: string };
}

/**
 * The images, tags, containers, volumes and events of one simulator: created once when it starts and kept
 * across reloads. In memory only, so a restart (a new simulator) begins empty, which a daemon
 * with a fresh data root does too.
 */
export class ObjectStore {
  readonly events = new EventLog();
  readonly volumes = new VolumeStore(this.events);
  readonly plugins = new PluginStore(this.events);
  readonly execs = new ExecStore((id) => this.findContainer(id));
  private readonly images = new Map<string, Image>();
  /**
   * Familiar `repo:tag` (references.ts: familiarRepoTag) → image ID, and when each was tagged: with a
   * graph driver at its last tag; in containerd's store when its record was made (a tag the name
   * already had leaves it as it was).
   */
  private readonly tags = new Map<string, string>();
  private readonly tagTimes = new Map<string, bigint>();
  /**
   * containerd's store: when each untagged image's dangling record (moby-dangling@<digest>) was made,
   * by image ID: when the image came untagged, or when its last tag went or moved to another image
   * (moby's c8d softImageDelete). Observed on 29.7.2 (2026-12-06): an untagged image loaded from an
   * archive dated 2026-01-01 has the load's time as its LastTagTime, and `until` compares that time.
   */
  private readonly danglingTimes = new Map<string, bigint>();
  private readonly containers = new Map<string, Container>();

  addImage(image: Image): void {
    if (image.containerd !== undefined && !this.images.has(image.id)) this.danglingTimes.set(image.id, nowNanos());
    this.images.set(image.id, image);
  }

  /** `repo:tag` (or `repo`, as `repo:latest`) in any spelling of its name, a full ID with or without `sha256:`, or a unique ID prefix. */
  findImage(name: string): Image | undefined {
    const tagged = this.tags.get(familiarRepoTag(name));
    if (tagged !== undefined) return this.images.get(tagged);
    const hex = name.startsWith('sha256:') ? name.slice(7) : name;
    if (!/^[0-9a-f]+$/.test(hex)) return undefined;
    // containerd's store takes an ID of 4 to 64 digits (checkTruncatedID).
    const found = [...this.images.values()].filter((image) => image.id.slice(7).startsWith(hex) && (image.containerd === undefined || hex.length >= 4));
    return found.length === 1 ? found[0] : undefined;
  }

  allImages(): Image[] {
    return [...this.images.values()];
  }

  /** Whether an image was made from this one (a commit's parent): moby's imageStore.Children. */
  hasChildren(image: Image): boolean {
    return [...this.images.values()].some((other) => other.origin?.parent === image.id);
  }

  /** How many containers use each image, by image ID (moby's ContainerCount). */
  imageUsers(): Map<string, number> {
    const users = new Map<string, number>();
    for (const container of this.containers.values()) users.set(container.image.id, (users.get(container.image.id) ?? 0) + 1);
    return users;
  }

  /** The tag `name` spells (`docker.io/library/x` is `x:latest`), when there is one. */
  taggedAs(name: string): string | undefined {
    const repoTag = familiarRepoTag(name);
    return this.tags.has(repoTag) ? repoTag : undefined;
  }

  /** The familiar `repo:tag`s of a repository in its familiar spelling. */
  repositoryTags(repository: string): string[] {
    return [...this.tags.keys()].filter((repoTag) => splitReference(repoTag).repo === repository);
  }

  /**
   * The image's familiar `repo:tag`s, sorted (moby's reference store sorts them: observed on
   * 20.10.24, 26.1.5, 28.5.2); in containerd's store by their full names, as it lists its images.
   */
  tagsOf(image: Image): string[] {
    const key = image.containerd === undefined ? (tag: string) => tag : normalizedName;
    return [...this.tags]
      .filter(([, id]) => id === image.id)
      .map(([repoTag]) => [key(repoTag), repoTag] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, repoTag]) => repoTag);
  }

  /** The latest of its tags' times; in containerd's store an untagged image's is its dangling record's. */
  lastTagTime(image: Image): bigint | null {
    const times =
      image.containerd === undefined ? this.tagsOf(image).map((tag) => this.tagTimes.get(tag)!) : this.recordsOf(image).map((record) => record.made);
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
    return times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b));
  }

  /**
   * containerd's store: the image's records, each with when it was made: one per tag (its familiar
   * `repo:tag`, in the store's order), or its dangling record (tag null) when it has none.
   */
  recordsOf(image: Image): { readonly tag: string | null; readonly made: bigint }[] {
    const tags = this.tagsOf(image);
    if (tags.length > 0) return tags.map((tag) => ({ tag, made: this.tagTimes.get(tag)! }));
    return [{ tag: null, made: this.danglingTimes.get(image.id) ?? image.created }];
  }

  /** Points `repo:tag` at the image (moving it from another one); records the `tag` event unless `quiet` (a load tags without one). */
  tag(image: Image, name: string, at: bigint, quiet = false): void {
    const repoTag = familiarRepoTag(name);
    const before = this.tags.get(repoTag);
    // containerd's store keeps the record a tag already has (moby's c8d createOrReplaceImage).
    const made = image.containerd !== undefined && before === image.id ? this.tagTimes.get(repoTag)! : at;
    this.tags.delete(repoTag);
    this.tags.set(repoTag, image.id);
    this.tagTimes.set(repoTag, made);
    this.danglingTimes.delete(image.id);
    if (before !== undefined && before !== image.id) this.keepDangling(before, at);
    if (!quiet) this.imageEvent(image, 'tag', repoTag);
  }

  /** containerd's store: an image left without tags gets its dangling record, made `at`. */
  private keepDangling(id: string, at: bigint): void {
    const image = this.images.get(id);
    if (image?.containerd !== undefined && this.tagsOf(image).length === 0) this.danglingTimes.set(id, at);
  }

  untag(name: string): void {
    const repoTag = familiarRepoTag(name);
    const id = this.tags.get(repoTag);
    if (id === undefined) return;
    this.tags.delete(repoTag);
    this.tagTimes.delete(repoTag);
    this.keepDangling(id, nowNanos());
    const image = this.images.get(id);
    if (image === undefined) this.events.record('image', 'untag', id, { name: id });
    // containerd's store names the reference, without the image's labels (moby's c8d logImageEvent).
    else if (image.containerd !== undefined) this.events.record('image', 'untag', id, { name: repoTag });
    else this.imageEvent(image, 'untag', id);
  }

  /**
   * An image event as moby's LogImageEvent writes it: the image's labels, then its name. The delete
   * event has none (the image is gone when it is logged); observed on 20.10.24, 26.1.5, 28.5.2.
   */
  imageEvent(image: Image, action: string, name: string): void {
    this.events.record('image', action, image.id, { ...(image.config.Labels ?? {}), name });
  }

  /** Forgets an image that never had a record of its own (one containerd's importer named and then renamed within one load): no event. */
  forgetImage(image: Image): void {
    this.images.delete(image.id);
    this.danglingTimes.delete(image.id);
  }

  /** Forgets the image; its delete event names it by ID, or as `name` (containerd's prune names the record it removed last). */
  removeImage(image: Image, name = image.id): void {
    this.images.delete(image.id);
    this.danglingTimes.delete(image.id);
    this.events.record('image', 'delete', image.id, { name });
  }

  addContainer(container: Container): void {
    this.containers.set(container.id, container);
  }

  /** By full ID, name (with or without "/") or unique ID prefix. */
  findContainer(key: string): Container | undefined {
    const byId = this.containers.get(key);
    if (byId !== undefined) return byId;
    const name = key.replace(/^\//, '');
    const all = [...this.containers.values()];
    const named = all.find((container) => container.name === name);
    if (named !== undefined) return named;
    const prefixed = /^[0-9a-f]+$/.test(key) ? all.filter((container) => container.id.startsWith(key)) : [];
    return prefixed.length === 1 ? prefixed[0] : undefined;
  }

  allContainers(): Container[] {
    return [...this.containers.values()];
  }

  removeContainer(container: Container): void {
    this.containers.delete(container.id);
  }

  /** Renames a container, and records the event ("/" and the old name beside the new one, as moby does). */
  renameContainer(container: Container, name: string): void {
    const oldName = `/${container.name}`;
    container.name = name;
    this.containerEvent(container, 'rename', { oldName });
  }

  /** A network event of a container joining or leaving a network (moby: the network's ID, the container, the network's name and driver). */
  networkEvent(action: 'connect' | 'disconnect', network: { readonly id: string; readonly name: string; readonly driver: string }, container: Container): void {
    this.events.record('network', action, network.id, { container: container.id, name: network.name, type: network.driver });
  }

  /** A container event: its actor's attributes are the image as named, the name and the labels. */
  containerEvent(container: Pick<Container, 'id' | 'name' | 'imageRef' | 'config'>, action: string, extra: Readonly<Record<string, string>> = {}): void {
    const labels = (container.config['Labels'] ?? {}) as Record<string, string>;
    this.events.record('container', action, container.id, { ...labels, image: container.imageRef, name: container.name, ...extra });
  }
}
