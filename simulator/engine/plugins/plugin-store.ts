import type { EventLog } from '../objects/events.js';
import { goQuote } from '../go-strconv.js';
import type { Plugin } from './plugin.js';
import { familiarTagged, parseNormalizedNamed } from './reference.js';
import type { IngestPiece } from './rootfs-blob.js';

/** Why a name finds no plugin: moby's errNotFound (404) or errAmbiguous (400). */
export interface LookupRefusal {
  readonly status: 404 | 400;
  readonly message: string;
}

const FULL_ID = /^[a-f0-9]{64}$/;

/**
 * The plugins of one simulator (moby's plugin.Store), in the order they were made (moby keeps them
 * in a Go map, so a real daemon lists them in no fixed order), with what the plugin content store
 * holds of them: the rootfs blobs they use (moby's GC drops a blob when no plugin uses it) and
 * the ingests failed creates left under their names, which the next create of the name appends to.
 * Events: create and remove, named as moby logs them.
 */
export class PluginStore {
  private readonly byId = new Map<string, Plugin>();
  private readonly ingests = new Map<string, IngestPiece[]>();

  constructor(private readonly events: EventLog) {}

  all(): Plugin[] {
    return [...this.byId.values()];
  }

  /** The plugin of that familiar tagged name (the store's validateName). */
  named(name: string): Plugin | undefined {
    return this.all().find((plugin) => plugin.name === name);
  }

  /**
   * resolvePluginID: a full ID; else a name that parses as a reference without digest, by its
   * familiar tagged form; else a unique ID prefix. Not found is named as given.
   */
  resolve(refOrId: string, release: string): Plugin | LookupRefusal {
    const notFound: LookupRefusal = { status: 404, message: `plugin ${goQuote(refOrId)} not found` };
    if (FULL_ID.test(refOrId)) return this.byId.get(refOrId) ?? notFound;
    const reference = parseNormalizedNamed(refOrId, release);
    if ('error' in reference || reference.digest !== '') return notFound;
    const named = this.named(familiarTagged(reference));
    if (named !== undefined) return named;
    const prefixed = this.all().filter((plugin) => plugin.id.startsWith(refOrId));
    if (prefixed.length > 1) return { status: 400, message: `multiple plugins found for ${goQuote(refOrId)}` };
    return prefixed[0] ?? notFound;
  }

  /** Whether a plugin's rootfs is that blob (the content store has it). */
  holdsBlob(digest: string): boolean {
    return this.all().some((plugin) => plugin.rootfsDigest === digest);
  }

  /** What failed creates left in the ingest of a name (its blob writer's ref). */
  ingestOf(ref: string): readonly IngestPiece[] {
    return this.ingests.get(ref) ?? [];
  }

  /** A failed create wrote `piece` to the ingest and left it there. */
  leaveInIngest(ref: string, piece: IngestPiece): void {
    this.ingests.set(ref, [...this.ingestOf(ref), piece]);
  }

  /** The ingest was committed, or removed on a commit that found its blob there. */
  dropIngest(ref: string): void {
    this.ingests.delete(ref);
  }

  add(plugin: Plugin): void {
    this.byId.set(plugin.id, plugin);
    this.events.record('plugin', 'create', plugin.id, { name: plugin.name });
  }

  /** Removes the plugin (its blob with it); the event names it as the request did. */
  remove(plugin: Plugin, asNamed: string): void {
    this.byId.delete(plugin.id);
    this.events.record('plugin', 'remove', plugin.id, { name: asNamed });
  }
}
