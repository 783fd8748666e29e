import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { containerFilesystem } from '../containers/container-fs.js';
import { ownLayerDir } from '../containers/shape.js';
import { goAtoi } from '../go-strconv.js';
import { usesContainerdStore } from '../images/image-store.js';
import { SNAPSHOTTER } from '../images/shape-containerd.js';
import type { Container } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { followSymlinkInScope } from './scoped-path.js';
import { type GroupEntry, groupEntries, passwdEntries, readUserFile, type UserFile } from './user-files.js';

/**
 * moby's getUser at an exec's create (from 28.2): the container's /etc/passwd and /etc/group
 * resolved inside its root (scoped-path.ts), then moby/sys/user's GetExecUserPath (the files
 * opened only when regular, so a directory or a dangling link reads as no file) and, for the
 * container's GroupAdd, GetAdditionalGroupsPath (opened with os.Open: a directory fails to read).
 * Observed on 28.5.2 and 29.7.2, 2026-12-07 (links absolute, relative, dangling, looping, through
 * a file, to a directory; directories; long lines; GroupAdd names and numbers).
 */

const NO_PASSWD_ENTRIES = 'no matching entries in passwd file';
const NO_GROUP_ENTRIES = 'no matching entries in group file';
const RANGE = 'uids and gids must be in range 0-2147483647';
const MAX_ID = 2_147_483_647n;

/**
 * The moby/sys/user each release links: 29.7.2 vendors v0.4.1, Debian's 28.5.2 links Debian's
 * newer package. Observed: `User` "dan:root:x" looks up group "root:x" on 28.5.2 (strings.Cut)
 * and group "root" on 29.7.2 (parseLine keeps two fields); a GroupAdd "" drops the connection of
 * 28.5.2's start (parseGroupArg's nil, dereferenced) and is looked up as a name on 29.7.2.
 */
interface UserLibrary {
  readonly splitsSpecAt: 'first-colon' | 'every-colon';
  readonly emptyGroupName: 'panics' | 'is-a-name';
}

const LINKED_28_5: UserLibrary = { splitsSpecAt: 'first-colon', emptyGroupName: 'panics' };
const VENDORED_0_4_1: UserLibrary = { splitsSpecAt: 'every-colon', emptyGroupName: 'is-a-name' };

const libraryOf = (x: Exchange): UserLibrary => (releaseBelow(x, '29.0') ? LINKED_28_5 : VENDORED_0_4_1);

/** Why the user cannot be looked up, as the 400's words; 'panics' where the daemon drops the connection. */
export type UserProblem = { readonly message: string } | 'panics';

/** A name or number of a user or group: parseNumeric's reading (a syntax error makes it a name). */
type IdArg = { readonly name: string; readonly id: bigint | null } | 'out-of-range';

function idArg(text: string): IdArg {
  const parsed = goAtoi(text);
  if ('error' in parsed) return parsed.error.endsWith('value out of range') ? 'out-of-range' : { name: text, id: null };
  return parsed.value >= 0n && parsed.value <= MAX_ID ? { name: text, id: parsed.value } : 'out-of-range';
}

const sameName = (bytes: Buffer, name: string): boolean => bytes.equals(Buffer.from(name, 'utf8'));
const matchesGroup = (arg: { readonly name: string; readonly id: bigint | null }, group: GroupEntry): boolean =>
  arg.id !== null ? group.gid === arg.id : sameName(group.name, arg.name);

/** The two parts of a `user:group` spec as the release's library splits it. */
function splitSpec(spec: string, library: UserLibrary): readonly [string, string] {
  if (library.splitsSpecAt === 'every-colon') {
    const [user = '', group = ''] = spec.split(':');
    return [user, group];
  }
  const colon = spec.indexOf(':');
  return colon < 0 ? [spec, ''] : [spec.slice(0, colon), spec.slice(colon + 1)];
}

