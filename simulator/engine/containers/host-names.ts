import { closeSync, openSync, readSync } from 'node:fs';
import { groupEntries, passwdEntries, scanUserFile } from '../exec/user-files.js';
import { withTypeBitsInModes } from '../objects/index.js';
import { withOwnerNames } from '../objects/tar-entries.js';

/** What ctrd-sim reads of the host's /etc/passwd or /etc/group, the daemon's own user database. */
const HOST_USER_FILE_LIMIT = 4 * 1024 * 1024;

/** The host's /etc/passwd or /etc/group (bounded), read as the container's files are. */
export function hostUserFile(kind: 'passwd' | 'group'): { readonly lines: readonly Buffer[] } | { readonly error: string } {
  const path = `/etc/${kind}`;
  let content: Buffer;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(HOST_USER_FILE_LIMIT);
      content = buffer.subarray(0, readSync(fd, buffer, 0, HOST_USER_FILE_LIMIT, null));
    } finally {
      closeSync(fd);
    }
  } catch {
    return { error: `open ${path}: no such file or directory` };
  }
  const file = scanUserFile(content, kind, path);
  return 'absent' in file ? { lines: [] } : file;
}

/** The host's names of user and group IDs, as Go's os/user finds them ("" for an ID it lacks). */
function hostOwnerNames(): { readonly user: (uid: number) => string; readonly group: (gid: number) => string } {
  const passwd = hostUserFile('passwd');
  const group = hostUserFile('group');
  const users = 'lines' in passwd ? passwdEntries(passwd.lines) : [];
  const groups = 'lines' in group ? groupEntries(group.lines) : [];
  return {
    user: (uid) => users.find((entry) => entry.uid === BigInt(uid))?.name.toString('latin1') ?? '',
    group: (gid) => groups.find((entry) => entry.gid === BigInt(gid))?.name.toString('latin1') ?? '',
  };
}

/**
 * A tarball of a container's files as moby before 23.0 writes it (`GET …/archive`, the export): Go's
 * older tar writer keeps the file type in the mode, and tar.FileInfoHeader names each owner and
 * group as the daemon's host does (observed on 20.10.24: uid 0 "root", an ID the host lacks "").
 * From 23.0 (FileInfoHeaderNoLookups, Go's newer writer) neither.
 */
export const asOlderMobyWrites = (tar: Buffer): Buffer => withOwnerNames(withTypeBitsInModes(tar), hostOwnerNames());
