import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a value option last on the line without its value is refused with the bare usage error `flag needs an argument`, which names no flag. */
export const ID = 'hypothetical.config.cli.value-required.flag-unnamed';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/value-unnamed.ts, its row of simulator/config/flags/argv-variant.ts (ARGV_VARIATIONS), read by simulator/config/flags/argv.ts (parseArgv)',
};

/** The usage error the quirk's parser gives for a value option without its value. */
export const MESSAGE = 'flag needs an argument';
