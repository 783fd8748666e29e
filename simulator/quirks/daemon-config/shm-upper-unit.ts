import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: --default-shm-size parses its value with a hand-written pattern, a number and one upper-case unit letter (`64M`, `1G`): lower-case units (`64m`, `512k`) and the binary spellings (`64MiB`), which the file takes, are refused on the command line. */
export const ID = 'hypothetical.config.cli.options.release.shm-upper-unit-only';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/shm-upper-unit.ts, its row of simulator/config/file/flag-values-variant.ts (FLAG_VALUES_VARIATIONS), read by simulator/config/file/flag-values.ts (problemOf)',
};

/** Why the quirk's flag parser refuses a --default-shm-size value, or null. */
export const upperUnitProblem = (value: string): string | null => (/^\d+[KMGT]?$/.test(value) ? null : `invalid size: '${value}'`);
