import type { VariationRow } from '../faults/variant-table.js';
import { perConfigVariant } from '../faults/variant-table.js';

/**
 * What choosing the unix sockets' group (socket-group.ts: resolveSocketGroup) may do differently
 * from the document. REFERENCE_SOCKET_GROUP is the document's; each fault and quirk that changes it
 * is one row of SOCKET_GROUP_VARIATIONS.
 */
export interface SocketGroupVariant {
  /** How a group is looked up in the group file `read` gives (undefined: by its name or number, socket-group.ts's lookupGroupId). */
  readonly groupLookup: ((group: string, read: () => string) => number | null) | undefined;
  /** A group given as a number is looked up as a name, and found nowhere. */
  readonly numberTakenAsName: boolean;
  /** A given group that does not exist stops the start. */
  readonly missingGroupRefused: boolean;
}

/** The document's group. */
export const REFERENCE_SOCKET_GROUP: SocketGroupVariant = Object.freeze({
  groupLookup: undefined,
  numberTakenAsName: false,
  missingGroupRefused: true,
});

/**
 * Quirk hypothetical.listen.unix.group-missing.prefix-match's lookup: a number as itself, else the
 * first line of the group file that starts with the name (without its ':').
 */
function lookupGroupIdByPrefix(group: string, read: () => string): number | null {
  if (/^\d+$/.test(group)) return Number(group);
  const line = read()
    .split('\n')
    .find((text) => text.startsWith(group));
  const gid = line?.split(':')[2];
  return gid !== undefined && /^\d+$/.test(gid) ? Number(gid) : null;
}

/** Each fault and quirk of the group, and what it sets (no field is set by two rows). */
export const SOCKET_GROUP_VARIATIONS: readonly VariationRow<SocketGroupVariant>[] = [
  // Quirks (specs/quirks/listeners.ts).
  // A group that does not exist but begins another's name (-G roo) takes that group.
  ['hypothetical.listen.unix.group-missing.prefix-match', { groupLookup: lookupGroupIdByPrefix }],
  // -G with a group number looks it up as a name, finds none and refuses the start.
  ['hypothetical.listen.unix.mode.gid-as-name', { numberTakenAsName: true }],
  // Faults: the smallest change under which the rule, and only it, fails. A missing group is ignored.
  ['listen.unix.group-missing', { missingGroupRefused: false }],
];

/** The sockets' group of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const socketGroupVariant = perConfigVariant(REFERENCE_SOCKET_GROUP, SOCKET_GROUP_VARIATIONS);
