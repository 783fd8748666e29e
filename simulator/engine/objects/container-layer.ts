import type { FsEntry } from './tar-entries.js';

/**
 * What a container wrote into its own layer, the upper directory of its overlay: the entries an
 * upload extracted (PUT …/archive), the directories above them that it copied up or made, and the
 * root once something was made in it. A container that wrote nothing has none.
 */
export class ContainerLayer {
  private readonly byPath = new Map<string, FsEntry>();

  get(path: string): FsEntry | undefined {
    return this.byPath.get(path);
  }

  put(entry: FsEntry): void {
    this.byPath.set(entry.path, entry);
  }

  /** Removes the entry at `path` and everything below it. */
  removeAll(path: string): void {
    for (const key of [...this.byPath.keys()]) if (key === path || key.startsWith(`${path}/`)) this.byPath.delete(key);
  }

  /** Every entry, the root's included where it was touched, in path order. */
  entries(): FsEntry[] {
    return [...this.byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Whether an upload wrote anything. */
  get isEmpty(): boolean {
    return this.byPath.size === 0;
  }
}
