/** Shorthands for the rules of the reload area. Data only. */
import type { Capability } from '../../types.js';

export const AREA = 'reload';
export const LINUX = ['linux'] as const;
export const PROCESS = { platforms: LINUX, surface: 'daemon-process' } as const;

/** A daemon the suite started, reconfigured in place (file rewritten, SIGHUP) and its log read. */
export const RELOAD: readonly Capability[] = ['start', 'reload', 'logs'];

export const reloadDoc = (section: string, quote: string) => ({ kind: 'document', document: 'daemon.md', section, quote }) as const;
