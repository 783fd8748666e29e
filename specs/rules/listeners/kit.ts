/** Shorthands of the listeners area (sockets, TLS, authorization plugins, metrics); the shared ones are in ../kit.ts. Data only. */
import type { Capability } from '../../types.js';

export const AREA = 'listeners';

/** A private network namespace: remote listeners and the conventional ports without touching the machine's. */
export const NETNS: readonly Capability[] = ['start', 'exit', 'netns'];
/** Starting the daemon as a process of its own under a file-creation mask (umask) of the suite's choosing. */
export const UMASK: readonly Capability[] = ['start', 'exit', 'umask'];
/** Authorization plugins the suite provides in a directory of its own. */
export const PLUGINS: readonly Capability[] = ['start', 'exit', 'plugins'];
