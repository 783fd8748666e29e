import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a switch followed by a word that parses as a bool takes that word as its value (`--debug false` is `--debug=false`); other positional words are still refused. */
export const ID = 'hypothetical.config.cli.positional.bool-word-taken';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/bool-word-taken.ts, its row of simulator/config/flags/argv-variant.ts (ARGV_VARIATIONS), read by simulator/config/flags/argv.ts (parseArgv)',
};

/** Whether the quirk's parser takes `word` as the value of the switch before it. */
export const isBoolWord = (word: string | undefined): word is string => word !== undefined && /^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(word);