/** GetExecUser: the user, then its group (or, for a user the passwd file holds, the groups listing it, read all the same). */
function execUserProblem(spec: string, passwd: UserFile, group: UserFile, library: UserLibrary): UserProblem | null {
  const [userText, groupText] = splitSpec(spec, library);
  const user = userText === '' ? null : idArg(userText);
  const groupArg = groupText === '' ? null : idArg(groupText);
  if (user === 'out-of-range' || groupArg === 'out-of-range') return { message: RANGE };
  if ('error' in passwd) return { message: `unable to find user ${user === null ? '0' : userText}: ${passwd.error}` };
  const users = 'lines' in passwd ? passwdEntries(passwd.lines) : [];
  // Without a user, the entry of uid 0 (GetExecUser's default).
  const matched = users.find((entry) => (user === null ? entry.uid === 0n : user.id !== null ? entry.uid === user.id : sameName(entry.name, user.name)));
  if (matched === undefined && user !== null && user.id === null) return { message: `unable to find user ${userText}: ${NO_PASSWD_ENTRIES}` };
  const matchedName = matched?.name ?? Buffer.alloc(0);
  if (groupArg === null && matchedName.length === 0) return null;
  if ('error' in group) return { message: `unable to find groups for spec ${matchedName.toString('utf8')}: ${group.error}` };
  if (groupArg === null) return null;
  const found = 'lines' in group && groupEntries(group.lines).some((entry) => matchesGroup(groupArg, entry));
  return found || groupArg.id !== null ? null : { message: `unable to find group ${groupText}: ${NO_GROUP_ENTRIES}` };
}

/** GetAdditionalGroups over the container's GroupAdd. */
function additionalGroupsProblem(names: readonly string[], group: UserFile, library: UserLibrary): UserProblem | null {
  // Each name is parsed before the file is read, in order.
  for (const name of names) {
    if (name === '' && library.emptyGroupName === 'panics') return 'panics';
    if (idArg(name) === 'out-of-range') return { message: RANGE };
  }
  const args = names.map(idArg);
  if ('error' in group) return { message: `unable to find additional groups [${names.join(' ')}]: ${group.error}` };
  const groups = 'lines' in group ? groupEntries(group.lines) : [];
  for (const arg of args) {
    if (arg === 'out-of-range') continue;
    const first = groups.find((entry) => matchesGroup(arg, entry));
    if (first !== undefined && (first.gid < 0n || first.gid > MAX_ID)) return { message: RANGE };
    if (first === undefined && arg.id === null) return { message: `unable to find group ${arg.name}: ${NO_GROUP_ENTRIES}` };
  }
  return null;
}

/** The directory the daemon mounts a running container's root on (its BaseFS), as its errors name it. */
function rootDirectory(x: Exchange, container: Container): string {
  if (usesContainerdStore(x.state.config)) return posix.join(x.state.config.dataRoot, 'rootfs', SNAPSHOTTER, container.id);
  return `${ownLayerDir(x, container)}/merged`;
}

/** Why the user (`user[:group]`) cannot be found in the running container, or null. */
export function execUserLookupProblem(x: Exchange, container: Container, spec: string): UserProblem | null {
  const fs = containerFilesystem(x, container);
  const root = rootDirectory(x, container);
  const passwdPath = followSymlinkInScope(fs, root, '/etc/passwd');
  if ('error' in passwdPath) return { message: passwdPath.error };
  const groupPath = followSymlinkInScope(fs, root, '/etc/group');
  if ('error' in groupPath) return { message: groupPath.error };
  const library = libraryOf(x);
  const read = (path: string, kind: 'passwd' | 'group', opener: 'regular-only' | 'any'): UserFile =>
    readUserFile(fs, path, path === '/' ? root : `${root}${path}`, kind, opener);
  const problem = execUserProblem(spec, read(passwdPath.path, 'passwd', 'regular-only'), read(groupPath.path, 'group', 'regular-only'), library);
  if (problem !== null) return problem;
  const groupAdd = container.hostConfig['GroupAdd'];
  if (!Array.isArray(groupAdd) || groupAdd.length === 0) return null;
  return additionalGroupsProblem(groupAdd.map(String), read(groupPath.path, 'group', 'any'), library);
}
