import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import type { Container } from '../objects/index.js';
import type { LayerFilesystem } from '../objects/filesystem.js';
import { releaseBelow } from '../replies.js';
import { type GroupEntry, groupEntries, type PasswdEntry, passwdEntries, readUserFile } from '../exec/user-files.js';
import { goQuote } from '../go-strconv.js';
import { containerFilesystem } from './container-fs.js';
import { hostUserFile } from './host-names.js';

/** Whom an upload with copyUIDGID gives its entries: an owner, none (the headers' own), a refusal, or a lookup that runs a program. */
export type CopyOwner =
  | { readonly uid: number; readonly gid: number }
  | { readonly headers: true }
  | { readonly status: number; readonly message: string }
  | { readonly runsGetent: true };

/**
 * Where each release looks the container's user up for copyUIDGID (moby tarCopyOptions):
 * - `host`: idtools.LookupUser in the daemon's own /etc/passwd, then the host's getent;
 * - `container-idtools` (24.0, which extracts inside the container's root): the same, in the
 *   container's files, and its getent where its PATH finds one;
 * - `container` (28.0, getUIDGID): a user and a group, each a name or an ID, in the container's
 *   files, a refusal a 400.
 * Observed on 20.10.24 (host), 26.1.5 (container-idtools), 28.5.2 and 29.7.2 (container).
 */
const LOOKUP_FROM = { containerIdtools: '24.0', container: '28.0' } as const;

/** The daemon's PATH, as exec.LookPath searches it for getent inside the container's root. */
const DAEMON_PATH = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

const INT32_MAX = 2n ** 31n - 1n;

/** The owner copyUIDGID gives an upload's entries in `container`. */
export function copyOwner(x: Exchange, container: Container): CopyOwner {
  const spec = typeof container.config['User'] === 'string' ? container.config['User'] : '';
  if (spec === '') return { headers: true };
  if (releaseBelow(x, LOOKUP_FROM.containerIdtools)) return idtoolsLookup(spec, hostUserFile('passwd'), null);
  const fs = containerFilesystem(x, container);
  if (releaseBelow(x, LOOKUP_FROM.container)) return idtoolsLookup(spec, containerFile(fs, '/etc/passwd', 'passwd'), fs);
  return getUidGid(spec, fs);
}

/** The container's file at `path` read as moby/sys/user opens it (os.Open): its lines, or the error. */
function containerFile(fs: LayerFilesystem, path: string, kind: 'passwd' | 'group'): { readonly lines: readonly Buffer[] } | { readonly error: string } {
  const file = readUserFile(fs, path, path, kind, 'any');
  if ('absent' in file) return { error: `open ${path}: no such file or directory` };
  return file;
}

const owner = (entry: PasswdEntry): CopyOwner => ({ uid: Number(entry.uid), gid: Number(entry.gid) });
const named = <T extends { readonly name: Buffer }>(entries: readonly T[], name: string): T | undefined =>
  entries.find((entry) => entry.name.equals(Buffer.from(name)));

/**
 * idtools.LookupUser: the whole spec as a user's name in passwd; else getent: on the host (a name
 * or a UID; "getent unable to find entry … in passwd database" where it has none), in the
 * container where its PATH has one (it runs a program: not modelled), else exec's words. A 500.
 */
function idtoolsLookup(spec: string, passwd: { readonly lines: readonly Buffer[] } | { readonly error: string }, fs: LayerFilesystem | null): CopyOwner {
  const users = 'lines' in passwd ? passwdEntries(passwd.lines) : [];
  const found = named(users, spec);
  if (found !== undefined) return owner(found);
  if (fs === null) {
    // getent passwd <key> finds a name, or a number as a UID.
    const byUid = /^[0-9]+$/.test(spec) ? users.find((user) => user.uid === BigInt(spec)) : undefined;
    return byUid !== undefined ? owner(byUid) : { status: 500, message: `getent unable to find entry ${goQuote(spec)} in passwd database` };
  }
  if (hasGetent(fs)) return { runsGetent: true };
  return { status: 500, message: 'unable to find getent command: exec: "getent": executable file not found in $PATH' };
}

/** Whether exec.LookPath finds getent in the container: an executable regular file, its links followed. */
function hasGetent(fs: LayerFilesystem): boolean {
  return DAEMON_PATH.some((dir) => {
    const entry = fs.lookup(posix.join(dir, 'getent'), true);
    return entry?.type === 'file' && (entry.mode & 0o111) !== 0;
  });
}

/** getIDOrName: a decimal ID up to int32's largest, else a name. */
const idOrName = (text: string): { readonly id: number } | { readonly name: string } =>
  /^[0-9]+$/.test(text) && BigInt(text) <= INT32_MAX ? { id: Number(text) } : { name: text };

/**
 * moby's getUIDGID (28.0): the user (before the first colon) by name, or by ID with its primary
 * group where passwd has it (else group 0); then the group (after it) by name or ID. An empty part
 * is root's. A refusal is a 400 "failed to look up user|group "…" in container: …".
 */
function getUidGid(spec: string, fs: LayerFilesystem): CopyOwner {
  const colon = spec.indexOf(':');
  const userPart = colon < 0 ? spec : spec.slice(0, colon);
  const groupPart = colon < 0 ? '' : spec.slice(colon + 1);
  let uid = 0;
  let gid = 0;
  if (userPart !== '') {
    const passwd = containerFile(fs, '/etc/passwd', 'passwd');
    const users = 'lines' in passwd ? passwdEntries(passwd.lines) : [];
    const wanted = idOrName(userPart);
    if ('name' in wanted) {
      const problem = 'error' in passwd ? passwd.error : 'no matching entries in passwd file';
      const found = 'error' in passwd ? undefined : named(users, wanted.name);
      if (found === undefined) return { status: 400, message: `failed to look up user ${goQuote(wanted.name)} in container: ${problem}` };
      uid = Number(found.uid);
      gid = Number(found.gid);
    } else {
      // By ID the lookup is best-effort: a user of that UID gives its group, none gives group 0.
      const found = users.find((user) => user.uid === BigInt(wanted.id));
      uid = wanted.id;
      gid = found === undefined ? 0 : Number(found.gid);
    }
  }
  if (groupPart !== '') {
    const wanted = idOrName(groupPart);
    if ('id' in wanted) gid = wanted.id;
    else {
      const group = containerFile(fs, '/etc/group', 'group');
      const found: GroupEntry | undefined = 'error' in group ? undefined : named(groupEntries(group.lines), wanted.name);
      const problem = 'error' in group ? group.error : 'no matching entries in group file';
      if (found === undefined) return { status: 400, message: `failed to look up group ${goQuote(groupPart)} in container: ${problem}` };
      gid = Number(found.gid);
    }
  }
  return { uid, gid };
}
