import { posix } from 'node:path';

/**
 * What moby's chrootarchive.Untar makes of a plugin's rootfs entries, as far as the simulator
 * follows it: files, directories, fifos, symbolic links (any target: the unpack runs chrooted in
 * the rootfs, so none leads out) and hard links to a file or fifo already there; an existing path
 * is replaced unless both are directories, "." is skipped, missing parents are made (fifos and a
 * hard link to one observed on 20.10.24, 28.5.2 and 29.7.2). Anything else (devices, a parent that
 * is a file, a fifo or a link, a hard link to nothing or to a directory) unpacks with an outcome
 * the simulator does not model.
 */

type Kind = 'file' | 'directory' | 'symlink' | 'fifo';

/** Tar type flags the tree takes, and what each makes. */
const KINDS: Readonly<Record<string, Kind | 'hardlink'>> = { '0': 'file', '5': 'directory', '2': 'symlink', '1': 'hardlink', '6': 'fifo' };

export class RootfsTree {
  private readonly paths = new Map<string, Kind>([['.', 'directory']]);

  /** Unpacks one entry (its name already moby's: clean and relative); false when its outcome is not modelled. */
  add(name: string, typeflag: string, linkname: string): boolean {
    if (name === '.') return true;
    const kind = KINDS[typeflag];
    if (kind === undefined) return false;
    if (!this.parentsReady(name)) return false;
    if (kind === 'hardlink') {
      const target = posix.normalize(`/${linkname}`).slice(1) || '.';
      const found = this.paths.get(target);
      if (found === undefined || found === 'directory') return false;
      this.replace(name, found);
      return true;
    }
    if (kind === 'directory' && this.paths.get(name) === 'directory') return true;
    this.replace(name, kind);
    return true;
  }

  /** Makes the missing parents of `name`; false when one is there but no directory. */
  private parentsReady(name: string): boolean {
    const parts = name.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const kind = this.paths.get(parent);
      if (kind === undefined) this.paths.set(parent, 'directory');
      else if (kind !== 'directory') return false;
    }
    return true;
  }

  /** os.RemoveAll of what is there, then the new entry. */
  private replace(name: string, kind: Kind): void {
    for (const path of [...this.paths.keys()]) if (path === name || path.startsWith(`${name}/`)) this.paths.delete(path);
    this.paths.set(name, kind);
  }
}
