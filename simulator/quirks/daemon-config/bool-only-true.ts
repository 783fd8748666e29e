import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a switch given `--name=value` compares the value with the word `true`: every other word turns it off, `1`, `t`, `T`, `TRUE`, `True` and words that are no bool alike (`--debug` and `--debug=true`/`false` work). */
export const ID = 'hypothetical.config.cli.bool-forms.only-true';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/bool-only-true.ts, its row of simulator/config/flags/argv-variant.ts (ARGV_VARIATIONS), read by simulator/config/flags/argv.ts (parseArgv)',
};

/** A switch's `=value` as the quirk reads it. */
export const parse = (raw: string): boolean => raw === 'true';
