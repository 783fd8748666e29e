import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: -G with a group number looks it up as a name, finds none and refuses the start. */
export const GID_AS_NAME = 'hypothetical.listen.unix.mode.gid-as-name';
export const gidAsName: QuirkModule = {
  where:
    'simulator/quirks/listeners/gid-as-name.ts, its row of simulator/listeners/socket-group-variant.ts (SOCKET_GROUP_VARIATIONS), read by simulator/listeners/socket-group.ts (resolveSocketGroup)',
};
