import type { EventLog } from './events.js';
import type { FsEntry } from './tar-entries.js';

/** A volume of the local driver: what its metadata keeps (the simulator makes no directory). */
export interface Volume {
  readonly name: string;
  readonly driver: 'local';
  /** As the create gave them: null when it gave none. */
  readonly labels: Readonly<Record<string, string>> | null;
  readonly options: Readonly<Record<string, string>> | null;
  readonly createdAt: Date;
  /** What a container's create copied into it from its image, rooted at `/` (the volume's root); absent: nothing. */
  readonly content?: readonly FsEntry[];
}

/** What a local volume's driver mounted over its directory: a tmpfs (its files, as long as it stays mounted) or a host directory. */
export type VolumeMounted =
  | { readonly kind: 'tmpfs'; files: readonly FsEntry[]; readonly readOnly: boolean; readonly maxBytes?: number; readonly maxInodes?: number }
  | { readonly kind: 'bind'; readonly hostPath: string; readonly readOnly: boolean };

/** A local volume with mount options as its driver keeps it (moby volume/local active): its mount count and what is mounted. */
export interface VolumeMountState {
  count: number;
  mounted: VolumeMounted | null;
}

/**
 * The volumes of one simulator, by name, in the order they were made (moby keeps them in a Go
 * map, so a real daemon lists them in no fixed order). Events: create and destroy with the driver,
 * and prune with the space it reclaimed.
 */
export class VolumeStore {
  private readonly byName = new Map<string, Volume>();
  private readonly mountStates = new Map<string, VolumeMountState>();

  constructor(private readonly events: EventLog) {}

  find(name: string): Volume | undefined {
    return this.byName.get(name);
  }

  all(): Volume[] {
    return [...this.byName.values()];
  }

  add(volume: Volume): void {
    this.byName.set(volume.name, volume);
    this.recordCreate(volume);
  }

  /** The volume given what a create copied into it (no event). */
  fill(name: string, content: readonly FsEntry[]): void {
    const volume = this.byName.get(name);
    if (volume !== undefined) this.byName.set(name, { ...volume, content });
  }

  /** The driver's mount state of the volume (made on first use). */
  mountState(name: string): VolumeMountState {
    const state = this.mountStates.get(name) ?? { count: 0, mounted: null };
    this.mountStates.set(name, state);
    return state;
  }

  /** The create event alone: 20.10 records one for every create, also of a volume that exists. */
  recordCreate(volume: Volume): void {
    this.events.record('volume', 'create', volume.name, { driver: volume.driver });
  }

  /** Removes the volume; `quiet`: without its destroy event (20.10's prune records none). */
  remove(volume: Volume, quiet = false): void {
    this.byName.delete(volume.name);
    this.mountStates.delete(volume.name);
    if (!quiet) this.events.record('volume', 'destroy', volume.name, { driver: volume.driver });
  }

  recordPrune(reclaimed: number): void {
    this.events.record('volume', 'prune', '', { reclaimed: String(reclaimed) });
  }
}
