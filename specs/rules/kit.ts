/** Shorthands every rule area writes its rules with, written once. Data only. */
import type { Capability, Rule } from '../types.js';

export const LINUX = ['linux'] as const;
export const BOTH = ['linux', 'windows'] as const;

/** The daemon as a process on Linux: what its flags, files and signals make of it. */
export const PROCESS = { platforms: LINUX, surface: 'daemon-process' } as const;

export const TESTABLE = { testable: true } as const;
export const notTestable = (why: string) => ({ testable: false, why }) as const;

/** A section of daemon.md and the words of it a rule reads. */
export const daemonDoc = (section: string, quote: string) => ({ kind: 'document', document: 'daemon.md', section, quote }) as const;
/** The real implementation's code a rule reads (and, where it was run, what it was seen to do). */
export const impl = (reference: string, observed?: string) =>
  observed === undefined ? ({ kind: 'implementation', reference } as const) : ({ kind: 'implementation', reference, observed } as const);

/** Nothing beyond sending requests. */
export const NONE: readonly Capability[] = [];
/** Starting daemons of the suite's choosing, and seeing how those that refuse to serve ended. */
export const START: readonly Capability[] = ['start', 'exit'];
export const START_LOGS: readonly Capability[] = ['start', 'exit', 'logs'];

/** Keeps a rule's literal types (its id above all) while checking it is a Rule. */
export const rule = <const R extends Rule>(r: R): R => r;
