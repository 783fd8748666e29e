import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: --default-ulimit does not look its limit name up: an unknown name is accepted (and set nothing). */
export const ID = 'hypothetical.config.ulimits.default.unknown-name-accepted';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/ulimit-unknown-name.ts, called from simulator/config/file/flag-values.ts (default-ulimit)',
};

/** Whether the flag parser's problem is one the quirk lets pass. */
export const unknownNameAccepted = (problem: string, quirks: ReadonlySet<string>): boolean => quirks.has(ID) && problem.startsWith('invalid ulimit type:');
