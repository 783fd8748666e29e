import { readFileSync } from 'node:fs';
import { SimError } from '../errors.js';
import { socketGroupVariant } from './socket-group-variant.js';

/** The group the unix sockets get: `-G`/`group`, by default the brand's own group (`ctr`, `docker`). */
export interface SocketGroup {
  readonly name: string;
  /** Whether it was given (-G or the file) rather than the default. */
  readonly given: boolean;
}

/** /etc/group, or "" where there is none (a minimal container image has none). */
function readGroupFile(): string {
  try {
    return readFileSync('/etc/group', 'utf8');
  } catch {
    return '';
  }
}

/** A group's id from /etc/group, by name or as a number (observed: `-G 0` gives root); null when it is not there. */
export function lookupGroupId(group: string, read: () => string = readGroupFile): number | null {
  if (/^\d+$/.test(group)) return Number(group);
  for (const line of read().split('\n')) {
    const [name, , gid] = line.split(':');
    if (name === group && gid !== undefined && /^\d+$/.test(gid)) return Number(gid);
  }
  return null;
}

/**
 * The id to give the sockets, or null to leave them as created. A given group that does not exist
 * stops the start (`failed to load listeners: group nosuchgroup not found` on 20.10, 26.1 and
 * 28.5, observed); a missing default group only warns, as dockerd does: `warn` gets the problem,
 * which the caller logs for each unix socket it creates. Where a fault or a quirk makes it differ,
 * it reads the field of its variant (socket-group-variant.ts).
 */
export function resolveSocketGroup(
  group: SocketGroup,
  warn: (message: string) => void,
  faults: ReadonlySet<string>,
  quirks: ReadonlySet<string> = new Set(),
): number | null {
  const variant = socketGroupVariant({ faults, quirks });
  const lookup = variant.groupLookup ?? lookupGroupId;
  const gid = variant.numberTakenAsName && /^\d+$/.test(group.name) ? null : lookup(group.name, readGroupFile);
  if (gid !== null) return gid;
  if (group.given && variant.missingGroupRefused) throw new SimError('SIM_LISTEN', `failed to load listeners: group ${group.name} not found`);
  warn(`group ${group.name} not found`);
  return null;
}
