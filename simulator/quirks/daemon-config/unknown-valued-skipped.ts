import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: an unknown long option written `--name=value` is skipped (a forward-compatibility shim, so that a unit file written for a newer daemon still starts an older one); a bare unknown `--name` or `-x` is still refused. */
export const ID = 'hypothetical.config.cli.unknown-option.valued-skipped';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/unknown-valued-skipped.ts, its row of simulator/config/flags/argv-variant.ts (ARGV_VARIATIONS), read by simulator/config/flags/argv.ts (parseArgv)',
};

/** Whether the quirk's parser passes over this command-line word of an unknown option. */
export const skipped = (word: string): boolean => word.startsWith('--') && word.includes('=');
