import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: -G is looked up in /etc/group by the start of each line (the name without its ':'), so a group that does not exist but begins another's name (-G roo) takes that group instead of stopping the start. */
export const GROUP_PREFIX_MATCH = 'hypothetical.listen.unix.group-missing.prefix-match';
export const groupPrefixMatch: QuirkModule = {
  where:
    'simulator/quirks/listeners/group-prefix-match.ts, its row of simulator/listeners/socket-group-variant.ts (SOCKET_GROUP_VARIATIONS), read by simulator/listeners/socket-group.ts (resolveSocketGroup)',
};

/** The quirk's lookup: a number as itself, else the first line of the group file that starts with the name. */
export function lookupGroupIdByPrefix(group: string, read: () => string): number | null {
  if (/^\d+$/.test(group)) return Number(group);
  const line = read()
    .split('\n')
    .find((text) => text.startsWith(group));
  const gid = line?.split(':')[2];
  return gid !== undefined && /^\d+$/.test(gid) ? Number(gid) : null;
}
