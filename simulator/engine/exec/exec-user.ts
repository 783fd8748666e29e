import type { Exchange } from '../../http/exchange.js';
import { containerFilesystem } from '../containers/container-fs.js';
import { goAtoi } from '../go-strconv.js';
import type { Container } from '../objects/index.js';

/**
 * moby's getUser at an exec's create (from 28.2): moby/sys/user's GetExecUserPath over the
 * container's /etc/passwd and /etc/group. A user or group given by number needs no entry; one given
 * by name must have one. Observed on 28.5.2 and 29.7.2 (the suite's busybox has neither file, so
 * every name is refused and every number taken).
 */

const NO_PASSWD_ENTRIES = 'no matching entries in passwd file';
const NO_GROUP_ENTRIES = 'no matching entries in group file';
const RANGE = 'uids and gids must be in range 0-2147483647';
const MAX_ID = 2_147_483_647n;

/** The lines of a colon-separated file of the container, as fields; null when it has none (a symlink is not followed here: 'unmodelled'). */
function fileFields(x: Exchange, container: Container, path: string): string[][] | null | 'unmodelled' {
  const entry = containerFilesystem(x, container).at(path);
  if (entry === undefined) return null;
  if (entry.type !== 'file') return 'unmodelled';
  return entry.content
    .toString('utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(':'));
}

/** A number as strconv.Atoi reads it (one beyond int64 as out of range: -1), or null. */
const numberOf = (text: string): bigint | null => {
  const parsed = goAtoi(text);
  if (!('error' in parsed)) return parsed.value;
  return parsed.error.endsWith('value out of range') ? -1n : null;
};

const inRange = (id: bigint): boolean => id >= 0n && id <= MAX_ID;

/** Why the user (`user[:group]`) cannot be found in the container, or null; 'unmodelled' for what is not read here. */
export function execUserProblem(x: Exchange, container: Container, spec: string): string | null | 'unmodelled' {
  const [userArg = '', groupArg = ''] = spec.split(':');
  const uid = numberOf(userArg);
  const passwd = fileFields(x, container, '/etc/passwd');
  if (passwd === 'unmodelled') return 'unmodelled';
  const matched = (passwd ?? []).find((fields) => (uid !== null ? numberOf(fields[2] ?? '') === uid : fields[0] === userArg));
  if (matched === undefined) {
    if (uid === null) return `unable to find user ${userArg}: ${NO_PASSWD_ENTRIES}`;
    if (!inRange(uid)) return RANGE;
  }
  // The container's additional groups are looked up by name too: not modelled.
  const groupAdd = container.hostConfig['GroupAdd'];
  if (Array.isArray(groupAdd) && groupAdd.some((name) => numberOf(String(name)) === null)) return 'unmodelled';
  if (groupArg === '') return null;
  const gid = numberOf(groupArg);
  const group = fileFields(x, container, '/etc/group');
  if (group === 'unmodelled') return 'unmodelled';
  const found = (group ?? []).some((fields) => (gid !== null ? numberOf(fields[2] ?? '') === gid : fields[0] === groupArg));
  if (found) return null;
  if (gid === null) return `unable to find group ${groupArg}: ${NO_GROUP_ENTRIES}`;
  return inRange(gid) ? null : RANGE;
}
