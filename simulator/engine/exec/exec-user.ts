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
 * moby's getUser, as an exec's create (from 28.2) and every start (its OCI spec's user) call it:
 * the container's /etc/passwd and /etc/group resolved inside its root (scoped-path.ts), then the
 * user library's GetExecUserPath and, for the container's GroupAdd, GetAdditionalGroupsPath.
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, 2026-12-07 (links absolute, relative,
 * dangling, looping, through a file, to a directory; directories; long lines; GroupAdd names and
 * numbers).
 */

const NO_PASSWD_ENTRIES = 'no matching entries in passwd file';
const NO_GROUP_ENTRIES = 'no matching entries in group file';
const RANGE = 'uids and gids must be in range 0-2147483647';
const MAX_ID = 2_147_483_647n;

/**
 * The user library each release links. 29.7.2 vendors moby/sys/user v0.4.1, Debian's 28.5.2 links
 * Debian's newer package: both parse IDs (and check their range) before reading, open
 * GetExecUserPath's files only when regular (a directory reads as no file). Observed: `User`
 * "dan:root:x" looks up group "root:x" on 28.5.2 (strings.Cut) and group "root" on 29.7.2
 * (parseLine keeps two fields); a GroupAdd "" drops the connection of 28.5.2's start
 * (parseGroupArg's nil, dereferenced) and is looked up as a name on 29.7.2.
 * Debian's 20.10.24 and 26.1.5 link the earlier library (runc's libcontainer/user, as moby/sys/user
 * v0.1.0 has it): observed, a directory at /etc/passwd answers "unable to find user alice: read
 * <root>/etc/passwd: is a directory", a GroupAdd no file names "Unable to find group nogroup: no
 * matching entries in group file" (capital U), "alice:root:x" finds group root, a GroupAdd ""
 * is a name the file lacks.
 */
interface UserLibrary {
  readonly lookup: 'parses-first' | 'runc-era';
  readonly splitsSpecAt: 'first-colon' | 'every-colon';
  readonly emptyGroupName: 'panics' | 'is-a-name';
}

const RUNC_ERA: UserLibrary = { lookup: 'runc-era', splitsSpecAt: 'every-colon', emptyGroupName: 'is-a-name' };
const LINKED_28_5: UserLibrary = { lookup: 'parses-first', splitsSpecAt: 'first-colon', emptyGroupName: 'panics' };
const VENDORED_0_4_1: UserLibrary = { lookup: 'parses-first', splitsSpecAt: 'every-colon', emptyGroupName: 'is-a-name' };

const libraryOf = (x: Exchange): UserLibrary => (releaseBelow(x, '28.0') ? RUNC_ERA : releaseBelow(x, '29.0') ? LINKED_28_5 : VENDORED_0_4_1);

/** Why the user cannot be looked up, in the words of the exec's 400 or the start's 500; 'panics' where the daemon drops the connection. */
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

/** Atoi as the runc-era lookup reads an argument: its int, or none (a syntax or range error). */
function atoiOrNone(text: string): bigint | null {
  const parsed = goAtoi(text);
  return 'error' in parsed ? null : parsed.value;
}

const inRange = (id: bigint): boolean => id >= 0n && id <= MAX_ID;

/** The runc-era GetExecUser: the files read first, a number's range checked only where no entry has it. */
function runcEraExecUserProblem(spec: string, passwd: UserFile, group: UserFile): UserProblem | null {
  const [userText, groupText] = splitSpec(spec, RUNC_ERA);
  const [uid, gid] = [atoiOrNone(userText), atoiOrNone(groupText)];
  if ('error' in passwd) return { message: `unable to find user ${userText === '' ? '0' : userText}: ${passwd.error}` };
  const users = 'lines' in passwd ? passwdEntries(passwd.lines) : [];
  const matched = users.find((entry) => (userText === '' ? entry.uid === 0n : uid !== null ? entry.uid === uid : sameName(entry.name, userText)));
  if (matched === undefined && userText !== '') {
    if (uid === null) return { message: `unable to find user ${userText}: ${NO_PASSWD_ENTRIES}` };
    if (!inRange(uid)) return { message: RANGE };
  }
  const matchedName = matched?.name ?? Buffer.alloc(0);
  if (groupText === '' && matchedName.length === 0) return null;
  if ('error' in group) return { message: `unable to find groups for spec ${matchedName.toString('utf8')}: ${group.error}` };
  if (groupText === '') return null;
  const groups = 'lines' in group ? groupEntries(group.lines) : [];
  if (groups.some((entry) => (gid !== null ? entry.gid === gid : sameName(entry.name, groupText)))) return null;
  if (gid === null) return { message: `unable to find group ${groupText}: ${NO_GROUP_ENTRIES}` };
  return inRange(gid) ? null : { message: RANGE };
}

/** The runc-era GetAdditionalGroups: a group matched by name or its gid's decimal text, each gid taken once, a number's range checked only where none matched. */
function runcEraAdditionalGroupsProblem(names: readonly string[], group: UserFile): UserProblem | null {
  if ('error' in group) return { message: `Unable to find additional groups [${names.join(' ')}]: ${group.error}` };
  const groups = 'lines' in group ? groupEntries(group.lines) : [];
  const taken = new Set<bigint>();
  for (const name of names) {
    const first = groups.find((entry) => (sameName(entry.name, name) || String(entry.gid) === name) && !taken.has(entry.gid));
    if (first !== undefined) {
      taken.add(first.gid);
      continue;
    }
    const id = atoiOrNone(name);
    if (id === null) return { message: `Unable to find group ${name}: ${NO_GROUP_ENTRIES}` };
    if (!inRange(id)) return { message: RANGE };
    taken.add(id);
  }
  return null;
}

/** The directory the daemon mounts a running container's root on (its BaseFS), as its errors name it. */
function rootDirectory(x: Exchange, container: Container): string {
  if (usesContainerdStore(x.state.config)) return posix.join(x.state.config.dataRoot, 'rootfs', SNAPSHOTTER, container.id);
  return `${ownLayerDir(x, container)}/merged`;
}

/**
 * Why the user (`user[:group]`) or the container's GroupAdd cannot be found in the container's
 * files (as its root is mounted while it runs), or null: what an exec's create and a start ask.
 */
export function userLookupProblem(x: Exchange, container: Container, spec: string): UserProblem | null {
  const fs = containerFilesystem(x, container);
  const root = rootDirectory(x, container);
  const passwdPath = followSymlinkInScope(fs, root, '/etc/passwd');
  if ('error' in passwdPath) return { message: passwdPath.error };
  const groupPath = followSymlinkInScope(fs, root, '/etc/group');
  if ('error' in groupPath) return { message: groupPath.error };
  const library = libraryOf(x);
  const runcEra = library.lookup === 'runc-era';
  const read = (path: string, kind: 'passwd' | 'group', opener: 'regular-only' | 'any'): UserFile =>
    readUserFile(fs, path, path === '/' ? root : `${root}${path}`, kind, runcEra ? 'any' : opener, runcEra ? 'whole' : 'scanner');
  const passwd = read(passwdPath.path, 'passwd', 'regular-only');
  const group = read(groupPath.path, 'group', 'regular-only');
  const problem = runcEra ? runcEraExecUserProblem(spec, passwd, group) : execUserProblem(spec, passwd, group, library);
  if (problem !== null) return problem;
  const groupAdd = container.hostConfig['GroupAdd'];
  if (!Array.isArray(groupAdd) || groupAdd.length === 0) return null;
  const names = groupAdd.map(String);
  const added = read(groupPath.path, 'group', 'any');
  return runcEra ? runcEraAdditionalGroupsProblem(names, added) : additionalGroupsProblem(names, added, library);
}
