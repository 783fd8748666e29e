/** Shorthands for the rules of the listeners area (sockets, TLS, authorization plugins, metrics). Data only. */
import type { Capability, Rule } from '../../types.js';

export const AREA = 'listeners';
export const LINUX = ['linux'] as const;
export const BOTH = ['linux', 'windows'] as const;
export const TESTABLE = { testable: true } as const;
export const daemonDoc = (section: string, quote: string) => ({ kind: 'document', document: 'daemon.md', section, quote }) as const;
export const impl = (reference: string, observed?: string) =>
  observed === undefined ? ({ kind: 'implementation', reference } as const) : ({ kind: 'implementation', reference, observed } as const);
export const notTestable = (why: string) => ({ testable: false, why }) as const;

/** The daemon as a process: its listeners are what its flags make of them. */
export const PROCESS = { platforms: LINUX, surface: 'daemon-process' } as const;

/** Starting daemons of the suite's choosing, and seeing how those that refuse to serve ended. */
export const START: readonly Capability[] = ['start', 'exit'];
export const START_LOGS: readonly Capability[] = ['start', 'exit', 'logs'];
/** A private network namespace: remote listeners and the conventional ports without touching the machine's. */
export const NETNS: readonly Capability[] = ['start', 'exit', 'netns'];
/** Starting the daemon as a process of its own under a file-creation mask (umask) of the suite's choosing. */
export const UMASK: readonly Capability[] = ['start', 'exit', 'umask'];
/** Authorization plugins the suite provides in a directory of its own. */
export const PLUGINS: readonly Capability[] = ['start', 'exit', 'plugins'];

/** Keeps a rule's literal types (its id above all) while checking it is a Rule. */
export const rule = <const R extends Rule>(r: R): R => r;
